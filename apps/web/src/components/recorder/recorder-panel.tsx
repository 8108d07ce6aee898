import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Box, Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconMicrophone,
  IconMicrophoneOff,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerStopFilled,
  IconRefresh,
} from '@tabler/icons-react';
import { DEFAULT_MAX_DURATION_MS, type RecorderErrorKind, type Recording } from './recorder.ts';
import { useRecorder } from './use-recorder.ts';

export interface RecorderPanelProps {
  /** The submit button's label, e.g. "Submit" or "Next One". */
  submitLabel: string;
  /**
   * Called with the recording when the learner submits. While it runs the button shows a
   * busy state; if it throws, its message is shown and the recording is kept so the learner
   * can submit again (nothing is lost).
   */
  onSubmit: (recording: Recording) => Promise<void>;
  /** Told whenever a recording appears or is discarded, for screens that gate other buttons. */
  onRecordingChange?: (recording: Recording | null) => void;
  /** spec: learning-experience §9 — 45 seconds. */
  maxDurationMs?: number;
}

// spec: learning-experience §8 — the default message for any failed call.
export const DEFAULT_SUBMIT_ERROR = 'Some error occurred. Please try again.';
// spec: learning-experience §8 — unsupported audio element.
export const AUDIO_FALLBACK_TEXT = 'Your browser does not support the audio element.';

const MICROPHONE_HELP: Record<RecorderErrorKind, { title: string; body: string; steps?: string[] }> = {
  'permission-denied': {
    title: 'Microphone access is blocked',
    body: 'ClearSpeak needs your microphone to hear you speak. Allow it in your browser, then tap Try again:',
    steps: [
      'On a computer: click the lock or settings icon at the left of the address bar, set Microphone to Allow, and reload the page if asked.',
      'On Android: tap the lock icon next to the web address, open Permissions, and turn on Microphone.',
      'On iPhone or iPad: open the Settings app, tap Safari (or your browser), tap Microphone, and choose Allow.',
    ],
  },
  'no-microphone': {
    title: 'No microphone found',
    body: 'We could not find a microphone on this device. Plug in a headset or microphone (or connect your Bluetooth headset), check that it is not muted, then tap Try again.',
  },
  unsupported: {
    title: 'This browser cannot record',
    body: 'Your browser does not let websites use the microphone. Open ClearSpeak in an up-to-date Chrome, Safari, Edge or Firefox. If you opened this page from inside another app, open it in your browser instead.',
  },
  failed: {
    title: 'The microphone did not start',
    body: 'Another app may be using the microphone, for example a video call. Close it, then tap Try again.',
  },
};

