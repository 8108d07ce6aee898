import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** A small dialog with a message and an OK button (spec: learning §8 dialogs and alerts). */
export function NoticeModal({
  opened,
  title,
  message,
  onClose,
  actions,
}: {
  opened: boolean;
  title: string;
  message: string;
  onClose: () => void;
  /** Replaces the OK button. */
  actions?: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          {actions ?? <Button onClick={onClose}>OK</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}

// spec: learning §4 Lesson access / §8 Locked lesson.
export const LOCKED_LESSON_MESSAGE = 'Please complete the previous lesson to unlock this lesson';
