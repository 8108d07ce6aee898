import { z } from 'zod';
import { defineRoute } from './route.ts';
import {
  EmailSchema,
  EmptyRequestSchema,
  MESSAGES,
  MessageResponseSchema,
  NewPasswordSchema,
  PasswordSchema,
} from './common.ts';

// spec: accounts-assessment-plans §3 (Session user) and learning-experience §3 (Session user).
export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  country: z.string().nullable(),
  gender: z.enum(['male', 'female', 'other']).nullable(),
  /** Age range such as "26-30" (accounts §5). */
  birthday: z.string().nullable(),
  native_language: z.string().nullable(),
  role_id: z.number().int(),
  is_verified: z.boolean(),
  photo_url: z.string().nullable(),
  plan_id: z.number().int().nullable(),
  is_subscribed: z.boolean(),
  is_free_plan: z.boolean(),
  isTrialing: z.boolean(),
  isWithFeedback: z.boolean(),
  isCoachCreditEnable: z.boolean(),
  remaining_coaching_credit: z.number().int(),
  refferal_coupon: z.string().nullable(),
  terms_checked: z.boolean(),
  /** True for accounts whose email carries a test marker (learning §3 isTestUser). */
  isTestUser: z.boolean(),
  unreadNotificationCount: z.number().int(),
});
export type User = z.infer<typeof UserSchema>;

export const ActiveSubscriptionRefSchema = z.object({ created_at: z.string() }).nullable();

export const SessionSchema = z.object({
  api_token: z.string(),
  user: UserSchema,
  active_subscription: ActiveSubscriptionRefSchema,
});
export type Session = z.infer<typeof SessionSchema>;

const SessionResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
  data: SessionSchema,
});

const AnonymousId = z.string().uuid().optional();

// ---- sign-in ----

export const WebPortalLoginRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  /** Captcha solution (ALTCHA payload, or a reCAPTCHA token when that verifier is configured). */
  'g-recaptcha-response': z.string().max(10_000).optional(),
  /** Remember me: a longer-lived session (docs/decisions/003). */
  remember_me: z.boolean().optional(),
});
export const webPortalLogin = defineRoute({
  method: 'POST',
  path: '/web-portal-login',
  auth: 'public',
  summary: 'Sign in with email and password. Failure bodies carry `show_captcha`.',
  request: WebPortalLoginRequestSchema,
  response: SessionResponseSchema,
});

/** Older sign-in (accounts §7): same rules, no captcha; answers `data`, or `message` on isError. */
export const legacyLogin = defineRoute({
  method: 'POST',
  path: '/login',
  auth: 'public',
  summary: 'Older sign-in kept for existing clients.',
  request: z.object({ email: EmailSchema, password: PasswordSchema }),
  response: SessionResponseSchema,
});

export const SocialLoginRequestSchema = z.object({
  /** Google: an ID token (JWT). Facebook: a user access token. */
  token: z.string().min(1).max(10_000),
  role: z.coerce.number().int().default(2),
  email: z.union([EmailSchema, z.literal('')]).optional(),
  username: z.string().max(200).optional(),
  anonymousUserId: AnonymousId,
  /** Remember me, as on the email sign-in (docs/decisions/003). */
  remember_me: z.boolean().optional(),
});
/** When the provider gives no email: `need_email` true; the client asks "Give your Email Id". */
export const SocialLoginResponseSchema = z.union([
  SessionResponseSchema,
  z.object({ isError: z.literal(false), message: z.string(), need_email: z.literal(true) }),
]);
export const googleWebLogin = defineRoute({
  method: 'POST',
  path: '/google-web-login',
  auth: 'public',
  summary: 'Sign in (or up) with a Google ID token.',
  request: SocialLoginRequestSchema,
  response: SocialLoginResponseSchema,
});
export const facebookWebLogin = defineRoute({
  method: 'POST',
  path: '/facebook-web-login',
  auth: 'public',
  summary: 'Sign in (or up) with a Facebook access token.',
  request: SocialLoginRequestSchema,
  response: SocialLoginResponseSchema,
});

/** Which social providers are configured; the buttons show only for these. */
export const authConfig = defineRoute({
  method: 'GET',
  path: '/auth-config',
  auth: 'public',
  summary: 'Public sign-in configuration: social providers and captcha kind.',
  request: EmptyRequestSchema,
  response: z.object({
    google_client_id: z.string().nullable(),
    facebook_app_id: z.string().nullable(),
    captcha: z.enum(['altcha', 'recaptcha']),
    recaptcha_site_key: z.string().nullable(),
  }),
});

/** ALTCHA proof-of-work challenge, fetched when the server asked for a captcha. */
export const captchaChallenge = defineRoute({
  method: 'GET',
  path: '/captcha/challenge',
  auth: 'public',
  summary: 'A fresh ALTCHA challenge.',
  request: EmptyRequestSchema,
  response: z.object({
    algorithm: z.string(),
    challenge: z.string(),
    maxnumber: z.number().optional(),
    salt: z.string(),
    signature: z.string(),
  }),
});

// ---- sign-up and verification ----

