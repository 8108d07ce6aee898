import { z } from 'zod';

/** Role ids (DESIGN.md §Roles; the learner id 2 is the spec's). */
export const ROLE = { admin: 1, learner: 2, coach: 3 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/**
 * Every error body. `errorCode` 401 in any response makes the client log out
 * (spec: accounts §7, learning §7). `code` is our machine-readable reason.
 */
export const ErrorResponseSchema = z.object({
  isError: z.literal(true),
  message: z.string(),
  errorCode: z.number().int().optional(),
  code: z.string().optional(),
  /** Login only: the client must show the captcha (spec: accounts §2 Login). */
  show_captcha: z.boolean().optional(),
  /** Field-level validation messages, keyed by the request's field name. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Plain success with a message. */
export const MessageResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
});

export const EmptyRequestSchema = z.object({}).strict();

/** Messages fixed by the spec (accounts §5 and §8; learning §8). One place, used by server and web. */
export const MESSAGES = {
  generic: 'Some error occurred. Please try again.',
  boundary: 'Something went wrong.',
  emailRequired: 'Enter your email id.',
  passwordRequired: 'Enter your password.',
  termsRequired: 'You must accept the terms and conditions',
  codeRequired: 'Enter the temporary code which sent to your email.',
  otpRequired: 'Enter your OTP.',
  newPasswordRequired: 'Enter New Password',
  reenterRequired: 'Reenter your Password',
  passwordsMustMatch: 'New Password and Reenter Password should match.',
  invalidOtp: 'Invalid OTP',
  passwordReset: 'Your password has been reset.',
  googleFailed: 'Sign in with Google failed',
  facebookFailed: 'Sign in with Facebook failed',
  popupClosed: 'user has closed the login popup',
  thirdPartyCookies: 'please enable your third party cookies from browser settings for social login',
  giveEmailTitle: 'Give your Email Id',
  profileUpdated: 'Successfully Updated.',
  unauthenticated: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have access to this page.',
} as const;

/** Register 409 dialog (accounts §8); {product} is the brand name. */
export function alreadyRegisteredMessage(product: string): string {
  return `It seems you already used this email to register for ${product}. Would you like to retrieve your password?`;
}

export const PRODUCT_NAME = 'ClearSpeak';

/** An email as the spec validates it: required and of valid format, same message for both. */
export const EmailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailRequired)
  .pipe(z.email({ error: MESSAGES.emailRequired }))
  .transform((s) => s.toLowerCase());

export const PasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(200, 'Your password is too long.');

/** Minimum strength for new passwords (spec silent; docs/decisions/002). */
export const NewPasswordSchema = z
  .string({ error: MESSAGES.newPasswordRequired })
  .min(1, MESSAGES.newPasswordRequired)
  .min(8, 'Use at least 8 characters for your password.')
  .max(200, 'Your password is too long.');
