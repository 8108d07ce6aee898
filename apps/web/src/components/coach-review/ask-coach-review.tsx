import { useState } from 'react';
import { Alert, Button, Flex, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCircleCheck, IconMessageCircle } from '@tabler/icons-react';
import { MESSAGES } from '@clearspeak/contract';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ApiError, errorMessage } from '@/lib/api';
import { creditInfoQuery, isCoachingLimit, useCoachReviewSent, useRequestCoachReview } from './api';
import { CoachingLimitDialog } from './coaching-limit-dialog';

export const ASK_COACH_REVIEW = 'Ask a coach to review my assessment';
export const USES_A_SESSION = 'This uses one of your coaching sessions.';
export const SENT_TO_COACH =
  'Sent to your coach. You will get a notification when the feedback is ready.';

/**
 * The offer to have a human coach review the fluency assessment (issue 6: with a coaching plan
 * the learner may request `initial-assessment-coach-feedback`). Shown with a with_feedback plan
 * (GET /user-credit-info); asks first, since it takes a coaching session; on `coaching_limit`
 * shows 'Coaching limit reached' with the server's messages (learning §8). Once sent it says so
 * instead of offering again.
 */
export function AskCoachReview({ assessmentId }: { assessmentId: number }) {
  const queryClient = useQueryClient();
  const credit = useQuery(creditInfoQuery);
  const isSent = useCoachReviewSent(assessmentId);
  const request = useRequestCoachReview(assessmentId);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [limitMessages, setLimitMessages] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (isSent) {
    return (
      <Alert
        color="green"
        variant="light"
        role="status"
        icon={<IconCircleCheck size={20} aria-hidden />}
      >
        {SENT_TO_COACH}
      </Alert>
    );
  }
  if (!credit.data?.is_with_feedback) return null;

  const onSend = () => {
    setError(null);
    request.mutate(undefined, {
      onSuccess: () => setConfirmOpen(false),
      onError: async (caught) => {
        setConfirmOpen(false);
        if (!isCoachingLimit(caught)) {
          setError(errorMessage(caught));
          return;
        }
        // The credit info carries the server's texts for this case (learning §7, §8).
        const fresh = await queryClient
          .fetchQuery({ ...creditInfoQuery, staleTime: 0 })
          .catch(() => null);
        // The refusal's own text, unless the client had to stand in its generic one.
        const fromError =
          caught instanceof ApiError && caught.message && caught.message !== MESSAGES.generic
            ? [caught.message]
            : [];
        setLimitMessages(fresh && fresh.messages.length > 0 ? fresh.messages : fromError);
      },
    });
  };

  const remaining = credit.data.is_coach_credit_enable
    ? credit.data.remaining_coaching_credit
    : null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="Coach review">
      <Stack gap="sm">
        <Text>
          Want a person’s ear on it? A ClearSpeak coach listens to your recordings and sends you
          feedback.
        </Text>
        {error && <ErrorAlert message={error} />}
        <Group>
          <Button
            variant="light"
            leftSection={<IconMessageCircle size={18} aria-hidden />}
            onClick={() => setConfirmOpen(true)}
            // On a 390 px phone the label does not fit one line: it wraps instead of being cut.
            h="auto"
            mih={42}
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } }}
          >
            {ASK_COACH_REVIEW}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={isConfirmOpen}
        onClose={() => setConfirmOpen(false)}
        title="Ask a coach"
        centered
      >
        <Stack gap="md">
          <Text>{USES_A_SESSION}</Text>
          {remaining !== null && (
            <Text size="sm" c="gray.7">
              You have {remaining} coaching {remaining === 1 ? 'session' : 'sessions'} left.
            </Text>
          )}
          {/* Phone: full-width buttons, the action on top (side by side they wrapped onto two
              ragged rows); wider: side by side on the right. */}
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmOpen(false)}>
              Cancel
            </Button>
            <Button onClick={onSend} loading={request.isPending}>
              Send to my coach
            </Button>
          </Flex>
        </Stack>
      </Modal>
      <CoachingLimitDialog
        opened={limitMessages !== null}
        messages={limitMessages ?? []}
        onClose={() => setLimitMessages(null)}
      />
    </Paper>
  );
}
