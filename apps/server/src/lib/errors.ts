import { COACHING_LIMIT_MESSAGE, FEEDBACK_MESSAGES, MESSAGES } from '@clearspeak/contract';

/**
 * Every failure a service can report. The error handler maps the code to the HTTP status; the
 * message is what the user reads (the spec's text where it has one, accounts §8).
 */
const CODES = {
  validation: { status: 422, message: MESSAGES.generic },
  unauthenticated: { status: 401, message: MESSAGES.unauthenticated },
  forbidden: { status: 403, message: MESSAGES.forbidden },
  not_found: { status: 404, message: 'Not found.' },
  invalid_credentials: { status: 401, message: 'Email or password is incorrect.' },
  captcha_required: { status: 400, message: 'Please confirm that you are not a robot.' },
  unverified: { status: 403, message: 'Please verify your email first.' },
  email_taken: { status: 409, message: MESSAGES.generic },
  invalid_otp: { status: 400, message: MESSAGES.invalidOtp },
  otp_expired: { status: 400, message: 'This code has expired. Please ask for a new code.' },
  otp_attempts: { status: 400, message: 'Too many wrong codes. Please ask for a new code.' },
  resend_too_soon: { status: 429, message: 'Please wait a minute before asking for a new code.' },
  wrong_password: { status: 400, message: 'Your current password is incorrect.' },
  social_failed: { status: 400, message: MESSAGES.generic },
  social_email_taken: { status: 409, message: MESSAGES.generic },
  rate_limited: { status: 429, message: 'Too many requests. Please wait a minute and try again.' },
  internal: { status: 500, message: MESSAGES.generic },
  // Learning (issue 4): locked modules and lessons (spec: learning §4 Lesson access, §8), uploads.
  module_locked: { status: 403, message: 'This module is locked. Subscribe to unlock every module.' },
  lesson_locked: { status: 403, message: 'Please complete the previous lesson to unlock this lesson' },
  unsupported_media_type: { status: 415, message: 'Please send an audio recording (mp3, wav, webm, ogg, m4a, aac or flac).' },
  payload_too_large: { status: 413, message: 'The recording is too large. Recordings can be at most 5 MB.' },
  scoring_failed: { status: 503, message: 'We saved your recording but could not score it just now. Please try again.' },
  // Coaching (issue 5): learning §8 Coaching limit; a plan without coaching; two coaches, one claim.
  coaching_limit: { status: 403, message: COACHING_LIMIT_MESSAGE },
  no_coaching: { status: 403, message: 'Coach feedback comes with a coaching plan. Upgrade to get feedback from a coach.' },
  claim_conflict: { status: 409, message: FEEDBACK_MESSAGES.claimedByOther },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof CODES;

export interface AppErrorOptions {
  /** Replaces the default message of the code. */
  message?: string;
  /** Field-level messages for 422 bodies. */
  errors?: Record<string, string>;
  /** Extra fields for the body (`show_captcha`, `errorCode`). */
  extra?: { show_captcha?: boolean; errorCode?: number };
}

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.message ?? CODES[code].message);
    this.status = CODES[code].status;
  }
}

/** A 422 for one field, shaped like a schema failure so the client treats both alike. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation', { message, errors: { [field]: message } });
}
