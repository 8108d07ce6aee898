import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Alert, Box, Group, Loader, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type WaveSurfer from 'wavesurfer.js';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import { AUDIO_FALLBACK_TEXT } from '@/components/recorder';
import { errorMessage } from '@/lib/api';
import { useAudioBlob } from '../api/get-audio';
import { playbackSpan, wordTone, type CoachItemAssessment, type ErrorRegion } from '../lib/error-map';
import { formatClock } from '../lib/time-words';
import { useObjectUrl } from './use-object-url';
import classes from './coach-console.module.css';

const REGION_COLORS: Record<ErrorRegion['severity'], string> = {
  weak: 'rgba(224, 49, 49, 0.30)',
  unclear: 'rgba(245, 159, 0, 0.30)',
};
const LABEL_COLORS: Record<ErrorRegion['severity'], string> = { weak: '#a61e1e', unclear: '#8a5300' };

type Status = 'loading' | 'ready' | 'plain' | 'error';

/** Marks closer than this to the one before put their label at the bottom, so labels do not overlap. */
const LABEL_CLEARANCE_MS = 250;

function regionContent(region: ErrorRegion, isBelow: boolean): HTMLElement {
  // Lives in wavesurfer's shadow DOM, so it is styled inline.
  const element = document.createElement('div');
  const place = isBelow ? 'position: absolute; bottom: 0; left: 0;' : '';
  element.style.cssText = `${place} font: 600 12px/1.25 system-ui, sans-serif; color: ${LABEL_COLORS[region.severity]}; padding: 2px 3px; white-space: nowrap; pointer-events: none;`;
  const ipa = document.createElement('div');
  ipa.textContent = `/${region.ipa}/`;
  element.append(ipa);
  if (region.heardIpa) {
    const heard = document.createElement('div');
    heard.style.fontWeight = '400';
    heard.textContent = `heard /${region.heardIpa}/`;
    element.append(heard);
  }
  return element;
}

function canDrawWaveform(): boolean {
  return typeof window.AudioContext === 'function' && typeof HTMLCanvasElement !== 'undefined' && typeof URL.createObjectURL === 'function';
}

interface Props {
  /** `/api/coach/items/:id/audio`, fetched with the bearer token. */
  recordingUrl: string;
  durationMs: number;
  regions: ErrorRegion[];
  words: CoachItemAssessment['words'];
  /** Names the player for screen readers, e.g. "recording 1". */
  label: string;
}

/**
 * The learner's recording drawn as a waveform (wavesurfer.js) with the engine's weak and
 * unclear sounds marked where they occur; a click on a mark, a word or a listed sound plays
 * that span. Without Web Audio (or if the file cannot be decoded) a plain player remains.
 */
