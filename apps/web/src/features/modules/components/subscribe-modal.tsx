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

export const UPGRADE_FOR_COACHING_MESSAGE =
  'Feedback from a human coach comes with the coaching plan: about 5 coaching sessions a month. Upgrade to send your final assessment to a coach.';

/**
 * spec: learning §4 Feedback lesson state 2, §6 — a learner without coaching on their plan opens
 * the feedback: subscribed on the app-only plan, the upgrade; not subscribed, the subscribe modal.
 */
export function UpgradeModal({
  opened,
  isSubscribed,
  onClose,
}: {
  opened: boolean;
  isSubscribed: boolean;
  onClose: () => void;
}) {
  if (!isSubscribed) return <SubscribeModal opened={opened} onClose={onClose} />;
  return (
    <NoticeModal
      opened={opened}
      onClose={onClose}
      title="Upgrade for coach feedback"
      message={UPGRADE_FOR_COACHING_MESSAGE}
      actions={
        <>
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <Button component={Link} to="/subscription">
            Upgrade Now
          </Button>
        </>
      }
    />
  );
}
