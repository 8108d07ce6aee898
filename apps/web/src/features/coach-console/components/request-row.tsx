import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { FEEDBACK_OVERDUE_HOURS, type CoachQueueItem } from '@clearspeak/contract';
import { formatWaiting } from '../lib/time-words';

export const FLUENCY_ASSESSMENT_TITLE = 'Fluency assessment';

export function requestTitle(item: Pick<CoachQueueItem, 'kind' | 'title'>): string {
  return item.kind === 'initial_assessment' ? FLUENCY_ASSESSMENT_TITLE : item.title;
}

export function recordingCount(count: number): string {
  return count === 1 ? '1 recording' : `${count} recordings`;
}

/** One request in a queue list: who, what, how long it has waited, and the row's action. */
export function RequestRow({ item, action }: { item: CoachQueueItem; action: ReactNode }) {
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={`${item.learner_name}, ${requestTitle(item)}`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
          <Text fw={650} truncate>
            {item.learner_name}
          </Text>
          <Text size="sm" c="gray.7" truncate>
            {requestTitle(item)} · {recordingCount(item.item_count)}
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap" justify="flex-end" style={{ flex: '0 0 auto' }}>
          <Group gap={6} wrap="nowrap">
            {item.is_overdue && (
              <Badge color="red" variant="filled" title={`Waiting longer than ${FEEDBACK_OVERDUE_HOURS} hours`}>
                Over {FEEDBACK_OVERDUE_HOURS} h
              </Badge>
            )}
            <Text size="sm" c={item.is_overdue ? 'red.8' : 'gray.7'} fw={item.is_overdue ? 600 : 400} style={{ whiteSpace: 'nowrap' }}>
              <IconClockHour4 size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
              Waiting {formatWaiting(item.waiting_minutes)}
            </Text>
          </Group>
          {action}
        </Group>
      </Group>
    </Paper>
  );
}
