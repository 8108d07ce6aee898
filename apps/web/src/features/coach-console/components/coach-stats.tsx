import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { z } from 'zod';
import type { CoachStatsSchema } from '@clearspeak/contract';
import { formatAverageMinutes } from '../lib/time-words';

type CoachStats = z.infer<typeof CoachStatsSchema>;

/** The coach's own counts (issue 5: "the console shows the coach their own counts"). */
export function CoachStatsRow({ stats }: { stats: CoachStats }) {
  const cells = [
    { label: 'Waiting in queue', value: String(stats.pending_total) },
    { label: 'In progress (you)', value: String(stats.in_progress) },
    { label: 'Answered, last 7 days', value: String(stats.answered_last_7_days) },
    { label: 'Answered in total', value: String(stats.answered_total) },
    { label: 'Average time per review', value: formatAverageMinutes(stats.average_minutes) },
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" aria-label="Your numbers" m={0}>
      {cells.map((cell) => (
        <Paper key={cell.label} withBorder p="sm" radius="md">
          <Text component="dt" size="xs" c="gray.7" fw={600} tt="uppercase">
            {cell.label}
          </Text>
          <Text component="dd" m={0} fz={22} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {cell.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
