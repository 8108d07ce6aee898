import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { FEEDBACK_MESSAGES, LESSON_TYPES, type ModuleDetail } from '@clearspeak/contract';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { track } from '@/lib/analytics';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { isCoachingLimit, useCreditInfo, useRequestFeedback } from '../api/coaching';
import { moduleDetailQuery, useModuleDetail } from '../api/get-module-detail';
import { useModuleScore } from '../api/get-module-score';
import { reportStepProgress } from '../api/report-step-progress';
import { saveModuleStep } from '../api/save-step';
import { listenChooseScore } from '../lib/scores';
import {
  buildSteps,
  canOpenStep,
  findStep,
  isLastInKind,
  isStepCompleted,
  kindInfo,
  shouldReportProgress,
  stepPath,
  withCompleted,
  type Step,
} from '../lib/steps';
import { CoachingLimitDialog } from '@/components/coach-review';
import { FeedbackStep } from './feedback-lesson';
import { parseModuleId } from './module-overview-page';
import { LOCKED_LESSON_MESSAGE, NoticeModal } from './notice-modal';
import { IntroCard, ResultCard } from './step-cards';
import {
  FinalAssessmentScreen,
  FluencyActivityScreen,
  ListenChooseScreen,
  ListenRecordScreen,
  PreLessonScreen,
  RecognisingToolScreen,
  VideoLessonScreen,
} from './step-screens';

/**
 * The lesson player: `/modules/:moduleId/:lessonType/:lessonId` and
 * `/modules/:moduleId/:lessonUniqueId` (spec: learning §2 Lesson player, §4 Step order).
 */
export function LessonPlayerPage() {
  const params = useParams();
  const moduleId = parseModuleId(params.moduleId);
  const lessonId = params.lessonId ?? params.lessonUniqueId;
  // spec: §2 — with no lesson selected the learner goes to the module, or to /modules.
  if (moduleId === null) return <Navigate to="/modules" replace />;
  if (!lessonId) return <Navigate to={`/modules/${moduleId}`} replace />;
  const lessonType = params.lessonType;
  if (lessonType !== undefined && !(LESSON_TYPES as readonly string[]).includes(lessonType)) {
    return <Navigate to={`/modules/${moduleId}`} replace />;
  }
  if (lessonType === 'review') return <Navigate to={`/modules/${moduleId}/review`} replace />;
  // spec: §4 Feedback lesson states — the server's state decides what the feedback step does.
  if (lessonType === 'feedback') return <FeedbackStep moduleId={moduleId} />;
  return <Player moduleId={moduleId} lessonType={lessonType} lessonId={lessonId} />;
}

type Phase = 'intro' | 'lesson' | 'result';

function Player({
  moduleId,
  lessonType,
  lessonId,
}: {
  moduleId: number;
  lessonType: string | undefined;
  lessonId: string;
}) {
  const detail = useModuleDetail(moduleId);
  const steps = useMemo(() => (detail.data ? buildSteps(detail.data) : []), [detail.data]);
  const step = findStep(steps, lessonType, lessonId);
  // Listen-and-choose answers of this visit, by item: the section score needs all of them.
  const [answers, setAnswers] = useState<Record<string, { title: string; isCorrect: boolean }>>({});

  // spec: §8 — a failed module detail call redirects to /modules.
  if (detail.isError) return <Navigate to="/modules" replace />;
  if (!detail.data) return <CenteredLoader label="Loading lesson" />;
  if (!detail.data.is_unlocked && !detail.data.intro_module) {
    return <Navigate to={`/modules/${moduleId}`} replace />;
  }
  if (!step) return <Navigate to={`/modules/${moduleId}`} replace />;
  return (
    <StepView
      // A new item starts fresh (intro card, recorder, result).
      key={step.item.unique_id}
      detail={detail.data}
      steps={steps}
      step={step}
      answers={answers}
      onAnswer={(uniqueId, answer) => setAnswers((all) => ({ ...all, [uniqueId]: answer }))}
    />
  );
}

