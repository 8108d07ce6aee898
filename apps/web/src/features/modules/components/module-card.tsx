import { Link } from 'react-router';
import { Group, Image, Paper, RingProgress, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconHourglassHigh, IconLock } from '@tabler/icons-react';
import type { ModuleCard as ModuleCardData } from '@clearspeak/contract';
import { useSession } from '@/lib/session';
import { moduleScoreTone, toneColor } from '../lib/scores';

/** spec: learning §2 Module card — the sand-clock: progress 100 on a feedback plan, feedback pending. */
export function showsFeedbackPending(module: ModuleCardData, isWithFeedback: boolean): boolean {
  return module.is_feedback_pending && module.user_progress >= 100 && isWithFeedback;
}

/**
 * One module in the list (spec: learning §2 Module list): icon, title, sub_title, progress
 * ring 0–100; on the right the score when above 0 (coloured by §4), 'Results' when feedback
 * is available, a sand-clock while it is pending.
 */
export function ModuleCard({
  module,
  isLocked,
  onOpen,
}: {
  module: ModuleCardData;
  isLocked: boolean;
  onOpen: (module: ModuleCardData) => void;
}) {
  const { session } = useSession();
  const progressPct = Math.max(0, Math.min(100, module.user_progress));
  const tone = moduleScoreTone(module.score);
  return (
    <Paper withBorder radius="lg" p="sm" component="article" aria-label={module.title}>
      <Group wrap="nowrap" gap="sm" align="center">
        <UnstyledButton
          onClick={() => onOpen(module)}
          aria-label={isLocked ? `${module.title} (locked)` : `Open ${module.title}`}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group wrap="nowrap" gap="sm">
            <Image src={module.icon_url} alt="" w={48} h={48} radius="md" fit="contain" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} lineClamp={2}>
                {module.title}
              </Text>
              <Text size="sm" c="gray.7" lineClamp={2}>
                {module.sub_title}
              </Text>
            </Stack>
          </Group>
        </UnstyledButton>
        <Group gap="xs" wrap="nowrap">
          {isLocked && (
            <ThemeIcon variant="light" color="gray" radius="xl" aria-label="Locked" role="img">
              <IconLock size={16} aria-hidden />
            </ThemeIcon>
          )}
          {showsFeedbackPending(module, session?.user.isWithFeedback ?? false) && (
            <ThemeIcon
              variant="light"
              color="yellow"
              radius="xl"
              role="img"
              aria-label="Feedback pending"
            >
              <IconHourglassHigh size={16} aria-hidden />
            </ThemeIcon>
          )}
          {module.is_feed_back_avilable && (
            <Text
              component={Link}
              to={`/modules/${module.id}/feedback`}
              size="sm"
              fw={600}
              c="brand.7"
            >
              Results
            </Text>
          )}
          {module.score > 0 && (
            <Text
              fw={700}
              data-tone={tone}
              style={{ color: toneColor(tone) }}
              aria-label={`Score ${module.score}`}
            >
              {module.score}
            </Text>
          )}
          <RingProgress
            size={44}
            thickness={4}
            // Round caps draw a dot at 0 %, which reads as progress.
            roundCaps={progressPct > 0}
            role="progressbar"
            aria-label={`${module.title} progress`}
            aria-valuenow={progressPct}
            aria-valuemin={0}
            aria-valuemax={100}
            sections={[{ value: progressPct, color: 'brand' }]}
            label={
              <Text size="xs" ta="center" aria-hidden>
                {Math.round(progressPct)}
              </Text>
            }
          />
        </Group>
      </Group>
    </Paper>
  );
}
