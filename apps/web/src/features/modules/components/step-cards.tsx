import type { ReactNode } from 'react';
import { Button, Group, Image, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { ScoreRing } from './score-ring';

/** spec: learning §2 Lesson player — an intro card (icon, message, 'Start'). */
export function IntroCard({
  title,
  message,
  iconUrl,
  onStart,
}: {
  title: string;
  message: string;
  iconUrl: string | null;
  onStart: () => void;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} mx="auto" w="100%">
      <Stack align="center" gap="md" ta="center">
        {iconUrl ? (
          <Image src={iconUrl} alt="" w={72} h={72} fit="contain" />
        ) : (
          <ThemeIcon size={72} radius="xl" variant="light">
            <IconSchool size={40} aria-hidden />
          </ThemeIcon>
        )}
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text>{message}</Text>
        <Button size="lg" onClick={onStart} miw={180}>
          Start
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * spec: learning §2 Lesson player — a result card: title, score ring, message, 'Go Ahead',
 * and optionally 'Back to Home', 'Skip' and 'Upgrade Now'.
 */
export function ResultCard({
  title,
  message,
  score,
  children,
}: {
  title: string;
  message: string;
  /** The ring; absent while the score loads or when there is none. */
  score: { value: number; max: number; label: string } | null;
  /** The buttons. */
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} mx="auto" w="100%">
      <Stack align="center" gap="md" ta="center">
        <Title order={2} size="h3">
          {title}
        </Title>
        {score && <ScoreRing score={score.value} max={score.max} label={score.label} />}
        {message && <Text>{message}</Text>}
        <Group justify="center" gap="sm" wrap="wrap">
          {children}
        </Group>
      </Stack>
    </Paper>
  );
}
