import { useCallback, useEffect, useState } from 'react';
import {
  Link,
  Navigate,
  useBeforeUnload,
  useBlocker,
  useLocation,
  useNavigate,
} from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  AspectRatio,
  Button,
  Group,
  Modal,
  Paper,
  Progress,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { z } from 'zod';
import {
  ASSESSMENT_LANGUAGE_DROPDOWN,
  ASSESSMENT_LANGUAGE_RADIOS,
  type AssessmentResult,
} from '@clearspeak/contract';
import { AssessmentResultView } from '@/components/assessment-result';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { RecorderPanel, type Recording } from '@/components/recorder';
import { useSession } from '@/lib/session';
import { getApiToken } from '@/lib/session-store';
import { useAssessmentItems } from '../api/get-assessment-items';
import { useAssessmentStatus } from '../api/get-assessment-status';
import { useIntroVideo } from '../api/get-intro-video';
import { scoreAssessment, type ScoredRecording } from '../api/score-assessment';
import { fetchCurrentUser } from '../api/refresh-profile';
import { uploadAssessmentRecord } from '../api/upload-assessment-record';
import { introVideoLanguage } from '../lib/intro-video';
import {
  ANONYMOUS_FINISHED,
  COULD_NOT_RETRIEVE,
  LANGUAGE_REQUIRED,
  QUIT_QUESTION,
  SKIP_QUESTION,
  TRY_LATER,
  UPLOAD_FAILED,
} from '../lib/messages';
import { TypingTips } from './typing-tips';

type Step = 0 | 1 | 2 | 3 | 4 | 5;

const FLOW = 'flow';

const BannerStateSchema = z.object({ banner: z.literal(true) });

/**
 * `/initialAssessment` (spec: accounts §2 Fluency assessment, §4, §6, §8): public; a signed-in
 * learner who already completed it goes straight to the AI feedback notification.
 */
export function InitialAssessmentPage() {
  const { session } = useSession();
  const isSignedIn = session !== null;
  const status = useAssessmentStatus(isSignedIn);
  // Decided once, from the answer fetched on arrival: finishing the assessment here makes the
  // status "completed", and that must not pull the learner away from their result.
  const [verdict, setVerdict] = useState<string | null>(isSignedIn ? null : FLOW);
  useEffect(() => {
    if (verdict !== null || !status.isFetchedAfterMount) return;
    const answer = status.data;
    if (!answer?.is_user_completed) setVerdict(FLOW);
    else
      setVerdict(
        answer.notification_id === null
          ? '/notifications'
          : `/notifications/${answer.notification_id}`,
      );
  }, [verdict, status.isFetchedAfterMount, status.data]);

  if (verdict === null) return <CenteredLoader label="Loading assessment" />;
  if (verdict !== FLOW) return <Navigate to={verdict} replace />;
  return <AssessmentFlow isSignedIn={isSignedIn} profileLanguage={session?.user.native_language} />;
}

