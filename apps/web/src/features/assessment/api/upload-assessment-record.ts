import {
  uploadInitialAssessmentRecord,
  uploadInitialAssessmentRecordV2,
} from '@clearspeak/contract';
import type { Recording } from '@/components/recorder';
import { upload } from '@/lib/api';
import { ensureAnonymousId } from './anonymous-visitor';

/** "mm:ss" (spec: accounts §3 Upload payload "duration (mm:ss)"). */
export function formatDuration(durationMs: number): string {
  const totalSeconds = Math.max(1, Math.round(durationMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes.toString().padStart(2, '0')}:${seconds.toString().padStart(2, '0')}`;
}

/**
 * POST /upload-initial-assessment-record (learner) or /v2/... with anonymousUserId (anonymous),
 * multipart: recorded_file, initial_assessment_id, text, duration (accounts §3, §7).
 */
export async function uploadAssessmentRecord(options: {
  isSignedIn: boolean;
  itemId: number;
  text: string;
  nativeLanguage: string;
  recording: Recording;
}): Promise<number> {
  const fields = {
    initial_assessment_id: options.itemId,
    text: options.text,
    duration: formatDuration(options.recording.durationMs),
    native_language: options.nativeLanguage,
  };
  const file = {
    blob: options.recording.blob,
    filename: `recording.${options.recording.extension}`,
  };
  const answer = options.isSignedIn
    ? await upload(uploadInitialAssessmentRecord, fields, file)
    : await upload(
        uploadInitialAssessmentRecordV2,
        { ...fields, anonymousUserId: await ensureAnonymousId() },
        file,
      );
  return answer.assessment_record_id;
}
