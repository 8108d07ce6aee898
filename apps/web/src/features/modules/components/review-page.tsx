import { Navigate, useNavigate, useParams } from 'react-router';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { AuthedAudio } from '@/components/audio';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { moduleScoreTone } from '../lib/scores';
import { useModuleReview } from '../api/get-module-review';
import { parseModuleId } from './module-overview-page';
import { ScoreRing } from './score-ring';

/** `/modules/:moduleId/review` — after the last step, with Done back to the module (spec: §2). */
export function ReviewPage() {
  const params = useParams();
  const moduleId = parseModuleId(params.moduleId);
  if (moduleId === null) return <Navigate to="/modules" replace />;
  return <Review moduleId={moduleId} />;
}

function Review({ moduleId }: { moduleId: number }) {
  const navigate = useNavigate();
  const review = useModuleReview(moduleId);
  const data = review.data;
  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <Title order={2}>{data ? `Review: ${data.module.title}` : 'Review'}</Title>
      {review.isPending && <CenteredLoader label="Loading your review" />}
      {review.isError && <ErrorAlert message={errorMessage(review.error)} />}
      {data && (
        <>
          <Paper withBorder radius="lg" p="lg">
            <Group gap="lg" wrap="wrap">
              <ScoreRing score={Math.round(data.userdata.module_score)} label="Module score" />
              <Stack gap={4}>
                <Text fw={600}>
                  {data.userdata.completed_steps} of {data.userdata.total_steps} steps completed
                </Text>
                {data.userdata.weakest_sounds.length > 0 && (
                  <>
                    <Text size="sm" c="gray.7">
                      Sounds to keep practising:
                    </Text>
                    <Group gap={6}>
                      {data.userdata.weakest_sounds.map((sound) => (
                        <Badge
                          key={sound.phone}
                          variant="light"
                          color={moduleScoreTone(sound.score)}
                          data-tone={moduleScoreTone(sound.score)}
                          tt="none"
                        >
                          /{sound.ipa}/ {Math.round(sound.score)}
                        </Badge>
                      ))}
                    </Group>
                  </>
                )}
              </Stack>
            </Group>
          </Paper>
          {data.userdata.recordings.length > 0 && (
            <Stack gap="sm" component="section" aria-labelledby="review-recordings">
              <Title order={3} size="h4" id="review-recordings">
                Your recordings
              </Title>
              {data.userdata.recordings.map((recording) => (
                <Paper key={recording.id} withBorder radius="md" p="sm">
                  <Stack gap={4}>
                    <Group justify="space-between">
                      <Text fw={600}>{recording.title}</Text>
                      {recording.score !== null && (
                        <Text size="sm">Score {Math.round(recording.score)}</Text>
                      )}
                    </Group>
                    <AuthedAudio
                      url={recording.url}
                      label={`Your recording: ${recording.title}`}
                      playingText="Play"
                    />
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </>
      )}
      <Button
        size="lg"
        onClick={() => void navigate(`/modules/${moduleId}`)}
        style={{ alignSelf: 'center' }}
        miw={200}
      >
        Done
      </Button>
    </Stack>
  );
}
