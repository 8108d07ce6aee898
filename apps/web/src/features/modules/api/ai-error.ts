import { ApiError } from '@/lib/api';

// spec: learning §8 — "AI result with unaccepted status: dialog 'Error' with the server's
// ai_data.data.error_message; default 'Something went wrong, please record again' (also when
// the response is missing)".
export const AI_ERROR_DEFAULT = 'Something went wrong, please record again';

/**
 * The server's `ai_data.data.error_message` (or `ai_data.error_message`); else the message of
 * an error answer (e.g. a retake reason, or "saved but not scored" on 503); else §8's default.
 */
export function aiErrorMessage(error: unknown): string {
  const body = error instanceof ApiError ? error.body : undefined;
  if (typeof body !== 'object' || body === null) return AI_ERROR_DEFAULT;
  const aiData = (body as { ai_data?: unknown }).ai_data;
  if (typeof aiData !== 'object' || aiData === null) {
    const envelope = body as { isError?: unknown; message?: unknown };
    return envelope.isError === true &&
      typeof envelope.message === 'string' &&
      envelope.message.trim()
      ? envelope.message
      : AI_ERROR_DEFAULT;
  }
  const data = (aiData as { data?: unknown }).data;
  const nested =
    typeof data === 'object' && data !== null
      ? (data as { error_message?: unknown }).error_message
      : undefined;
  const flat = (aiData as { error_message?: unknown }).error_message;
  const message = typeof nested === 'string' ? nested : typeof flat === 'string' ? flat : '';
  return message.trim() || AI_ERROR_DEFAULT;
}

/** An AI call whose answer is not a result; `message` is what §8's 'Error' dialog shows. */
export class AiResultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiResultError';
  }
}
