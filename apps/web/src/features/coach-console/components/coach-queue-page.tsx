import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { FEEDBACK_MESSAGES, type CoachQueueItem } from '@clearspeak/contract';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ApiError, errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useClaimRequest } from '../api/claim-request';
import { QUEUE_REFRESH_MS, useCoachQueue } from '../api/get-coach-queue';
import { CoachStatsRow } from './coach-stats';
import { RequestRow } from './request-row';

export const EMPTY_QUEUE_TEXT = 'No requests are waiting. New ones appear here by themselves.';

/** Oldest first, whatever order the list came in: the longest wait is answered first. */
export function oldestFirst(items: readonly CoachQueueItem[]): CoachQueueItem[] {
  return [...items].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
}

function claimErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return FEEDBACK_MESSAGES.claimedByOther;
  return errorMessage(error);
}

function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** `/coach`: the queue of feedback requests, the coach's reviews in progress, their counts. */
export function CoachQueuePage() {
  useDocumentTitle('Coach queue');
  const navigate = useNavigate();
  const queue = useCoachQueue();
  const claim = useClaimRequest();
  const [claimError, setClaimError] = useState<string | null>(null);
  // Only a refresh the coach asked for spins the button; the 30 s ones stay quiet.
  const [isRefreshing, setRefreshing] = useState(false);

  function claimRequest(id: number) {
    setClaimError(null);
    claim.mutate(id, {
      onSuccess: () => void navigate(`/coach/requests/${id}`),
      onError: (error) => setClaimError(claimErrorMessage(error)),
    });
  }

  const refreshSeconds = Math.round(QUEUE_REFRESH_MS / 1000);

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <Title order={1} size="h2">
            Feedback queue
          </Title>
          <Group gap="xs" wrap="nowrap">
            {queue.dataUpdatedAt > 0 && (
              <Text size="xs" c="gray.7">
                Updated {formatTime(queue.dataUpdatedAt)} · every {refreshSeconds} s
              </Text>
            )}
            <Button
              variant="default"
              size="sm"
              mih={40}
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={isRefreshing}
              onClick={() => {
                setRefreshing(true);
                void queue.refetch().finally(() => setRefreshing(false));
              }}
            >
              Refresh
            </Button>
          </Group>
        </Group>

        {claimError && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setClaimError(null)}>
            {claimError}
          </Alert>
        )}

        {queue.isPending && <CenteredLoader label="Loading the queue" />}
        {queue.isError && !queue.data && (
          <Stack gap="sm" align="flex-start">
            <ErrorAlert message={errorMessage(queue.error)} />
            <Button variant="default" onClick={() => void queue.refetch()}>
              Try again
            </Button>
          </Stack>
        )}

        {queue.data && (
          <>
            <CoachStatsRow stats={queue.data.stats} />

            <Stack gap="xs" component="section" aria-labelledby="coach-mine-heading">
              <Title order={2} size="h4" id="coach-mine-heading">
                My reviews in progress
              </Title>
              {queue.data.mine.length === 0 ? (
                <Text c="gray.7" size="sm">
                  None. Claim a request below to start a review.
                </Text>
              ) : (
                <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                  {oldestFirst(queue.data.mine).map((item) => (
                    <RequestRow
                      key={item.id}
                      item={item}
                      action={
                        <Button component={Link} to={`/coach/requests/${item.id}`} variant="light">
                          Continue
                        </Button>
                      }
                    />
                  ))}
                </Stack>
              )}
            </Stack>

            <Stack gap="xs" component="section" aria-labelledby="coach-pending-heading">
              <Title order={2} size="h4" id="coach-pending-heading">
                Waiting for a coach ({queue.data.pending.length})
              </Title>
              {queue.data.pending.length === 0 ? (
                <Text c="gray.7">{EMPTY_QUEUE_TEXT}</Text>
              ) : (
                <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                  {oldestFirst(queue.data.pending).map((item) => (
                    <RequestRow
                      key={item.id}
                      item={item}
                      action={
                        item.status === 'claimed' && !item.claimed_by_me ? (
                          <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                            Taken by {item.claimed_by_name ?? 'another coach'}
                          </Text>
                        ) : (
                          <Button
                            onClick={() => claimRequest(item.id)}
                            loading={claim.isPending && claim.variables === item.id}
                            disabled={claim.isPending && claim.variables !== item.id}
                          >
                            Claim
                          </Button>
                        )
                      }
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}
