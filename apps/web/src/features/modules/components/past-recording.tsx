import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { AUDIO_FALLBACK_TEXT } from '@/components/recorder';
import { fetchAudio } from '@/lib/api';
import { COULD_NOT_RETRIEVE } from './recording-messages';

/**
 * Plays one of the learner's stored recordings. They need the session, so the audio is
 * fetched with the token and played from a blob URL; if it cannot be fetched, §8's
 * 'We could not retrieve your message' is shown.
 */
export function PastRecording({
  url,
  label,
  text = 'Play',
}: {
  url: string;
  /** Accessible name after "Play"/"Pause", e.g. "your recording: think". */
  label: string;
  /** Visible text; short, since the surrounding card already names the recording. */
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
        const blob = await fetchAudio(url);
        const objectUrl = URL.createObjectURL(blob);
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
        leftSection={isPlaying ? <IconPlayerPauseFilled size={16} aria-hidden /> : <IconPlayerPlayFilled size={16} aria-hidden />}
        onClick={() => void toggle()}
        aria-label={`${isPlaying ? 'Pause' : 'Play'} ${label}`}
      >
        {text}
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
