import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { AUDIO_FALLBACK_TEXT } from '@/components/recorder';
import { fetchAudio } from '@/lib/api';

// spec: learning §8 — a recording that cannot be retrieved.
export const COULD_NOT_RETRIEVE = 'We could not retrieve your message';

/**
 * Plays a learner recording or a coach's reply. Both need the session (an `<audio src>` cannot
 * send the bearer token), so the audio is fetched with `fetchAudio` on the first play and played
 * from a blob URL, revoked when the player goes away. A failed fetch shows §8's alert.
 */
export function FeedbackAudio({
  url,
  label,
  text = 'Play',
}: {
  url: string;
  /** Accessible name after "Play"/"Pause", e.g. "your recording: Thank you". */
  label: string;
  text?: string;
}) {
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

  return (
    <Group gap="sm" wrap="wrap">
      <Button
        variant="light"
        size="sm"
        loading={isLoading}
        leftSection={
          isPlaying ? <IconPlayerPauseFilled size={16} aria-hidden /> : <IconPlayerPlayFilled size={16} aria-hidden />
        }
        onClick={() => void toggle()}
        aria-label={`${isPlaying ? 'Pause' : 'Play'} ${label}`}
      >
        {isPlaying ? 'Pause' : text}
      </Button>
      <audio ref={audioRef} preload="none" onEnded={() => setPlaying(false)} onPause={() => setPlaying(false)}>
        {AUDIO_FALLBACK_TEXT}
      </audio>
      {hasFailed && (
        <Alert color="red" variant="light" role="alert" py={6}>
          {COULD_NOT_RETRIEVE}
        </Alert>
      )}
    </Group>
  );
}
