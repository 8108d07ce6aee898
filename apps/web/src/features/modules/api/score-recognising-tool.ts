import { aiSmartCoach, type ResponseOf } from '@clearspeak/contract';
import type { Recording } from '@/components/recorder';
import { ApiError, upload } from '@/lib/api';
import { recordingFile } from './recording-file';
import { AiResultError, aiErrorMessage } from './ai-error';

export type AiSmartCoachResult = ResponseOf<typeof aiSmartCoach>['ai_data'];

/**
 * Records are scored by POST /v3/ai-smart-coach (spec: learning §7). Statuses 200 and 201 are
 * results (201 carries an `error_message` asking to record again); anything else, or no
 * answer, is an `AiResultError` carrying the message for §8's 'Error' dialog.
 */
export async function scoreRecognisingTool(options: {
  moduleCode: string;
  text: string;
  recording: Recording;
}): Promise<AiSmartCoachResult> {
  try {
    const response = await upload(
      aiSmartCoach,
      { module_code: options.moduleCode, text: options.text },
      recordingFile(options.recording),
    );
    return response.ai_data;
  } catch (error) {
    if (error instanceof ApiError && error.errorCode === 401) throw error;
    throw new AiResultError(aiErrorMessage(error));
  }
}
