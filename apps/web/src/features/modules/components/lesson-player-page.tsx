import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { LESSON_TYPES, type ModuleDetail } from '@clearspeak/contract';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { track } from '@/lib/analytics';
import { useSession } from '@/lib/session';
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
  if (lessonType === 'feedback') return <Navigate to={`/modules/${moduleId}/feedback`} replace />;
  return <Player moduleId={moduleId} lessonType={lessonType} lessonId={lessonId} />;
}

type Phase = 'intro' | 'lesson' | 'result';

// spec: learning §8 Coaching limit — the default when the server sends no messages.
export const COACHING_LIMIT_MESSAGE =
  'You are out of coaching credit, please wait until the renewal date.';

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

  // spec: §4 Final assessment — no coaching credit and not yet done: 'Coaching limit reached'
  // (only when the credit feature is enabled); §8 — OK returns to the module.
  const user = session?.user;
  const isOutOfCredit =
    step.kind === 'final' &&
    user !== undefined &&
    user.isCoachCreditEnable &&
    user.isWithFeedback &&
    user.remaining_coaching_credit <= 0 &&
    !steps.filter((s) => s.kind === 'final').every((s) => isStepCompleted(steps, s));
  // docs/decisions/008 — the position is saved on every move.
  useEffect(() => {
    if (!isAllowed || isOutOfCredit) return;
    saveModuleStep({ moduleId, step: step.routeType, stepId: step.item.unique_id }).catch(
      () => undefined,
    );
  }, [isAllowed, isOutOfCredit, moduleId, step.routeType, step.item.unique_id]);

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
    if (shouldReportProgress(steps, step)) {
      reportStepProgress({ moduleId, step: step.routeType, stepId: step.item.unique_id })
        .then(() => queryClient.invalidateQueries({ queryKey: ['module', 'list'] }))
        .catch(() => undefined);
    }
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
  }, [markCompleted, moduleId, navigate, queryClient, step, steps]);

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

  if (isAllowed && isOutOfCredit) {
    return (
      <NoticeModal
        opened
        title="Coaching limit reached"
        message={COACHING_LIMIT_MESSAGE}
        onClose={() => void navigate(`/modules/${moduleId}`, { replace: true })}
      />
    );
  }

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
        />
      )}
    </Stack>
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
