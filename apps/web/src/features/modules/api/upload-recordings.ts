import { uploadFinalRecord, uploadListenRecord, uploadRecord } from '@clearspeak/contract';
import type { Recording } from '@/components/recorder';
import { upload } from '@/lib/api';
import { formatDuration, recordingFile } from './recording-file';

/** Pre lesson recording (spec: learning §7 "assessment_type 'pre_lesson'"). */
export function uploadPreLessonRecording(options: { lessonId: number; recording: Recording }) {
  return upload(
    uploadRecord,
    {
      assessment_id: options.lessonId,
      assessment_type: 'pre_lesson',
      duration: formatDuration(options.recording.durationMs),
    },
    recordingFile(options.recording),
  );
}

export function uploadListenRecording(options: { listenRecordId: number; recording: Recording }) {
  return upload(
    uploadListenRecord,
    {
      listen_record_id: options.listenRecordId,
      duration: formatDuration(options.recording.durationMs),
    },
    recordingFile(options.recording),
  );
}

export function uploadFinalRecording(options: {
  assessmentId: number;
  moduleId: number;
  recording: Recording;
}) {
  return upload(
    uploadFinalRecord,
    {
      assessment_id: options.assessmentId,
      module_id: options.moduleId,
      assessment_type: 'final',
      duration: formatDuration(options.recording.durationMs),
    },
    recordingFile(options.recording),
  );
}