function AssessmentFlow({
  isSignedIn,
  profileLanguage,
}: {
  isSignedIn: boolean;
  profileLanguage: string | null | undefined;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const hasBanner = BannerStateSchema.safeParse(location.state).success;
  const [step, setStep] = useState<Step>(0);
  const [nativeLanguage, setNativeLanguage] = useState('');
  const [recordings, setRecordings] = useState<ScoredRecording[]>([]);
  const [result, setResult] = useState<AssessmentResult | null>(null);

  // spec: §2 — leaving mid-way (language, recording, waiting) asks first.
  const isMidWay = step >= 1 && step <= 3;
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        // Closing the tab mid-way: the browser asks its own "leave site?" question.
        if (isMidWay) event.preventDefault();
      },
      [isMidWay],
    ),
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isMidWay &&
      currentLocation.pathname !== nextLocation.pathname &&
      // A session that ended (sign-out, 401) leaves without asking: there is nothing to keep.
      !(isSignedIn && getApiToken() === null),
  );

  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      {step === 0 && (
        <IntroStep
          hasBanner={hasBanner}
          isSignedIn={isSignedIn}
          profileLanguage={profileLanguage}
          onStart={() => setStep(1)}
          onSkip={() => void navigate('/modules')}
        />
      )}
      {step === 1 && (
        <LanguageStep
          onChosen={(language) => {
            setNativeLanguage(language);
            setStep(2);
          }}
        />
      )}
      {step === 2 && (
        <RecordingStep
          isSignedIn={isSignedIn}
          nativeLanguage={nativeLanguage}
          onDone={(done) => {
            setRecordings(done);
            setStep(3);
          }}
        />
      )}
      {step === 3 && (
        <WaitingStep
          isSignedIn={isSignedIn}
          nativeLanguage={nativeLanguage}
          recordings={recordings}
          onScored={(outcome) => {
            if (outcome.kind === 'result') {
              setResult(outcome.result);
              setStep(4);
            } else {
              setStep(5);
            }
          }}
        />
      )}
      {step === 4 && result && (
        <Stack gap="lg">
          <Title order={2}>Your assessment result</Title>
          <AssessmentResultView result={result} />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/modules">
              Skip
            </Button>
            <Button component={Link} to="/modules">
              Continue
            </Button>
          </Group>
        </Stack>
      )}
      {step === 5 && (
        <Paper withBorder radius="lg" p="lg">
          <Stack align="center" gap="md">
            <Text ta="center" size="lg">
              {ANONYMOUS_FINISHED}
            </Text>
            <Button component={Link} to="/signup" size="lg">
              Sign Up
            </Button>
          </Stack>
        </Paper>
      )}

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Quit the assessment"
        centered
      >
        <Stack>
          <Text>{QUIT_QUESTION}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Quit
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function IntroStep({
  hasBanner,
  isSignedIn,
  profileLanguage,
  onStart,
  onSkip,
}: {
  hasBanner: boolean;
  isSignedIn: boolean;
  profileLanguage: string | null | undefined;
  onStart: () => void;
  onSkip: () => void;
}) {
  const [isSkipOpen, setSkipOpen] = useState(false);
  const language = introVideoLanguage({
    profileLanguage,
    browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
  const video = useIntroVideo(language);
  return (
    <Stack gap="md">
      {hasBanner && (
        <Paper
          component="section"
          radius="lg"
          p="md"
          bg="var(--mantine-color-brand-0)"
          aria-label="Assessment banner"
        >
          <Text fw={600}>Your personal study plan starts here.</Text>
        </Paper>
      )}
      <Title order={2}>Fluency Assessment</Title>
      <Text>
        Say a few words and sentences. We listen to how you pronounce each sound and build your
        personal study plan from the sounds that need work.
      </Text>
      {video.data?.url && (
        <AspectRatio ratio={16 / 9}>
          <video
            controls
            src={video.data.url}
            aria-label="Assessment introduction video"
            data-language={video.data.language}
          />
        </AspectRatio>
      )}
      <Group justify="flex-end">
        {isSignedIn && (
          <Button variant="default" onClick={() => setSkipOpen(true)}>
            Not Now
          </Button>
        )}
        <Button onClick={onStart}>Start</Button>
      </Group>
      <Modal
        opened={isSkipOpen}
        onClose={() => setSkipOpen(false)}
        title="Skip the assessment"
        centered
      >
        <Stack>
          <Text>{SKIP_QUESTION}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setSkipOpen(false)}>
              Stay
            </Button>
            <Button onClick={onSkip}>Skip</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

const OTHER = 'Other';

function LanguageStep({ onChosen }: { onChosen: (language: string) => void }) {
  const [radio, setRadio] = useState<string | null>(null);
  const [other, setOther] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onNext = () => {
    const language = radio === OTHER ? other : radio;
    if (!language) {
      setError(LANGUAGE_REQUIRED);
      return;
    }
    onChosen(language);
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label="What is your native language?"
        value={radio}
        onChange={(value) => {
          setRadio(value);
          setError(null);
        }}
        error={radio !== OTHER ? error : undefined}
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} mt="sm">
          {ASSESSMENT_LANGUAGE_RADIOS.map((language) => (
            <Radio key={language} value={language} label={language} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      {radio === OTHER && (
        <Select
          label="Choose your native language"
          placeholder="Select a language"
          data={[...ASSESSMENT_LANGUAGE_DROPDOWN]}
          value={other}
          onChange={(value) => {
            setOther(value);
            setError(null);
          }}
          error={error}
          searchable
          defaultDropdownOpened
          comboboxProps={{ withinPortal: false }}
        />
      )}
      <Group justify="flex-end">
        <Button onClick={onNext}>Next</Button>
      </Group>
    </Stack>
  );
}

function RecordingStep({
  isSignedIn,
  nativeLanguage,
  onDone,
}: {
  isSignedIn: boolean;
  nativeLanguage: string;
  onDone: (recordings: ScoredRecording[]) => void;
}) {
  const items = useAssessmentItems({ isSignedIn, isEnabled: true });
  const [done, setDone] = useState<ScoredRecording[]>([]);
  const { session, update } = useSession();

  if (items.isPending) return <CenteredLoader label="Loading assessment" />;
  if (items.isError || items.data.initial_assessments.length === 0) {
    return (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
        {TRY_LATER}
      </Alert>
    );
  }
  const all = items.data.initial_assessments;
  const total = all.length;
  const item = all[done.length];
  if (!item) return null;
  const progressPct = Math.round((done.length / total) * 100);

  const onSubmit = async (recording: Recording) => {
    if (recording.blob.size === 0) throw new Error(COULD_NOT_RETRIEVE);
    let recordId: number;
    try {
      recordId = await uploadAssessmentRecord({
        isSignedIn,
        itemId: item.id,
        text: item.title,
        nativeLanguage,
        recording,
      });
    } catch (error) {
      throw new Error(UPLOAD_FAILED, { cause: error });
    }
    if (done.length === 0 && session && session.user.native_language !== nativeLanguage) {
      // The upload saved the chosen language to the profile: the stored session follows.
      void fetchCurrentUser()
        .then((user) => update({ user }))
        .catch(() => undefined);
    }
    const next = [...done, { recordId, itemId: item.id, text: item.title }];
    if (next.length === total) onDone(next);
    else setDone(next);
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" c="gray.7" id="assessment-progress-label">
          {done.length} of {total} done
        </Text>
        <Progress.Root size="lg" radius="xl">
          <Progress.Section
            value={progressPct}
            aria-label="Assessment progress"
            aria-valuetext={`${done.length} of ${total}`}
          />
        </Progress.Root>
      </Stack>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="xs" align="center">
          <Text size="sm" c="gray.7">
            Say this {item.kind === 'word' ? 'word' : 'sentence'}:
          </Text>
          <Title order={2} ta="center" aria-label={`Say: ${item.title}`}>
            {item.title}
          </Title>
        </Stack>
      </Paper>
      <RecorderPanel key={item.id} submitLabel="Next One" onSubmit={onSubmit} />
    </Stack>
  );
}

function WaitingStep({
  isSignedIn,
  nativeLanguage,
  recordings,
  onScored,
}: {
  isSignedIn: boolean;
  nativeLanguage: string;
  recordings: ScoredRecording[];
  onScored: (outcome: Awaited<ReturnType<typeof scoreAssessment>>) => void;
}) {
  const items = useAssessmentItems({ isSignedIn, isEnabled: true });
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  const [hasFailed, setFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    setFailed(false);
    scoreAssessment({ isSignedIn, recordings, nativeLanguage }).then(
      (outcome) => {
        // The status, the study plan and the notifications all changed on the server.
        void queryClient.invalidateQueries();
        if (isCurrent) onScored(outcome);
      },
      () => {
        if (isCurrent) setFailed(true);
      },
    );
    return () => {
      isCurrent = false;
    };
    // One scoring per attempt; the callbacks are stable for the step's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  if (hasFailed) {
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {TRY_LATER}
        </Alert>
        <Group justify="flex-end">
          {/* Nothing is lost: the recordings are stored, so scoring can simply be asked again. */}
          <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" align="center" py="xl">
      <CenteredLoader label="Analysing your recordings" />
      <TypingTips tips={items.data?.tips ?? []} />
    </Stack>
  );
}
