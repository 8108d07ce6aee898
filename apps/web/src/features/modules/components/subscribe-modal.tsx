import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { NoticeModal } from './notice-modal';

/** spec: learning §4 — modules with is_unlocked false show a subscribe-to-unlock modal. */
export function SubscribeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <NoticeModal
      opened={opened}
      onClose={onClose}
      title="Subscribe to unlock"
      message="This module is part of the full course. Subscribe to unlock every module, lesson and AI feedback."
      actions={
        <>
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <Button component={Link} to="/subscription">
            Subscribe
          </Button>
        </>
      }
    />
  );
}
