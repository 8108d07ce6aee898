import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { AUDIO_FALLBACK_TEXT } from '@/components/recorder';
import { fetchAudio } from '@/lib/api';

// spec: learning §8 — a recording that cannot be retrieved.
export const COULD_NOT_RETRIEVE = 'We could not retrieve your message';

/**
 * Audio that needs the session (the learner's recordings, a coach's reply): an `<audio src>`
 * cannot send the bearer token, so the audio is fetched with `fetchAudio` on the first play and
 * played from a blob URL, revoked when the player goes away. `hasFailed` is set when the fetch fails.
 */
function useAuthedAudio(url: string) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [isPlaying, setPlaying] = useState(false);
  const [hasFailed, setFailed] = useState(false);

  useEffect(
    () => () => {
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    },
    [blobUrl],
  );

  async function toggle() {
    const audio = audioRef.current;
    if (!audio) return;
    if (isPlaying) {
      audio.pause();
      setPlaying(false);
      return;
    }
    if (!blobUrl) {
      setLoading(true);
      setFailed(false);
      try {
        const objectUrl = URL.createObjectURL(await fetchAudio(url));
        audio.src = objectUrl;
        setBlobUrl(objectUrl);
      } catch {
        setFailed(true);
        return;
      } finally {
        setLoading(false);
      }
    }
    setPlaying(true);
    audio.play().catch(() => setPlaying(false));
  }

  return { audioRef, isLoading, isPlaying, hasFailed, toggle, stopped: () => setPlaying(false) };
}

export interface AuthedAudioProps {
  url: string;
  /** Accessible name after "Play"/"Pause", e.g. "your recording: Thank you". */
  label: string;
  /** Visible text while stopped; short, since the surrounding card already names the recording. */
  text?: string;
  /** Visible text while playing. */
  playingText?: string;
  /** 'inline': the §8 alert wraps beside the button; 'stacked': it goes below it. */
  layout?: 'inline' | 'stacked';
}

/** A Play/Pause button for audio that needs the session; a failed fetch shows §8's alert. */
export function AuthedAudio({
  url,
  label,
  text = 'Play',
  playingText = 'Pause',
  layout = 'inline',
}: AuthedAudioProps) {
  const { audioRef, isLoading, isPlaying, hasFailed, toggle, stopped } = useAuthedAudio(url);

  const player = (
    <>
      {/* Size md: 42 px, the app's touch target (sm made 36 px); the minimum holds it if the
          size changes. */}
      <Button
        variant="light"
        size="md"
        styles={{ root: { minHeight: 42 } }}
        loading={isLoading}
        leftSection={
          isPlaying ? (
            <IconPlayerPauseFilled size={16} aria-hidden />
          ) : (
            <IconPlayerPlayFilled size={16} aria-hidden />
          )
        }
        onClick={() => void toggle()}
        aria-label={`${isPlaying ? 'Pause' : 'Play'} ${label}`}
      >
        {isPlaying ? playingText : text}
      </Button>
      <audio ref={audioRef} preload="none" onEnded={stopped} onPause={stopped}>
        {AUDIO_FALLBACK_TEXT}
      </audio>
    </>
  );
  const alert = hasFailed && (
    <Alert color="red" variant="light" role="alert" py={layout === 'inline' ? 6 : undefined}>
      {COULD_NOT_RETRIEVE}
    </Alert>
  );

  if (layout === 'stacked') {
    return (
      <Stack gap={6}>
        <Group gap="sm">{player}</Group>
        {alert}
      </Stack>
    );
  }
  return (
    <Group gap="sm" wrap="wrap">
      {player}
      {alert}
    </Group>
  );
}
