import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconHourglassHigh, IconSend } from '@tabler/icons-react';
import { FEEDBACK_MESSAGES, MESSAGES, type FeedbackState } from '@clearspeak/contract';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { isCoachingLimit, useFeedbackStatus, useRequestFeedback } from '../api/coaching';
import { CoachingLimitDialog } from '@/components/coach-review';
import { NoticeModal } from './notice-modal';
import { UpgradeModal } from './subscribe-modal';

export const FEEDBACK_SECTION_TITLE = 'Human Coaching and Feedback';
export const FINAL_INCOMPLETE_TITLE = 'Final assessment';

const BADGES: Record<FeedbackState, { label: string; color: string }> = {
  available: { label: 'Ready', color: 'green' },
  upgrade: { label: 'Coaching plan', color: 'grape' },
  final_incomplete: { label: 'Not yet', color: 'gray' },
  preparing: { label: 'In progress', color: 'yellow' },
  not_requested: { label: 'Not sent', color: 'brand' },
};

function describe(state: FeedbackState, options: { isSample: boolean; isIntro: boolean }): string {
  switch (state) {
    case 'available':
      return options.isSample
        ? 'See what a coach tells a learner: a sample of real coach feedback.'
        : 'Your coach’s feedback is ready.';
    case 'preparing':
      return FEEDBACK_MESSAGES.preparing;
    case 'not_requested':
      return 'Your final assessment is done. Send it to your coach for audio feedback.';
    case 'final_incomplete':
      return options.isIntro
        ? 'Complete every lesson to open a sample of coach feedback.'
        : 'A coach listens to your final assessment and answers with audio feedback.';
    case 'upgrade':
      return 'A coach listens to your final assessment and answers with audio feedback.';
  }
}

/**
 * The feedback lesson (spec: learning §4 Feedback lesson states): the server's state decides.
 * 1 available: opens the feedback; 2 upgrade: the upgrade modal; 3 final_incomplete: 'You
 * haven't completed your final assessment.'; 4 preparing: the coach is preparing it, the button
 * disabled; not_requested: 'Send to my coach' (the limit dialog when no credit is left).
 * Shown as the module overview's section card and as the player's feedback step.
 */
export function FeedbackLessonCard({
  moduleId,
  isIntro = false,
  onLimitClose,
}: {
  moduleId: number;
  /** An intro module's feedback is a sample, opened once every lesson is done. */
  isIntro?: boolean;
  /** After the limit dialog's OK (§8: back to the module). */
  onLimitClose?: () => void;
}) {
  const navigate = useNavigate();
  const { session } = useSession();
  const status = useFeedbackStatus(moduleId);
  const request = useRequestFeedback(moduleId);
  const [modal, setModal] = useState<'upgrade' | 'final' | 'limit' | null>(null);
  const [limitMessages, setLimitMessages] = useState<string[]>([]);
  const state = status.data?.state;

  function open() {
    if (state === 'available') void navigate(`/modules/${moduleId}/feedback`);
    else if (state === 'upgrade') setModal('upgrade');
    else if (state === 'final_incomplete') setModal('final');
  }

  function send() {
    request.mutate(undefined, {
      onError: (error) => {
        if (!isCoachingLimit(error)) return;
        setLimitMessages([errorMessage(error)]);
        setModal('limit');
      },
    });
  }

  const sendError = request.isError && !isCoachingLimit(request.error) ? errorMessage(request.error) : null;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={`section-feedback-${moduleId}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4" id={`section-feedback-${moduleId}`}>
            {FEEDBACK_SECTION_TITLE}
          </Title>
          {state && (
            <Badge color={BADGES[state].color} variant="light" style={{ flexShrink: 0 }}>
              {status.data?.is_sample && state === 'available' ? 'Sample' : BADGES[state].label}
            </Badge>
          )}
        </Group>

        {status.isError ? (
          <>
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} aria-hidden />}>
              {MESSAGES.generic}
            </Alert>
            <Button variant="light" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </>
        ) : !state ? (
          <>
            <Text size="sm" c="gray.7">
              A coach listens to your final assessment and answers with audio feedback.
            </Text>
            <Button variant="light" loading disabled aria-label="Open feedback">
              Open feedback
            </Button>
          </>
        ) : (
          <>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {state === 'preparing' && (
                <IconHourglassHigh size={20} color="var(--mantine-color-yellow-7)" aria-hidden style={{ flexShrink: 0 }} />
              )}
              <Text size="sm" c={state === 'preparing' ? undefined : 'gray.7'}>
                {describe(state, { isSample: status.data?.is_sample ?? false, isIntro })}
              </Text>
            </Group>
            {sendError && (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} aria-hidden />}>
                {sendError}
              </Alert>
            )}
            {state === 'not_requested' ? (
              <Button
                leftSection={<IconSend size={18} aria-hidden />}
                loading={request.isPending}
                onClick={send}
              >
                Send to my coach
              </Button>
            ) : (
              <Button
                variant={state === 'available' ? 'filled' : 'light'}
                disabled={state === 'preparing'}
                onClick={open}
              >
                Open feedback
              </Button>
            )}
          </>
        )}
      </Stack>

      <UpgradeModal
        opened={modal === 'upgrade'}
        isSubscribed={session?.user.is_subscribed ?? false}
        onClose={() => setModal(null)}
      />
      <NoticeModal
        opened={modal === 'final'}
        title={FINAL_INCOMPLETE_TITLE}
        message={FEEDBACK_MESSAGES.finalIncomplete}
        onClose={() => setModal(null)}
      />
      <CoachingLimitDialog
        opened={modal === 'limit'}
        messages={limitMessages}
        onClose={() => {
          setModal(null);
          onLimitClose?.();
        }}
      />
    </Paper>
  );
}

/**
 * The player's feedback step (`/modules/:id/feedback/:lessonId`): an available feedback opens,
 * states 2 and 3 show their modal and go back to the module; states 4 and not_requested show the
 * feedback lesson card.
 */
export function FeedbackStep({ moduleId }: { moduleId: number }) {
  const navigate = useNavigate();
  const { session } = useSession();
  const status = useFeedbackStatus(moduleId);
  const toModule = () => void navigate(`/modules/${moduleId}`, { replace: true });

  if (status.isError) return <Navigate to={`/modules/${moduleId}`} replace />;
  if (!status.data) return <CenteredLoader label="Loading feedback" />;
  const { state } = status.data;
  if (state === 'available') return <Navigate to={`/modules/${moduleId}/feedback`} replace />;
  if (state === 'upgrade') {
    return <UpgradeModal opened isSubscribed={session?.user.is_subscribed ?? false} onClose={toModule} />;
  }
  if (state === 'final_incomplete') {
    return (
      <NoticeModal opened title={FINAL_INCOMPLETE_TITLE} message={FEEDBACK_MESSAGES.finalIncomplete} onClose={toModule} />
    );
  }
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <FeedbackLessonCard moduleId={moduleId} onLimitClose={toModule} />
      <Button variant="subtle" onClick={toModule}>
        Back to the module
      </Button>
    </Stack>
  );
}