function StepView({
  detail,
  steps,
  step,
  answers,
  onAnswer,
}: {
  detail: ModuleDetail;
  steps: Step[];
  step: Step;
  answers: Record<string, { title: string; isCorrect: boolean }>;
  onAnswer: (uniqueId: string, answer: { title: string; isCorrect: boolean }) => void;
}) {
  const moduleId = detail.module_id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useSession();
  const info = kindInfo(detail, step.kind);
  // spec: §2 — each lesson screen starts with an intro card when the step has a start message.
  const [phase, setPhase] = useState<Phase>(() =>
    step.indexInKind === 0 && info.startMessage.trim() !== '' ? 'intro' : 'lesson',
  );
  // Decided once, on arrival: finishing a step must not lock the learner out of it.
  const [isAllowed] = useState(() => canOpenStep(steps, step));

  // Coaching (issue 5) applies to the final assessment of a non-intro module.
  const isCoachedFinal = step.kind === 'final' && !detail.intro_module;
  const creditInfo = useCreditInfo({ enabled: isCoachedFinal });
  // Decided on arrival, like access: was the final assessment already done before this visit?
  const [wasFinalDone] = useState(() =>
    steps.filter((s) => s.kind === 'final').every((s) => isStepCompleted(steps, s)),
  );
  // spec: §4 Final assessment — no coaching credit and not yet done: 'Coaching limit reached'
  // (only when the credit feature is enabled); §8 — OK returns to the module. The server says
  // whether a new request may be sent (GET /user-credit-info).
  // Decided on arrival too: the request sent after the last item takes the last credit, and the
  // refreshed answer must not then call this visit's own final 'out of credit'.
  const [arrivalCredit, setArrivalCredit] = useState(creditInfo.data);
  if (arrivalCredit === undefined && creditInfo.data !== undefined) setArrivalCredit(creditInfo.data);
  const credit = arrivalCredit ?? creditInfo.data;
  const isOutOfCredit =
    isCoachedFinal &&
    !wasFinalDone &&
    credit !== undefined &&
    credit.is_with_feedback &&
    credit.is_coach_credit_enable &&
    !credit.can_submit_new_coaching_request;
  // Until the answer is in, the final is not shown (a failed call never blocks the learner).
  const isCreditPending = isCoachedFinal && !wasFinalDone && creditInfo.isPending;
  // docs/decisions/008 — the position is saved on every move.
  useEffect(() => {
    if (!isAllowed || isOutOfCredit || isCreditPending) return;
    saveModuleStep({ moduleId, step: step.routeType, stepId: step.item.unique_id }).catch(
      () => undefined,
    );
  }, [isAllowed, isOutOfCredit, isCreditPending, moduleId, step.routeType, step.item.unique_id]);

  // Issue 5 — after the last final item of a coaching plan, the final goes to a coach
  // (POST /module/request-feedback, idempotent: a retry never takes a second credit).
  const feedbackRequest = useRequestFeedback(moduleId);
  const isWithFeedback = credit?.is_with_feedback ?? session?.user.isWithFeedback ?? false;
  const sendsFinalToCoach = isCoachedFinal && isLastInKind(step) && !wasFinalDone && isWithFeedback;

  const markCompleted = useCallback(
    (uniqueIds: string[]) => {
      queryClient.setQueryData(moduleDetailQuery(moduleId).queryKey, (current) =>
        current ? withCompleted(current, new Set(uniqueIds)) : current,
      );
    },
    [moduleId, queryClient],
  );

  const finish = useCallback(() => {
    const sectionIds = steps.filter((s) => s.kind === step.kind).map((s) => s.item.unique_id);
    const progress = shouldReportProgress(steps, step)
      ? reportStepProgress({ moduleId, step: step.routeType, stepId: step.item.unique_id })
          .then(() => queryClient.invalidateQueries({ queryKey: ['module', 'list'] }))
          .catch(() => undefined)
      : Promise.resolve();
    // The request follows the progress call: the server checks that the final is complete.
    if (sendsFinalToCoach) void progress.then(() => feedbackRequest.mutate());
    // Grouped sections complete as a whole on their last item; pre lesson by its upload.
    if (step.kind === 'listenRecord' || step.kind === 'listenChoose' || step.kind === 'recognising') {
      if (isLastInKind(step)) markCompleted(sectionIds);
    } else {
      markCompleted([step.item.unique_id]);
    }
    const next = steps[step.index + 1];
    if (next && next.kind === step.kind) {
      // spec: §4 — moving within the same type replaces the route.
      void navigate(stepPath(moduleId, next), { replace: true });
      return;
    }
    setPhase('result');
  }, [feedbackRequest, markCompleted, moduleId, navigate, queryClient, sendsFinalToCoach, step, steps]);

  const next = steps[step.index + 1];
  const isModuleEnd = next === undefined;

  function goAhead() {
    if (next) {
      // spec: §4 — changing type pushes a new route (and shows that type's intro card).
      void navigate(stepPath(moduleId, next));
      return;
    }
    // spec: §4 — after the last step the review screen opens and 'Module Completed' is tracked.
    track('Module Completed', { moduleId, title: detail.title });
    void navigate(`/modules/${moduleId}/review`);
  }

  const toModule = () => void navigate(`/modules/${moduleId}`, { replace: true });
  if (isAllowed && isOutOfCredit) {
    return <CoachingLimitDialog opened messages={credit?.messages ?? []} onClose={toModule} />;
  }
  if (isAllowed && isCreditPending) return <CenteredLoader label="Loading lesson" />;

  if (!isAllowed) {
    return (
      <NoticeModal
        opened
        title="Lesson locked"
        message={LOCKED_LESSON_MESSAGE}
        onClose={() => void navigate(`/modules/${moduleId}`, { replace: true })}
      />
    );
  }

  const nextLabel = isLastInKind(step) ? 'Continue' : 'Next One';
  const screenProps = {
    item: step.item,
    moduleId,
    moduleCode: detail.module_code,
    nextLabel,
    onFinished: finish,
  };

  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={`/modules/${moduleId}`} size="sm" fw={600} lineClamp={1}>
            {detail.title} · {info.title}
          </Anchor>
          {step.countInKind > 1 && (
            <Text size="sm" c="gray.7">
              {step.indexInKind + 1} of {step.countInKind}
            </Text>
          )}
        </Group>
        <Progress
          value={((step.index + (phase === 'result' ? 1 : 0)) / steps.length) * 100}
          size="sm"
          aria-label="Module progress"
        />
      </Stack>

      {phase === 'intro' && (
        <IntroCard
          title={info.title}
          message={info.startMessage}
          iconUrl={info.iconUrl}
          onStart={() => setPhase('lesson')}
        />
      )}

      {phase === 'lesson' && step.kind === 'preLesson' && <PreLessonScreen {...screenProps} />}
      {phase === 'lesson' && step.kind === 'video' && <VideoLessonScreen {...screenProps} />}
      {phase === 'lesson' && step.kind === 'listenRecord' && <ListenRecordScreen {...screenProps} />}
      {phase === 'lesson' && step.kind === 'listenChoose' && (
        <ListenChooseScreen
          {...screenProps}
          answer={answers[step.item.unique_id]?.title}
          onAnswer={(title, isCorrect) => onAnswer(step.item.unique_id, { title, isCorrect })}
        />
      )}
      {phase === 'lesson' && step.kind === 'recognising' && <RecognisingToolScreen {...screenProps} />}
      {phase === 'lesson' && step.kind === 'fluency' && <FluencyActivityScreen {...screenProps} />}
      {phase === 'lesson' && step.kind === 'final' && <FinalAssessmentScreen {...screenProps} />}

      {phase === 'result' && (
        <SectionResult
          moduleId={moduleId}
          step={step}
          steps={steps}
          title={info.title}
          message={info.completionMessage}
          answers={answers}
          isModuleEnd={isModuleEnd}
          isSubscribed={session?.user.is_subscribed ?? false}
          isWithFeedback={session?.user.isWithFeedback ?? false}
          onGoAhead={goAhead}
          onHome={() => void navigate(`/modules/${moduleId}`)}
          onUpgrade={() => void navigate('/subscription')}
        >
          {sendsFinalToCoach && (
            <FeedbackRequestNotice
              isPending={feedbackRequest.isPending || feedbackRequest.isIdle}
              isSent={feedbackRequest.isSuccess}
              error={feedbackRequest.isError && !isCoachingLimit(feedbackRequest.error) ? errorMessage(feedbackRequest.error) : null}
              onRetry={() => feedbackRequest.mutate()}
            />
          )}
        </SectionResult>
      )}
      <CoachingLimitDialog
        opened={feedbackRequest.isError && isCoachingLimit(feedbackRequest.error)}
        messages={feedbackRequest.error ? [errorMessage(feedbackRequest.error)] : []}
        onClose={toModule}
      />
    </Stack>
  );
}

