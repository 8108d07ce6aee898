import { fluencyEvaluation, type ResponseOf } from '@clearspeak/contract';
import type { Recording } from '@/components/recorder';
import { ApiError, upload } from '@/lib/api';
import { AiResultError, aiErrorMessage } from './ai-error';
import { recordingFile } from './recording-file';

export type FluencyResult = ResponseOf<typeof fluencyEvaluation>['ai_data'];

/** POST /fluency-evaluation; accepted at 653 or 648 (spec: learning §7), else `AiResultError`. */
export async function evaluateFluency(options: {
  moduleId: number;
  moduleCode: string;
  text: string;
  recording: Recording;
}): Promise<FluencyResult> {
  try {
    const response = await upload(
      fluencyEvaluation,
      { module_id: options.moduleId, module_code: options.moduleCode, text: options.text },
      recordingFile(options.recording),
    );
    return response.ai_data;
  } catch (error) {
    if (error instanceof ApiError && error.errorCode === 401) throw error;
    throw new AiResultError(aiErrorMessage(error));
  }
}
