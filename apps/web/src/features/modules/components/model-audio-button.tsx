import { useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { AUDIO_FALLBACK_TEXT } from '@/components/recorder';

/** Plays a model pronunciation (or any short clip) from a button with a clear name. */
export function ModelAudioButton({ src, label }: { src: string; label: string }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [isPlaying, setPlaying] = useState(false);
  function play() {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = 0;
    setPlaying(true);
    audio.play().catch(() => setPlaying(false));
  }
  return (
    <>
      <Button
        variant="light"
        size="md"
        leftSection={<IconVolume size={20} aria-hidden />}
        onClick={play}
        aria-label={label}
        data-playing={isPlaying || undefined}
      >
        Listen
      </Button>
      <audio ref={audioRef} src={src} preload="none" onEnded={() => setPlaying(false)}>
        {AUDIO_FALLBACK_TEXT}
      </audio>
    </>
  );
}

/** Plays a clip without a visible control (the listen-and-choose result sounds). */
export function playClip(src: string): void {
  const audio = new Audio(src);
  audio.play().catch(() => undefined);
}
