import { useMemo, type ReactNode } from 'react';
import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { CoachRequestDetail } from '@clearspeak/contract';
import { assessmentNotice, assessmentRegions } from '../lib/error-map';
import { ErrorMapWaveform } from './error-map-waveform';

type Item = CoachRequestDetail['items'][number];

function ScoreBadges({ assessment }: { assessment: Item['assessment'] }) {
  if (!assessment || assessment.status !== 'scored') return null;
  const scores = [
    { label: 'Overall', value: assessment.total },
    { label: 'Accuracy', value: assessment.accuracy },
    { label: 'Fluency', value: assessment.fluency },
    { label: 'Prosody', value: assessment.prosody },
  ].filter((score): score is { label: string; value: number } => score.value !== null);
  return (
    <Group gap={6} wrap="wrap" aria-label="Engine scores" role="group">
      {scores.map((score) => (
        <Badge key={score.label} variant="light" color="gray" radius="sm" tt="none" fw={600}>
          {score.label} {Math.round(score.value)}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * One learner recording: the prompt, the waveform with the engine's error map, and below it
 * whatever the page puts in `children` (the coach's reply, or the reply already sent).
 */
export function RequestItemCard({ item, index, children }: { item: Item; index: number; children: ReactNode }) {
  const regions = useMemo(() => assessmentRegions(item.assessment, item.duration_ms), [item.assessment, item.duration_ms]);
  const notice = assessmentNotice(item.assessment, regions.length);
  const label = `recording ${index + 1}`;
  const headingId = `coach-item-${item.id}`;
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0} miw={0} style={{ flex: '1 1 260px' }}>
            <Text size="xs" c="gray.7" fw={700} tt="uppercase">
              Recording {index + 1}
            </Text>
            <Title order={3} size="h4" id={headingId} fw={600}>
              “{item.title}”
            </Title>
          </Stack>
          <ScoreBadges assessment={item.assessment} />
        </Group>
        {notice && (
          <Alert color={item.assessment?.status === 'scored' ? 'brand' : 'gray'} variant="light" icon={<IconInfoCircle aria-hidden />} p="xs" role="note">
            {notice}
          </Alert>
        )}
        <ErrorMapWaveform
          recordingUrl={item.recording_url}
          durationMs={item.duration_ms}
          regions={regions}
          words={item.assessment?.status === 'scored' ? item.assessment.words : []}
          label={label}
        />
        {children}
      </Stack>
    </Paper>
  );
}