export const RegisterRequestSchema = z
  .object({
    email: EmailSchema,
    role_id: z.coerce.number().int(),
    // Sign-up keeps the sign-in rule's message for an empty password (spec: accounts §5),
    // plus our minimum length (docs/decisions/002).
    password: PasswordSchema.min(8, 'Use at least 8 characters for your password.'),
    password_confirmation: z.string(),
    device_type: z.literal('web').default('web'),
    anonymousUserId: AnonymousId,
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: MESSAGES.passwordsMustMatch,
    path: ['password_confirmation'],
  });
/** 201 on success; 409 (errorCode 409) when the email is already registered. */
export const register = defineRoute({
  method: 'POST',
  path: '/v1/register',
  auth: 'public',
  summary: 'Create a learner account and mail a 6-digit verification code.',
  request: RegisterRequestSchema,
  response: z.object({
    isError: z.literal(false),
    message: z.string(),
    data: z.object({ email: z.string() }),
  }),
});

export const OtpSchema = z
  .string({ error: MESSAGES.codeRequired })
  .trim()
  .min(1, MESSAGES.codeRequired)
  .max(12, MESSAGES.invalidOtp);

export const verifyEmail = defineRoute({
  method: 'POST',
  path: '/verify-email',
  auth: 'public',
  summary: 'Check the verification code; the client then signs in (spec: accounts §4).',
  request: z.object({ email: EmailSchema, otp: OtpSchema }),
  response: MessageResponseSchema,
});

export const resendOtp = defineRoute({
  method: 'POST',
  path: '/resend-otp',
  auth: 'public',
  summary: 'Send a new verification code (at most once a minute).',
  request: z.object({ email: EmailSchema }),
  response: MessageResponseSchema,
});

// ---- password reset ----

/** Same answer whether or not the email exists. */
export const forgotPassword = defineRoute({
  method: 'POST',
  path: '/forgot-password',
  auth: 'public',
  summary: 'Mail a password reset code (path not given by the spec; docs/decisions/004).',
  request: z.object({ email: EmailSchema }),
  response: MessageResponseSchema,
});
export const sendPasswordResetToken = defineRoute({
  method: 'POST',
  path: '/send-password-reset-token',
  auth: 'public',
  summary: 'Older name of forgot-password; reads `message`.',
  request: z.object({ email: EmailSchema }),
  response: MessageResponseSchema,
});

export const resetPassword = defineRoute({
  method: 'POST',
  path: '/reset-password',
  auth: 'public',
  summary: 'Set a new password with the mailed code.',
  request: z.object({
    email: EmailSchema,
    otp: z.string({ error: MESSAGES.otpRequired }).trim().min(1, MESSAGES.otpRequired).max(12, MESSAGES.invalidOtp),
    newPassword: NewPasswordSchema,
  }),
  response: MessageResponseSchema,
});

export const updatePassword = defineRoute({
  method: 'POST',
  path: '/update/password',
  auth: 'user',
  summary: 'Change the password of the signed-in user (validity decided by the server).',
  request: z.object({
    old_password: z.string().max(200),
    new_password: z.string().max(200),
    new_password_confirmation: z.string().max(200),
  }),
  response: MessageResponseSchema,
});

// ---- session ----

export const webLogout = defineRoute({
  method: 'POST',
  alsoMethods: ['GET'],
  path: '/web-logout',
  auth: 'user',
  summary: 'Revoke the current api_token (documented as POST, sent as GET).',
  request: EmptyRequestSchema,
  response: MessageResponseSchema,
});

export const getUserData = defineRoute({
  method: 'GET',
  path: '/get-user-data',
  auth: 'user',
  summary: 'The signed-in user.',
  request: EmptyRequestSchema,
  response: z.object({ isError: z.literal(false), userDetails: UserSchema }),
});

export const subscriptionData = defineRoute({
  method: 'GET',
  path: '/module/subscription-data',
  auth: 'user',
  summary: 'Subscription flags of the signed-in user.',
  request: EmptyRequestSchema,
  response: z.object({
    isError: z.literal(false),
    is_subscribed: z.boolean(),
    is_free_plan: z.boolean(),
    isTrialing: z.boolean(),
  }),
});

export const updateTerms = defineRoute({
  method: 'POST',
  path: '/update/terms',
  auth: 'user',
  summary: 'Record that the user accepted the terms (auto-accepted on first login).',
  // An explicit boolean, or the strings a form might send; "false" must not read as true.
  request: z.object({
    terms_checked: z.union([
      z.boolean(),
      z.enum(['true', '1']).transform(() => true),
      z.enum(['false', '0']).transform(() => false),
    ]),
  }),
  response: MessageResponseSchema,
});

export const addKartraTag = defineRoute({
  method: 'POST',
  path: '/add-kartra-tag',
  auth: 'user',
  summary: 'Tag the user in the CRM event sink (sent on login).',
  request: z.object({ 'user-tag': z.string().min(1).max(100) }),
  response: MessageResponseSchema,
});

export const accountsRoutes = {
  webPortalLogin,
  legacyLogin,
  googleWebLogin,
  facebookWebLogin,
  authConfig,
  captchaChallenge,
  register,
  verifyEmail,
  resendOtp,
  forgotPassword,
  sendPasswordResetToken,
  resetPassword,
  updatePassword,
  webLogout,
  getUserData,
  subscriptionData,
  updateTerms,
  addKartraTag,
} as const;
