import { uploadCoachReplyAudio } from '@clearspeak/contract';
import type { Recording } from '@/components/recorder';
import { upload } from '@/lib/api';

/**
 * POST /coach/requests/:id/reply-audio (multipart `recorded_file`, `item_id`): the reply is
 * stored as soon as it is recorded, before the feedback is submitted.
 */
export function uploadReplyAudio(requestId: number, itemId: number, recording: Recording) {
  return upload(
    uploadCoachReplyAudio,
    { id: requestId, item_id: itemId, duration: (recording.durationMs / 1000).toFixed(2) },
    { blob: recording.blob, filename: `reply.${recording.extension}` },
  );
}
