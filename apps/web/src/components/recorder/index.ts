// Public API of the recorder: the engine for custom screens, the panel for the usual ones.
export {
  createRecorder,
  DEFAULT_MAX_DURATION_MS,
  type Recorder,
  type RecorderError,
  type RecorderErrorKind,
  type RecorderEvents,
  type RecorderListener,
  type RecorderOptions,
  type RecorderState,
  type Recording,
} from './recorder.ts';
export { chooseFormat, detectCapabilities, type FormatDecision, type RecorderCapabilities, type RecordingFormat } from './format.ts';
export { RecorderPanel, formatSeconds, AUDIO_FALLBACK_TEXT, DEFAULT_SUBMIT_ERROR, type RecorderPanelProps } from './recorder-panel.tsx';
export { useRecorder, type RecorderSnapshot, type UseRecorderResult } from './use-recorder.ts';
