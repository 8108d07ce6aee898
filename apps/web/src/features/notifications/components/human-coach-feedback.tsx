import { Avatar, Box, Group, Paper, Rating, Stack, Text, Title } from '@mantine/core';
import { AuthedAudio } from '@/components/audio';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { useHumanCoachFeedback } from '../api/notifications';
import { formatNotificationDate } from './notification-row';

export const FEEDBACK_GONE = 'This feedback is no longer available.';

/**
 * The coach's feedback on the learner's fluency assessment (spec: learning §2 Notifications:
 * "the human feedback shows the coach reply, audio records and coach photo and name"): the coach,
 * the written reply, star scores per factor, and per item the learner's recording and the coach's
 * recorded answer.
 */
export function HumanCoachFeedbackView({ feedbackId }: { feedbackId: number }) {
  const query = useHumanCoachFeedback(feedbackId);
  if (query.isPending) return <CenteredLoader label="Loading your coach’s feedback" />;
  if (query.isError) return <ErrorAlert message={errorMessage(query.error)} />;
  const feedback = query.data.data;
  if (!feedback) return <Text c="gray.7">{FEEDBACK_GONE}</Text>;
  const { coach } = feedback;
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <Avatar
          src={coach.photo_url}
          name={coach.name}
          alt={coach.name}
          size="lg"
          color="initials"
        />
        <Stack gap={0}>
          <Text fw={700}>{coach.name}</Text>
          <Text size="sm" c="gray.7">
            Your coach · {formatNotificationDate(feedback.created_at)}
          </Text>
        </Stack>
      </Group>

      {feedback.coach_reply && (
        <Paper withBorder radius="md" p="md">
          <Text style={{ whiteSpace: 'pre-line' }}>{feedback.coach_reply}</Text>
        </Paper>
      )}

      {feedback.scores.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Scores">
          <Title order={3} size="h4">
            Scores
          </Title>
          {feedback.scores.map((row) => (
            <Group key={row.factor_name} justify="space-between" maw={360}>
              <Text>{row.factor_name}</Text>
              <Box role="img" aria-label={`${row.factor_name}: ${row.score} out of 5 stars`}>
                <Rating value={row.score} readOnly />
              </Box>
            </Group>
          ))}
        </Stack>
      )}

      {feedback.audio_records.length > 0 && (
        <Stack gap="md" component="section" aria-label="Your recordings and your coach’s replies">
          <Title order={3} size="h4">
            Your recordings
          </Title>
          {feedback.audio_records.map((record) => (
            <Paper key={record.id} withBorder radius="md" p="md">
              <Stack gap="sm">
                <Text fw={600}>{record.title}</Text>
                {record.recording_path && (
                  <AuthedAudio
                    layout="stacked"
                    url={record.recording_path}
                    label={`your recording: ${record.title}`}
                    text="Your recording"
                  />
                )}
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Avatar
                    src={coach.photo_url}
                    name={coach.name}
                    alt=""
                    size="sm"
                    color="initials"
                  />
                  <Stack gap={6} style={{ flex: 1 }}>
                    {record.audio_url && (
                      <AuthedAudio
                        layout="stacked"
                        url={record.audio_url}
                        label={`${coach.name}’s reply: ${record.title}`}
                        text="Coach’s reply"
                      />
                    )}
                    {record.text && <Text size="sm">{record.text}</Text>}
                  </Stack>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
