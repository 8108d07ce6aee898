import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { AUDIO_FALLBACK_TEXT } from '@/components/recorder';
import { fetchAudio } from '@/lib/api';

// spec: learning §8 — a recording that cannot be retrieved.
export const COULD_NOT_RETRIEVE = 'We could not retrieve your message';

/**
 * Plays audio that needs the session (the learner's recording, the coach's reply): fetched with
 * the bearer token on the first play, played from a blob URL revoked when the player goes.
 */
export function AuthedAudio({ url, label, text }: { url: string; label: string; text: string }) {
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

  return (
    <Stack gap={6}>
      <Group gap="sm">
        <Button
          variant="light"
          size="sm"
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
          {isPlaying ? 'Pause' : text}
        </Button>
        <audio
          ref={audioRef}
          preload="none"
          onEnded={() => setPlaying(false)}
          onPause={() => setPlaying(false)}
        >
          {AUDIO_FALLBACK_TEXT}
        </audio>
      </Group>
      {hasFailed && (
        <Alert color="red" variant="light" role="alert">
          {COULD_NOT_RETRIEVE}
        </Alert>
      )}
    </Stack>
  );
}
