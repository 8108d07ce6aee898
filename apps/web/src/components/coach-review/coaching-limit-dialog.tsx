import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { COACHING_LIMIT_MESSAGE } from '@clearspeak/contract';

export const COACHING_LIMIT_TITLE = 'Coaching limit reached';

/**
 * spec: learning §8 Coaching limit — 'Coaching limit reached' with the server's messages, or
 * the default text when there are none; OK calls `onClose` (the player returns to the module).
 */
export function CoachingLimitDialog({
  opened,
  messages,
  onClose,
}: {
  opened: boolean;
  messages: readonly string[];
  onClose: () => void;
}) {
  const texts = [...new Set(messages.map((m) => m.trim()).filter((m) => m !== ''))];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={COACHING_LIMIT_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {(texts.length > 0 ? texts : [COACHING_LIMIT_MESSAGE]).map((text) => (
          <Text key={text}>{text}</Text>
        ))}
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
