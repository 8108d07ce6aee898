import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Divider,
  Group,
  Image,
  Modal,
  Paper,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { FEEDBACK_MESSAGES, type ModuleFeedbackAll } from '@clearspeak/contract';
import { AuthedAudio } from '@/components/audio';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { track } from '@/lib/analytics';
import { useClearPostLesson } from '../api/clear-post-lesson';
import { useFeedbackCoach, useModuleFeedbackAll } from '../api/get-module-feedback';
import { formatFeedbackDate, starsLabel } from '../lib/format';

type FeedbackRecord = ModuleFeedbackAll['userdata']['prelessonRecords'][number];
type FinalRecord = ModuleFeedbackAll['userdata']['finalRecords'][number];
type CoachReply = FinalRecord['postlesson_feedbacks'][number];

function parseModuleId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** `/modules/:moduleId/feedback` (spec: learning §2 Module feedback). */
export function ModuleFeedbackPage() {
  const moduleId = parseModuleId(useParams().moduleId);
  if (moduleId === null) return <Navigate to="/modules" replace />;
  return <ModuleFeedback key={moduleId} moduleId={moduleId} />;
}

function ModuleFeedback({ moduleId }: { moduleId: number }) {
  const coach = useFeedbackCoach(moduleId);
  const feedback = useModuleFeedbackAll(moduleId);

  // spec: learning §7 — 'Enter Show Feedback' is tracked when the page opens (once, also under
  // StrictMode's second effect run).
  const trackedRef = useRef(false);
  useEffect(() => {
    if (trackedRef.current) return;
    trackedRef.current = true;
    track('Enter Show Feedback', { moduleId });
  }, [moduleId]);

  // spec: §8 — a failed feedback call redirects to /modules.
  if (coach.isError || feedback.isError) return <Navigate to="/modules" replace />;
  if (!coach.data || !feedback.data) return <CenteredLoader label="Loading feedback" />;
  const data = feedback.data;

  return (
    <Stack gap="lg" maw={840} mx="auto" w="100%">
      <Group wrap="nowrap" gap="md" align="flex-start" component="header">
        <Image src={data.module.icon_url} alt="" w={56} h={56} radius="md" fit="contain" />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2}>{data.module.title}</Title>
          <Text c="gray.7">{data.module.sub_title}</Text>
          {data.is_sample && (
            <Badge color="grape" variant="light" w="fit-content">
              Sample feedback
            </Badge>
          )}
        </Stack>
      </Group>

      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="feedback-coach">
        <Stack gap="sm">
          <Group wrap="nowrap" gap="sm">
            <CoachAvatar name={coach.data.name} photo={coach.data.photo} size={56} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" c="gray.7">
                Your coach
              </Text>
              <Title order={3} size="h4" id="feedback-coach">
                {coach.data.name}
              </Title>
              {formatFeedbackDate(data.created_at) && (
                <Text size="sm" c="gray.7">
                  {formatFeedbackDate(data.created_at)}
                </Text>
              )}
            </Stack>
          </Group>
          {data.description.trim() !== '' && (
            <Text style={{ whiteSpace: 'pre-line' }}>{data.description}</Text>
          )}
        </Stack>
      </Paper>

      {data.scores.length > 0 && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="feedback-scores">
          <Stack gap="sm">
            <Title order={3} size="h4" id="feedback-scores">
              Your scores
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
              {data.scores.map((row) => (
                <Group key={row.factor_name} justify="space-between" wrap="nowrap" gap="sm">
                  <Text fw={500}>{row.factor_name}</Text>
                  <Rating
                    value={row.score}
                    count={5}
                    readOnly
                    role="img"
                    aria-label={starsLabel(row.factor_name, row.score)}
                  />
                </Group>
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      )}

      {data.userdata.prelessonRecords.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="feedback-before">
          <Title order={3} size="h4" id="feedback-before">
            Before the lesson
          </Title>
          {data.userdata.prelessonRecords.map((record) => (
            <Paper key={record.id} withBorder radius="md" p="md">
              <LearnerRecording record={record} />
            </Paper>
          ))}
        </Stack>
      )}

      {data.userdata.finalRecords.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="feedback-final">
          <Title order={3} size="h4" id="feedback-final">
            Final assessment
          </Title>
          {data.userdata.finalRecords.map((record) => (
            <FinalItem key={record.id} record={record} />
          ))}
        </Stack>
      )}

      <PracticeAgain moduleId={moduleId} isSample={data.is_sample} />
    </Stack>
  );
}

