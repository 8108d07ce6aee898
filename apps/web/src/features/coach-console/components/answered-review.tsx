import { Alert, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import type { CoachRequestDetail } from '@clearspeak/contract';
import { AUDIO_FALLBACK_TEXT } from '@/components/recorder';
import { useAudioBlob } from '../api/get-audio';
import { FactorRatings } from './factor-ratings';
import { RequestHeader } from './request-header';
import { RequestItemCard } from './request-item-card';
import { useObjectUrl } from './use-object-url';

function SentAudio({ url, label }: { url: string; label: string }) {
  const audio = useAudioBlob(url);
  const src = useObjectUrl(audio.data);
  if (audio.isError)
    return (
      <Text size="sm" c="red.8">
        The audio reply could not be loaded.
      </Text>
    );
  if (!src) return null;
  return (
    <audio
      controls
      src={src}
      preload="metadata"
      aria-label={label}
      style={{ width: '100%', maxWidth: 420 }}
    >
      {AUDIO_FALLBACK_TEXT}
    </audio>
  );
}

/** An answered request, read-only: what was sent to the learner. */
export function AnsweredReview({ request }: { request: CoachRequestDetail }) {
  return (
    <Stack gap="md" maw={1320} mx="auto">
      {/* The header has 'Back to the queue'. */}
      <RequestHeader request={request} />
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {request.items.map((item, index) => (
              <RequestItemCard key={item.id} item={item} index={index}>
                <Stack
                  gap={6}
                  pt="xs"
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Text fw={650} size="sm">
                    Your reply
                  </Text>
                  {item.reply?.audio_url && (
                    <SentAudio
                      url={item.reply.audio_url}
                      label={`Your reply to recording ${index + 1}`}
                    />
                  )}
                  {item.reply?.text ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {item.reply.text}
                    </Text>
                  ) : (
                    !item.reply?.audio_url && (
                      <Text size="sm" c="gray.7">
                        No reply was stored for this recording.
                      </Text>
                    )
                  )}
                </Stack>
              </RequestItemCard>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby="coach-sent-heading"
          >
            <Stack gap="sm">
              <Title order={2} size="h4" id="coach-sent-heading">
                Overall feedback
              </Title>
              <Alert color="gray" variant="light" p="xs">
                This feedback was sent
                {request.answered_at ? ` on ${formatSentAt(request.answered_at)}` : ''} and can no
                longer be changed.
              </Alert>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {request.summary ?? ''}
              </Text>
              {request.scores && <FactorRatings scores={request.scores} readOnly />}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** 'November 21, 2026 at 8:43 PM': like the learner's dates, without seconds. */
function formatSentAt(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString([], { year: 'numeric', month: 'long', day: 'numeric' });
  const time = date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return `${day} at ${time}`;
}
