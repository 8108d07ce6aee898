import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Group,
  Image,
  List,
  Paper,
  RingProgress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import type { AssessmentResult } from '@clearspeak/contract';
import { AskCoachReview } from '@/components/coach-review';

/** Word colours as on the fluency words: under 70 red, otherwise green (issue 6). */
export function wordScoreColor(score: number): 'red' | 'green' {
  return score < 70 ? 'red' : 'green';
}

function roundScore(score: number): number {
  return Math.round(score);
}

/** One shared <audio> so starting a voice stops the previous one. */
function usePlayer() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playingUrl, setPlayingUrl] = useState<string | null>(null);
  useEffect(
    () => () => {
      audioRef.current?.pause();
    },
    [],
  );
  const toggle = (url: string) => {
    audioRef.current?.pause();
    if (playingUrl === url) {
      setPlayingUrl(null);
      return;
    }
    const audio = new Audio(url);
    audioRef.current = audio;
    audio.onended = () => setPlayingUrl(null);
    setPlayingUrl(url);
    void audio.play().catch(() => setPlayingUrl(null));
  };
  return { playingUrl, toggle };
}

function PlayButton({
  url,
  label,
  player,
}: {
  url: string;
  label: string;
  player: ReturnType<typeof usePlayer>;
}) {
  const isPlaying = player.playingUrl === url;
  return (
    <ActionIcon
      variant="light"
      radius="xl"
      aria-label={isPlaying ? `Stop ${label}` : `Play ${label}`}
      onClick={() => player.toggle(url)}
    >
      {isPlaying ? <IconPlayerStopFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
    </ActionIcon>
  );
}

/**
 * The AI result of the fluency assessment (spec: accounts §2 step 4; learning §2 Notifications
 * "the assessment result shows words with image and voice, text tips and voice tips"; issue 6:
 * overall score, summary, the three focus sounds). Shared by the assessment's result step and
 * the initial-assessment-ai-feedback notification.
 */
export function AssessmentResultView({ result }: { result: AssessmentResult }) {
  const player = usePlayer();
  const overall = roundScore(result.overall_score);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md" component="section" aria-label="Overall score">
        <Group wrap="wrap" gap="md" align="center">
          <RingProgress
            size={120}
            thickness={12}
            roundCaps={overall > 0}
            role="img"
            aria-label={`Overall score: ${overall} out of 100`}
            sections={[{ value: Math.max(0, Math.min(100, overall)), color: 'brand' }]}
            label={
              <Text ta="center" fw={700} fz={28} aria-hidden>
                {overall}
              </Text>
            }
          />
          <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
            <Text>{result.summary}</Text>
            {result.strengths.length > 0 && (
              <List size="sm" aria-label="Strengths">
                {result.strengths.map((strength) => (
                  <List.Item key={strength}>{strength}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Group>
      </Paper>

      {/* With a coaching plan: a coach may review the assessment (issue 6). */}
      <AskCoachReview assessmentId={result.assessment_id} />

      {result.focus_sounds.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="focus-sounds">
          <Title order={2} size="h4" id="focus-sounds">
            Sounds to work on first
          </Title>
          {result.focus_sounds.map((sound) => (
            <Paper
              key={sound.phone}
              withBorder
              radius="md"
              p="sm"
              component="article"
              aria-label={`Sound ${sound.ipa}`}
            >
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge size="lg" variant="light" color={wordScoreColor(sound.score)}>
                  /{sound.ipa}/ {roundScore(sound.score)}
                </Badge>
                <Text size="sm">{sound.tip}</Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      <Stack gap="sm" component="section" aria-labelledby="assessment-items">
        <Title order={2} size="h4" id="assessment-items">
          Your recordings
        </Title>
        {result.items.map((item) => (
          <Paper
            key={item.initial_assessment_id}
            withBorder
            radius="md"
            p="sm"
            component="article"
            aria-label={item.text}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{item.text}</Text>
                {item.score !== null && (
                  // The whole recording's score (sounds, pace and melody: docs/decisions/012) is
                  // labelled and left uncoloured, so it never contradicts a word's own colour.
                  <Text fw={700} c="gray.8" size="sm" aria-label={`Overall for this recording: ${roundScore(item.score)}`} style={{ whiteSpace: 'nowrap' }}>
                    Overall {roundScore(item.score)}
                  </Text>
                )}
              </Group>
              {item.retake_reason && (
                <Text size="sm" c="gray.7">
                  {item.retake_reason}
                </Text>
              )}
              <Group gap="xs" wrap="wrap" aria-label="Words">
                {item.words.map((word, index) => (
                  <Text
                    key={`${word.word}-${index}`}
                    component="span"
                    fw={600}
                    c={wordScoreColor(word.score)}
                    data-color={wordScoreColor(word.score)}
                    aria-label={`${word.word}: ${roundScore(word.score)}`}
                  >
                    {word.word}
                  </Text>
                ))}
              </Group>
              {item.words.some((word) => word.weak_sounds.length > 0) && (
                <Text size="sm" c="gray.8">
                  Weak sounds:{' '}
                  {item.words
                    .flatMap((word) => word.weak_sounds.map((s) => `/${s.ipa}/ in “${word.word}”`))
                    .join(', ')}
                </Text>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>

      {result.words.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="assessment-words">
          <Title order={2} size="h4" id="assessment-words">
            Words to practise
          </Title>
          <Group gap="sm" wrap="wrap">
            {result.words.map((word, index) => (
              <Paper key={`${word.word}-${index}`} withBorder radius="md" p="xs">
                <Stack gap={6} align="center">
                  {/* The word card: the word, its key sound's letters and IPA highlighted. */}
                  {word.image_url && (
                    <Image
                      src={word.image_url}
                      alt={`${word.word}: word card with its key sound`}
                      w={160}
                      h={100}
                      fit="contain"
                    />
                  )}
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={600} c={wordScoreColor(word.score)}>
                      {word.word}
                    </Text>
                    {word.voice_url && (
                      <PlayButton url={word.voice_url} label={word.word} player={player} />
                    )}
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Group>
        </Stack>
      )}

      {result.text_tips.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="text-tips">
          <Title order={2} size="h4" id="text-tips">
            Tips
          </Title>
          <List spacing="xs">
            {result.text_tips.map((tip) => (
              <List.Item key={tip}>{tip}</List.Item>
            ))}
          </List>
        </Stack>
      )}

      {result.voice_tips.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="voice-tips">
          <Title order={2} size="h4" id="voice-tips">
            Voice tips
          </Title>
          {result.voice_tips.map((tip) => (
            <Group key={tip.voice_url} gap="xs" wrap="nowrap">
              <PlayButton url={tip.voice_url} label={tip.text} player={player} />
              <Text size="sm">{tip.text}</Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