function CoachAvatar({ name, photo, size }: { name: string; photo: string | null; size: number }) {
  // Without a photo Mantine draws the name's initials.
  return photo ? (
    <Avatar src={photo} alt={name} size={size} radius="xl" />
  ) : (
    <Avatar name={name} color="initials" size={size} radius="xl" aria-label={name} role="img" />
  );
}

function recordTitle(record: FeedbackRecord): string {
  return record.title.trim() || 'Your recording';
}

function LearnerRecording({ record }: { record: FeedbackRecord }) {
  const title = recordTitle(record);
  return (
    <Stack gap={6}>
      <Text fw={600}>{title}</Text>
      {record.recording_path ? (
        <AuthedAudio
          url={record.recording_path}
          label={`your recording: ${title}`}
          text="Your recording"
        />
      ) : (
        <Text size="sm" c="gray.7">
          No recording
        </Text>
      )}
    </Stack>
  );
}

function FinalItem({ record }: { record: FinalRecord }) {
  const title = record.post_lesson_title.trim() || recordTitle(record);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={title}>
      <Stack gap="sm">
        <LearnerRecording record={{ ...record, title }} />
        {record.postlesson_feedbacks.map((reply) => (
          <Stack key={reply.id} gap="sm">
            <Divider />
            <ReplyView reply={reply} itemTitle={title} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function ReplyView({ reply, itemTitle }: { reply: CoachReply; itemTitle: string }) {
  const date = formatFeedbackDate(reply.created_at);
  return (
    <Stack gap={6} aria-label={`${reply.coach_name}'s reply`} role="group">
      <Group wrap="nowrap" gap="sm">
        <CoachAvatar name={reply.coach_name} photo={reply.coach_photo} size={36} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {reply.coach_name}
          </Text>
          {date && (
            <Text size="xs" c="gray.7">
              {date}
            </Text>
          )}
        </Stack>
      </Group>
      {reply.audio_url && (
        <AuthedAudio
          url={reply.audio_url}
          label={`${reply.coach_name}'s reply: ${itemTitle}`}
          text="Coach's reply"
        />
      )}
      {reply.text.trim() !== '' && <Text style={{ whiteSpace: 'pre-line' }}>{reply.text}</Text>}
    </Stack>
  );
}

/** spec: learning §4 Practice Again — confirm, clear post-lesson data, go to the module page. */
function PracticeAgain({ moduleId, isSample }: { moduleId: number; isSample: boolean }) {
  const navigate = useNavigate();
  const clear = useClearPostLesson(moduleId);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [hasFailed, setFailed] = useState(false);

  function confirm() {
    setFailed(false);
    clear.mutate(undefined, {
      onSuccess: () => void navigate(`/modules/${moduleId}`),
      onError: () => {
        setConfirmOpen(false);
        setFailed(true);
      },
    });
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="feedback-again">
      <Stack gap="sm">
        <Title order={3} size="h4" id="feedback-again">
          Practice again
        </Title>
        <Text size="sm" c="gray.7">
          {isSample
            ? 'Record the final assessment again.'
            : 'Record the final assessment again and send it to your coach when you are ready.'}
        </Text>
        {hasFailed && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle size={20} aria-hidden />}
          >
            {FEEDBACK_MESSAGES.practiceAgainFailed}
          </Alert>
        )}
        <Group>
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => setConfirmOpen(true)}
            w={{ base: '100%', xs: 'auto' }}
          >
            Practice Again
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={isConfirmOpen}
        onClose={() => setConfirmOpen(false)}
        title="Practice again?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            {isSample
              ? 'Your final assessment will be cleared, so you can record it again.'
              : 'This feedback will be archived and your final assessment cleared, so you can record it again.'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirmOpen(false)}
              disabled={clear.isPending}
            >
              Cancel
            </Button>
            <Button onClick={confirm} loading={clear.isPending}>
              Practice Again
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
