import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconMicrophone,
  IconMicrophoneOff,
  IconPlayerStopFilled,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { AUDIO_FALLBACK_TEXT, formatSeconds, useRecorder, type RecorderErrorKind, type Recording } from '@/components/recorder';
import { errorMessage } from '@/lib/api';
import { useAudioBlob } from '../api/get-audio';
import { useObjectUrl } from './use-object-url';

const MICROPHONE_HELP: Record<RecorderErrorKind, string> = {
  'permission-denied': 'Microphone access is blocked. Allow it from the icon at the left of the address bar, then record again.',
  'no-microphone': 'No microphone was found. Plug in a headset or microphone, then record again.',
  unsupported: 'This browser cannot record. Use an up-to-date Chrome, Edge, Firefox or Safari.',
  failed: 'The microphone did not start. Close other apps that may be using it, then record again.',
};

export interface SavedReply {
  replyAudioId: number;
  audioUrl: string;
}

interface Props {
  /** The reply already stored for this item (this session's draft), if any. */
  saved: SavedReply | null;
  /** Stores a recording on the server; resolves with where it now lives. */
  onUpload: (recording: Recording) => Promise<SavedReply>;
  /** A new reply was stored (or null: the coach removed the audio reply). */
  onChange: (saved: SavedReply | null) => void;
  /** "recording 1": names the buttons for screen readers. */
  label: string;
  /** Told when an upload starts and ends, so the page can wait for it before submitting. */
  onSavingChange?: (isSaving: boolean) => void;
}

/**
 * The coach's spoken reply to one recording, on the learners' recorder engine
 * (components/recorder). A reply is uploaded the moment recording stops, so nothing is lost
 * if the tab closes; a failed upload keeps the recording for another try. A new recording
 * replaces the saved one only once it is stored.
 */
export function ReplyRecorder({ saved, onUpload, onChange, label, onSavingChange }: Props) {
  const recorder = useRecorder();
  const { state, recording, remainingMs, elapsedMs, level, error } = recorder;
  const [upload, setUpload] = useState<{ id: string; status: 'saving' | 'saved' | 'failed'; message?: string } | null>(null);
  const [isConfirmingReplace, setConfirmingReplace] = useState(false);
  const attempted = useRef(new Set<string>());

  const onUploadRef = useRef(onUpload);
  const onChangeRef = useRef(onChange);
  const onSavingChangeRef = useRef(onSavingChange);
  useEffect(() => {
    onUploadRef.current = onUpload;
    onChangeRef.current = onChange;
    onSavingChangeRef.current = onSavingChange;
  });

  async function send(take: Recording) {
    setUpload({ id: take.id, status: 'saving' });
    onSavingChangeRef.current?.(true);
    try {
      const stored = await onUploadRef.current(take);
      setUpload({ id: take.id, status: 'saved' });
      onChangeRef.current(stored);
    } catch (caught) {
      setUpload({ id: take.id, status: 'failed', message: errorMessage(caught) });
    } finally {
      onSavingChangeRef.current?.(false);
    }
  }

  useEffect(() => {
    if (state !== 'recorded' || !recording || attempted.current.has(recording.id)) return;
    attempted.current.add(recording.id);
    void send(recording);
  }, [state, recording]);

  // A saved reply from an earlier visit (after a reload) plays from the server.
  const savedAudio = useAudioBlob(saved && !recording ? saved.audioUrl : null);
  const savedUrl = useObjectUrl(savedAudio.data);

  const isRecording = state === 'recording' || state === 'stopping';
  const currentUpload = recording && upload?.id === recording.id ? upload : null;
  const playbackUrl = recording && currentUpload?.status !== 'failed' ? recording.url : saved ? savedUrl : null;
  const hasSaved = saved !== null;

  function startOver() {
    setConfirmingReplace(false);
    recorder.reset();
    recorder.start();
  }

  return (
    <Stack gap="xs">
      {error && state === 'idle' && (
        <Alert color="red" variant="light" icon={<IconMicrophoneOff aria-hidden />} p="xs">
          {MICROPHONE_HELP[error.kind]}
        </Alert>
      )}

      {isRecording ? (
        <Group gap="sm" wrap="nowrap">
          <Button color="red" leftSection={<IconPlayerStopFilled size={18} aria-hidden />} onClick={recorder.stop} loading={state === 'stopping'} aria-label={`Stop recording the reply to ${label}`}>
            Stop
          </Button>
          <Stack gap={4} style={{ flex: 1 }}>
            <Text role="timer" size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatSeconds(elapsedMs)} · {formatSeconds(remainingMs)} left
            </Text>
            <Progress value={level * 100} size="sm" aria-label="Microphone level" transitionDuration={80} />
          </Stack>
        </Group>
      ) : (
        <Group gap="xs" wrap="wrap">
          {!hasSaved && !recording && (
            <Button color="red" variant="light" leftSection={<IconMicrophone size={18} aria-hidden />} onClick={recorder.start} loading={state === 'requesting'} aria-label={`Record a reply to ${label}`}>
              Record reply
            </Button>
          )}
          {(hasSaved || recording) && (
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => (hasSaved ? setConfirmingReplace(true) : startOver())}
              disabled={currentUpload?.status === 'saving'}
              aria-label={`Record the reply to ${label} again`}
            >
              Record again
            </Button>
          )}
          {hasSaved && (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => {
                recorder.reset();
                setUpload(null);
                onChange(null);
              }}
              disabled={currentUpload?.status === 'saving'}
              aria-label={`Remove the audio reply to ${label}`}
            >
              Remove
            </Button>
          )}
        </Group>
      )}

      {currentUpload?.status === 'saving' && (
        <Text size="sm" c="gray.7" role="status">
          Saving your reply…
        </Text>
      )}
      {currentUpload?.status === 'failed' && recording && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" p="xs">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm">Your reply was not saved. {currentUpload.message}</Text>
            <Button size="xs" color="red" onClick={() => void send(recording)}>
              Save again
            </Button>
          </Group>
        </Alert>
      )}
      {hasSaved && !isRecording && currentUpload?.status !== 'saving' && currentUpload?.status !== 'failed' && (
        <Group gap="xs" wrap="nowrap">
          <IconCheck size={16} color="var(--mantine-color-brand-8)" aria-hidden />
          <Text size="sm" c="brand.9" fw={600}>
            Audio reply saved
          </Text>
        </Group>
      )}
      {playbackUrl && !isRecording && (
        <audio controls src={playbackUrl} preload="metadata" aria-label={`Your reply to ${label}`} style={{ width: '100%', maxWidth: 420 }}>
          {AUDIO_FALLBACK_TEXT}
        </audio>
      )}

      <Modal opened={isConfirmingReplace} onClose={() => setConfirmingReplace(false)} title="Record this reply again?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text>The new recording replaces the saved one as soon as it is saved. Until then the saved reply stays.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmingReplace(false)}>
              Keep it
            </Button>
            <Button color="red" onClick={startOver}>
              Record again
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