/** m:ss, rounding up so the countdown reads 0:45 at the start and 0:01 in the last second. */
export function formatSeconds(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000 - 1e-9));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${seconds.toString().padStart(2, '0')}`;
}

function errorMessageOf(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return DEFAULT_SUBMIT_ERROR;
}

/**
 * The recorder used by every recording screen.
 * spec: learning-experience §4 Recording — idle → recording (auto-stops at 45 seconds, with a
 * visible countdown) → recorded (play, retry after a confirmation, or submit);
 * §5 — a recording is required before submitting or moving on.
 */
export function RecorderPanel({ submitLabel, onSubmit, onRecordingChange, maxDurationMs = DEFAULT_MAX_DURATION_MS }: RecorderPanelProps) {
  const recorder = useRecorder({ maxDurationMs });
  const { state, recording, remainingMs, elapsedMs, level, error } = recorder;
  const audioRef = useRef<HTMLAudioElement>(null);
  const [isPlaying, setPlaying] = useState(false);
  const [isConfirmingRetry, setConfirmingRetry] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // The id of the recording already sent: sending it twice would only duplicate the upload.
  const [submittedId, setSubmittedId] = useState<string | null>(null);

  const onRecordingChangeRef = useRef(onRecordingChange);
  useEffect(() => {
    onRecordingChangeRef.current = onRecordingChange;
  });
  useEffect(() => {
    onRecordingChangeRef.current?.(recording);
  }, [recording]);

  const isRecording = state === 'recording' || state === 'stopping';
  const hasRecording = state === 'recorded' && recording !== null;

  function togglePlayback() {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) {
      audio.play().catch(() => setPlaying(false));
      setPlaying(true);
    } else {
      audio.pause();
      setPlaying(false);
    }
  }

  function stopPlayback() {
    audioRef.current?.pause();
    setPlaying(false);
  }

  function confirmRetry() {
    stopPlayback();
    setConfirmingRetry(false);
    setSubmitError(null);
    recorder.reset();
  }

  async function submit() {
    if (!recording || isSubmitting) return;
    stopPlayback();
    setSubmitting(true);
    setSubmitError(null);
    try {
      await onSubmit(recording);
      setSubmittedId(recording.id);
    } catch (caught) {
      setSubmitError(errorMessageOf(caught));
    } finally {
      setSubmitting(false);
    }
  }

  const help = error ? MICROPHONE_HELP[error.kind] : null;
  const timeUsedPct = Math.min(100, (elapsedMs / maxDurationMs) * 100);

  return (
    <Stack align="stretch" gap="md" w="100%" maw={480} mx="auto">
      {help && state === 'idle' && (
        <Alert color="red" variant="light" icon={<IconMicrophoneOff aria-hidden />} title={help.title}>
          <Stack gap="sm">
            <Text size="sm">{help.body}</Text>
            {help.steps && (
              <List size="sm" spacing={4}>
                {help.steps.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
            )}
            <Button color="red" leftSection={<IconRefresh size={18} aria-hidden />} onClick={recorder.start} miw={160} size="md" style={{ alignSelf: 'flex-start' }}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}

      {(state === 'idle' || state === 'requesting') && (
        <Stack align="center" gap="xs">
          <ActionIcon
            size={96}
            radius={96}
            color="red"
            variant="filled"
            aria-label="Start recording"
            loading={state === 'requesting'}
            onClick={recorder.start}
          >
            <IconMicrophone size={44} aria-hidden />
          </ActionIcon>
          <Text size="sm" c="gray.7" ta="center">
            {state === 'requesting'
              ? 'Allow the microphone if your browser asks.'
              : `Tap to record. You have up to ${Math.round(maxDurationMs / 1000)} seconds.`}
          </Text>
        </Stack>
      )}

      {isRecording && (
        <Stack align="center" gap="sm">
          <ActionIcon
            size={96}
            radius={96}
            color="red"
            variant="filled"
            aria-label="Stop recording"
            loading={state === 'stopping'}
            onClick={recorder.stop}
          >
            <IconPlayerStopFilled size={40} aria-hidden />
          </ActionIcon>
          <Text role="timer" fz={28} fw={700} ta="center" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatSeconds(remainingMs)} <Text span fz="md" fw={400} c="gray.7">left of {formatSeconds(maxDurationMs)}</Text>
          </Text>
          <Progress value={timeUsedPct} w="100%" size="sm" color="red" aria-hidden transitionDuration={0} />
          <Box w="100%" role="meter" aria-label="Microphone level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(level * 100)}>
            <Group gap="xs" wrap="nowrap">
              <IconMicrophone size={18} aria-hidden />
              <Progress value={level * 100} w="100%" size="lg" color="brand" aria-hidden transitionDuration={80} />
            </Group>
          </Box>
        </Stack>
      )}

      {hasRecording && (
        <Stack align="center" gap="xs">
          <ActionIcon
            size={96}
            radius={96}
            variant="filled"
            aria-label={isPlaying ? 'Pause recording' : 'Play recording'}
            onClick={togglePlayback}
          >
            {isPlaying ? <IconPlayerPauseFilled size={40} aria-hidden /> : <IconPlayerPlayFilled size={40} aria-hidden />}
          </ActionIcon>
          <Text size="sm" c="gray.7">
            Your recording: {formatSeconds(recording.durationMs)}
          </Text>
          <audio ref={audioRef} src={recording.url} preload="metadata" onEnded={() => setPlaying(false)} onPause={() => setPlaying(false)}>
            {AUDIO_FALLBACK_TEXT}
          </audio>
        </Stack>
      )}

      {submitError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" title="Not sent">
          {submitError} Your recording is kept; tap {submitLabel} to send it again.
        </Alert>
      )}

      <Group grow gap="sm" wrap="nowrap">
        {hasRecording && (
          <Button
            variant="default"
            size="lg"
            leftSection={<IconRefresh size={20} aria-hidden />}
            onClick={() => setConfirmingRetry(true)}
            disabled={isSubmitting}
          >
            Try Again
          </Button>
        )}
        <Button size="lg" onClick={() => void submit()} disabled={!hasRecording || submittedId === recording.id} loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Group>

      <Modal opened={isConfirmingRetry} onClose={() => setConfirmingRetry(false)} title="Record again?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text>Your current recording will be deleted so you can make a new one.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmingRetry(false)}>
              Keep it
            </Button>
            <Button color="red" onClick={confirmRetry}>
              Delete and record again
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