/** The final assessment on its way to the coach: sending, sent (§4 state 4 text), or failed with a retry. */
function FeedbackRequestNotice({
  isPending,
  isSent,
  error,
  onRetry,
}: {
  isPending: boolean;
  isSent: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertCircle size={20} aria-hidden />}
        title="Your final assessment was not sent to your coach"
        w="100%"
        ta="left"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error}</Text>
          <Button size="sm" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isSent) {
    return (
      <Text size="sm" role="status" w="100%">
        {FEEDBACK_MESSAGES.preparing}
      </Text>
    );
  }
  return (
    <Group gap="xs" justify="center" w="100%" role="status" aria-live="polite" wrap="nowrap">
      {isPending && <Loader size="xs" aria-hidden />}
      <Text size="sm">Sending your final assessment to your coach…</Text>
    </Group>
  );
}

function SectionResult({
  moduleId,
  step,
  steps,
  title,
  message,
  answers,
  isModuleEnd,
  isSubscribed,
  isWithFeedback,
  onGoAhead,
  onHome,
  onUpgrade,
  children,
}: {
  moduleId: number;
  step: Step;
  steps: Step[];
  title: string;
  message: string;
  answers: Record<string, { title: string; isCorrect: boolean }>;
  isModuleEnd: boolean;
  isSubscribed: boolean;
  isWithFeedback: boolean;
  onGoAhead: () => void;
  onHome: () => void;
  onUpgrade: () => void;
  /** Shown above the buttons (the coach request of a final assessment). */
  children?: ReactNode;
}) {
  const isChoose = step.kind === 'listenChoose';
  const moduleScore = useModuleScore(moduleId, { enabled: !isChoose });
  let score: { value: number; max: number; label: string } | null = null;
  if (isChoose) {
    // spec: §9 — default score is 10 × correct / total.
    const items = steps.filter((s) => s.kind === 'listenChoose');
    const correct = items.filter((s) => answers[s.item.unique_id]?.isCorrect).length;
    score = { value: listenChooseScore(correct, items.length), max: 10, label: 'Your score' };
  } else if (moduleScore.data) {
    score = { value: Math.round(moduleScore.data.module_score), max: 100, label: 'Module score' };
  }
  // spec: §4 — at the module end, an upgrade prompt depending on is_subscribed and isWithFeedback.
  const showsUpgrade = isModuleEnd && !(isSubscribed && isWithFeedback);
  const upgradeText = !isSubscribed
    ? 'Subscribe to open every module and get feedback from a human coach.'
    : 'Upgrade to a plan with coaching to get feedback from a human coach on this module.';
  return (
    <ResultCard title={title} message={message} score={score}>
      {children}
      {showsUpgrade ? (
        <Stack gap="sm" align="center" w="100%">
          <Text size="sm">{upgradeText}</Text>
          <Group justify="center" gap="sm">
            <Button size="md" onClick={onUpgrade}>
              Upgrade Now
            </Button>
            <Button size="md" variant="default" onClick={onGoAhead}>
              Skip
            </Button>
          </Group>
        </Stack>
      ) : (
        <Button size="md" onClick={onGoAhead}>
          Go Ahead
        </Button>
      )}
      <Button size="md" variant="subtle" onClick={onHome}>
        Back to Home
      </Button>
    </ResultCard>
  );
}
