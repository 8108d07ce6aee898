import type { Recording } from '@/components/recorder';
import type { UploadFile } from '@/lib/api';

/** The `recorded_file` part of an upload. */
export function recordingFile(recording: Recording): UploadFile {
  return { blob: recording.blob, filename: `recording.${recording.extension}` };
}

/** "mm:ss", the contract's duration (spec: learning §7 uploads send `duration`). */
export function formatDuration(durationMs: number): string {
  const totalSeconds = Math.max(1, Math.round(durationMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes.toString().padStart(2, '0')}:${seconds.toString().padStart(2, '0')}`;
}
