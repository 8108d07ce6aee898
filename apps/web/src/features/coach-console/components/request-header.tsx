import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconClockHour4 } from '@tabler/icons-react';
import { COACH_CLAIM_EXPIRY_HOURS, FEEDBACK_OVERDUE_HOURS, type CoachRequestDetail } from '@clearspeak/contract';
import { formatClock, formatWaiting, reviewSeconds } from '../lib/time-words';
import { recordingCount, requestTitle } from './request-row';

/** Re-renders every `intervalMs` with the current time. */
function useNow(intervalMs: number, isRunning: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, isRunning]);
  return now;
}

/** Who and what is being reviewed, how long it waited, and the time spent on the review. */
export function RequestHeader({
  request,
  actions,
}: {
  request: CoachRequestDetail;
  actions?: ReactNode;
}) {
  const isRunning = request.status === 'claimed';
  const now = useNow(1000, isRunning);
  const language = request.learner.native_language;
  return (
    <Stack gap={4}>
      {/* On a phone the brand is the header's only other way back (UX review): a plain link,
          42 px tall (Button size md), kept on every review, claimed or answered. */}
      <Button
        component={Link}
        to="/coach"
        variant="subtle"
        size="md"
        px="xs"
        ml="calc(var(--mantine-spacing-xs) * -1)"
        leftSection={<IconArrowLeft size={18} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        Back to the queue
      </Button>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 320px' }}>
          <Title order={1} size="h2">
            {request.learner.name}
          </Title>
          <Text c="gray.8">
            {requestTitle(request)} · {recordingCount(request.item_count)}
            {language ? ` · speaks ${language}` : ''}
          </Text>
          <Group gap="xs" wrap="wrap">
            {request.status === 'answered' ? (
              <Badge color="brand" variant="light">
                Answered
              </Badge>
            ) : request.status === 'cleared' ? (
              <Badge color="gray" variant="light">
                Cleared by the learner
              </Badge>
            ) : (
              <>
                {request.is_overdue && (
                  <Badge color="red" variant="filled">
                    Over {FEEDBACK_OVERDUE_HOURS} h
                  </Badge>
                )}
                <Text size="sm" c={request.is_overdue ? 'red.8' : 'gray.7'}>
                  Waiting {formatWaiting(request.waiting_minutes)}
                </Text>
              </>
            )}
            <Text size="sm" c="gray.7" aria-live="off">
              <IconClockHour4 size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
              Time on this review:{' '}
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatClock(reviewSeconds(request, now))}
              </span>
            </Text>
          </Group>
          {isRunning && (
            <Text size="xs" c="gray.7">
              This request is yours for {COACH_CLAIM_EXPIRY_HOURS} hours from your claim; unsent, it then goes back to
              the queue. Your recorded replies are saved as you go.
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
    </Stack>
  );
}