export const ErrorMapWaveform = memo(function ErrorMapWaveform({ recordingUrl, durationMs, regions, words, label }: Props) {
  const audio = useAudioBlob(recordingUrl);
  const plainUrl = useObjectUrl(audio.data);
  const containerRef = useRef<HTMLDivElement>(null);
  const plainRef = useRef<HTMLAudioElement>(null);
  const waveRef = useRef<WaveSurfer | null>(null);
  const spanEndRef = useRef<number | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [isPlaying, setPlaying] = useState(false);
  const [currentMs, setCurrentMs] = useState(0);
  const [totalMs, setTotalMs] = useState(durationMs);

  const playSpan = useCallback(
    (span: { startMs: number; endMs: number }) => {
      const { startMs, endMs } = playbackSpan(span, totalMs);
      const wave = waveRef.current;
      if (wave) {
        void wave.play(startMs / 1000, endMs / 1000).catch(() => undefined);
        return;
      }
      const element = plainRef.current;
      if (!element) return;
      element.currentTime = startMs / 1000;
      spanEndRef.current = endMs / 1000;
      void element.play()?.catch(() => undefined);
    },
    [totalMs],
  );

  const playSpanRef = useRef(playSpan);
  useEffect(() => {
    playSpanRef.current = playSpan;
  });

  const blob = audio.data;
  useEffect(() => {
    const container = containerRef.current;
    if (!blob || !container) return;
    if (!canDrawWaveform()) {
      setStatus('plain');
      return;
    }
    let isCancelled = false;
    let wave: WaveSurfer | null = null;
    setStatus('loading');
    void (async () => {
      try {
        const [{ default: WaveSurferClass }, { default: RegionsPlugin }] = await Promise.all([
          import('wavesurfer.js'),
          import('wavesurfer.js/dist/plugins/regions.esm.js'),
        ]);
        if (isCancelled) return;
        const regionsPlugin = RegionsPlugin.create();
        wave = WaveSurferClass.create({
          container,
          height: 104,
          waveColor: '#9aa5b1',
          progressColor: '#0f766e',
          cursorColor: '#005c55',
          cursorWidth: 2,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          normalize: true,
          dragToSeek: true,
          plugins: [regionsPlugin],
        });
        waveRef.current = wave;
        wave.on('ready', (seconds) => {
          setTotalMs(Math.round(seconds * 1000));
          let previous: { endMs: number; isBelow: boolean } | null = null;
          for (const region of regions) {
            const isBelow: boolean = previous !== null && !previous.isBelow && region.startMs - previous.endMs < LABEL_CLEARANCE_MS;
            previous = { endMs: region.endMs, isBelow };
            regionsPlugin.addRegion({
              id: region.id,
              start: region.startMs / 1000,
              end: region.endMs / 1000,
              color: REGION_COLORS[region.severity],
              content: regionContent(region, isBelow),
              drag: false,
              resize: false,
            });
          }
          setStatus('ready');
        });
        wave.on('timeupdate', (seconds) => setCurrentMs(seconds * 1000));
        wave.on('play', () => setPlaying(true));
        wave.on('pause', () => setPlaying(false));
        wave.on('finish', () => setPlaying(false));
        wave.on('error', () => {
          if (!isCancelled) setStatus('error');
        });
        regionsPlugin.on('region-clicked', (region: Region, event: MouseEvent) => {
          event.stopPropagation();
          playSpanRef.current({ startMs: region.start * 1000, endMs: region.end * 1000 });
        });
        await wave.loadBlob(blob).catch(() => undefined);
      } catch {
        if (!isCancelled) setStatus('error');
      }
    })();
    return () => {
      isCancelled = true;
      waveRef.current = null;
      wave?.destroy();
    };
  }, [blob, regions]);

  const showPlain = status === 'plain' || status === 'error';

  function togglePlay() {
    const wave = waveRef.current;
    if (wave) void wave.playPause().catch(() => undefined);
  }

  const wordButtons = useMemo(
    () =>
      words.map((word, index) => ({
        key: `${index}-${word.text}`,
        word,
        tone: wordTone(word.accuracy),
      })),
    [words],
  );

  return (
    <Box>
      {audio.isError && <Alert color="red" variant="light">{`The recording could not be loaded. ${errorMessage(audio.error)}`}</Alert>}
      {!audio.isError && (
        <Group gap="sm" wrap="nowrap" align="center">
          {!showPlain && (
            <Tooltip label={isPlaying ? 'Pause' : 'Play'}>
              <ActionIcon size="xl" radius="xl" aria-label={isPlaying ? `Pause ${label}` : `Play ${label}`} onClick={togglePlay} disabled={status !== 'ready'}>
                {isPlaying ? <IconPlayerPauseFilled size={22} aria-hidden /> : <IconPlayerPlayFilled size={22} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
          <Box className={classes.waveBox} style={{ flex: 1, minWidth: 0 }}>
            <div ref={containerRef} className={showPlain ? classes.hidden : undefined} aria-label={`Waveform of ${label}`} role="img" />
            {(audio.isPending || status === 'loading') && !showPlain && (
              <Group className={classes.waveLoading} gap="xs" justify="center">
                <Loader size="sm" />
                <Text size="sm" c="gray.7">
                  Loading the recording…
                </Text>
              </Group>
            )}
            {showPlain && plainUrl && (
              <audio
                ref={plainRef}
                controls
                src={plainUrl}
                aria-label={label}
                style={{ width: '100%' }}
                onTimeUpdate={(event) => {
                  const end = spanEndRef.current;
                  if (end !== null && event.currentTarget.currentTime >= end) {
                    event.currentTarget.pause();
                    spanEndRef.current = null;
                  }
                }}
              >
                {AUDIO_FALLBACK_TEXT}
              </audio>
            )}
          </Box>
          {!showPlain && (
            <Text size="sm" c="gray.7" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} visibleFrom="xs">
              {formatClock(currentMs / 1000)} / {formatClock(Math.round(totalMs / 1000))}
            </Text>
          )}
        </Group>
      )}

      {wordButtons.length > 0 && (
        <Group gap={6} mt="xs" wrap="wrap" aria-label="Words and their accuracy" role="group">
          {wordButtons.map(({ key, word, tone }) => (
            <UnstyledButton
              key={key}
              className={classes.word}
              data-tone={tone}
              onClick={() => playSpan({ startMs: word.start_ms, endMs: word.end_ms })}
              aria-label={`Play “${word.text}”, accuracy ${Math.round(word.accuracy)}`}
            >
              <span>{word.text}</span>
              <span className={classes.wordScore}>{Math.round(word.accuracy)}</span>
            </UnstyledButton>
          ))}
        </Group>
      )}

      {regions.length > 0 && (
        <Group gap={6} mt="xs" wrap="wrap" role="group" aria-label="Weak and unclear sounds">
          {regions.map((region) => (
            <UnstyledButton
              key={region.id}
              className={classes.sound}
              data-severity={region.severity}
              onClick={() => playSpan(region)}
              aria-label={`Play ${region.label} in “${region.word}”, ${region.severity}, score ${Math.round(region.score)}`}
            >
              {region.label} <span className={classes.soundWord}>in {region.word}</span>
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Box>
  );
});
