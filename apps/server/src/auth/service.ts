import { MESSAGES, PRODUCT_NAME, ROLE, alreadyRegisteredMessage, type Session } from '@clearspeak/contract';
import { claimAnonymousData } from '../assessment/service.ts';
import type { CaptchaVerifier } from '../lib/captcha.ts';
import type { Clock } from '../lib/clock.ts';
import type { CodePurpose, Db } from '../lib/db.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import type { Mail, Mailer } from '../lib/mailer.ts';
import { burnPasswordCheck, hashPassword, verifyPassword, type ScryptCost } from '../lib/password.ts';
import type { AuthContext } from '../lib/routing.ts';
import { createApiToken, createReferralCode, createSixDigitCode, sha256 } from '../lib/tokens.ts';
import { findUserByEmail, findUserById, insertUser, isReferralCodeTaken, updateUser, type UserRow } from '../users/repo.ts';
import { buildUserView } from '../users/service.ts';
import { resetMail, verificationMail } from './mails.ts';
import {
  consumeEmailCode,
  deleteStaleAuthRows,
  countRecentFailures,
  findEmailCode,
  findLiveSession,
  findSocialIdentity,
  incrementCodeAttempts,
  insertLoginAttempt,
  insertSession,
  linkSocialIdentity,
  markCaptchaSolutionUsed,
  revokeSession,
  revokeUserSessions,
  unlinkTypedEmailIdentities,
  upsertEmailCode,
} from './repo.ts';
import type { SocialProfile, SocialVerifier } from './social.ts';
import { SocialTokenError } from './social.ts';

const MINUTE_MS = 60_000;
/** docs/decisions/003: 12 hours, 30 days with remember me. */
export const SESSION_TTL_MS = 12 * 60 * MINUTE_MS;
export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * MINUTE_MS;
/** Issue 2: the code is valid 10 minutes, 5 wrong tries, one mail a minute. */
export const CODE_TTL_MS = 10 * MINUTE_MS;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_INTERVAL_MS = MINUTE_MS;
/** docs/decisions/005: captcha after 3 failures for an email or 10 from an address in 15 minutes. */
export const CAPTCHA_WINDOW_MS = 15 * MINUTE_MS;
export const CAPTCHA_AFTER_EMAIL_FAILURES = 3;
export const CAPTCHA_AFTER_IP_FAILURES = 10;

type Deps = { db: Db; clock: Clock; mailer: Mailer; config: { passwordCost: ScryptCost } };

// ---- sessions ----

export async function authenticateToken(deps: Pick<Deps, 'db' | 'clock'>, token: string): Promise<AuthContext | null> {
  if (token.length > 200) return null;
  const row = await findLiveSession(deps.db, sha256(token), deps.clock.now());
  return row ? { userId: row.userId, roleId: row.roleId, sessionId: row.sessionId } : null;
}

async function startSession(deps: Pick<Deps, 'db' | 'clock'>, user: UserRow, options: { remember: boolean; ip: string | null; userAgent: string | null }): Promise<Session> {
  const token = createApiToken();
  const now = deps.clock.now();
  await insertSession(deps.db, {
    userId: user.id,
    tokenHash: sha256(token),
    remember: options.remember,
    ip: options.ip,
    userAgent: options.userAgent?.slice(0, 500) ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (options.remember ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS)),
  });
  // Read again: a sign-in may have just changed the row (the anonymous claim fills the native language).
  const view = await buildUserView(deps.db, (await findUserById(deps.db, user.id)) ?? user);
  return { api_token: token, user: view.user, active_subscription: view.activeSubscription };
}

export async function signOut(deps: Pick<Deps, 'db' | 'clock'>, auth: AuthContext): Promise<void> {
  await revokeSession(deps.db, auth.sessionId, deps.clock.now());
}

// ---- emailed codes ----

function hashCode(userId: number, purpose: CodePurpose, code: string): string {
  return sha256(`${userId}:${purpose}:${code}`);
}

/**
 * Mails a fresh code unless one went out less than a minute ago. Returns false when it held back
 * (the caller decides whether that is a 429 or silent).
 */
async function sendCode(deps: Deps, user: UserRow, purpose: CodePurpose): Promise<boolean> {
  const now = deps.clock.now();
  const previous = await findEmailCode(deps.db, user.id, purpose);
  if (previous && now.getTime() - previous.sentAt.getTime() < CODE_RESEND_INTERVAL_MS) return false;
  const code = createSixDigitCode();
  await upsertEmailCode(deps.db, {
    userId: user.id,
    purpose,
    codeHash: hashCode(user.id, purpose, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  const mail: Mail = purpose === 'verify' ? verificationMail(user.email, code) : resetMail(user.email, code);
  await deps.mailer.send(mail);
  return true;
}

/** Checks a code; a wrong one counts against the 5 tries. Consumes it on success. */
async function checkCode(deps: Pick<Deps, 'db' | 'clock'>, user: UserRow, purpose: CodePurpose, code: string): Promise<void> {
  const row = await findEmailCode(deps.db, user.id, purpose);
  if (!row || row.consumedAt) throw new AppError('invalid_otp');
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('otp_attempts');
  if (row.expiresAt <= deps.clock.now()) throw new AppError('otp_expired');
  if (hashCode(user.id, purpose, code.trim()) !== row.codeHash) {
    const attempts = await incrementCodeAttempts(deps.db, row.id, CODE_MAX_ATTEMPTS);
    if (attempts === undefined || attempts >= CODE_MAX_ATTEMPTS) throw new AppError('otp_attempts');
    throw new AppError('invalid_otp');
  }
  if (!(await consumeEmailCode(deps.db, row.id, deps.clock.now()))) throw new AppError('invalid_otp');
}

// ---- register and verify (spec: accounts §2 Signup, Email verification; §7 register) ----

async function uniqueReferralCode(db: Db): Promise<string> {
  for (;;) {
    const code = createReferralCode();
    if (!(await isReferralCodeTaken(db, code))) return code;
  }
}

/** Creates a user row with a fresh referral code (shared by register, social sign-up and the seed). */
export async function createUser(
  deps: Pick<Deps, 'db' | 'clock'>,
  values: { email: string; passwordHash: string | null; roleId: number; isVerified: boolean; name?: string | null; firstName?: string | null; lastName?: string | null; anonymousId?: string | null; createdAt?: Date },
): Promise<UserRow> {
  const now = values.createdAt ?? deps.clock.now();
  return insertUser(deps.db, {
    email: values.email.toLowerCase(),
    passwordHash: values.passwordHash,
    roleId: values.roleId,
    isVerified: values.isVerified,
    name: values.name ?? null,
    firstName: values.firstName ?? null,
    lastName: values.lastName ?? null,
    username: null,
    country: null,
    gender: null,
    birthday: null,
    nativeLanguage: null,
    photoKey: null,
    referralCode: await uniqueReferralCode(deps.db),
    anonymousId: values.anonymousId ?? null,
    createdAt: now,
    updatedAt: now,
  });
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

function emailTaken(): AppError {
  return new AppError('email_taken', { message: alreadyRegisteredMessage(PRODUCT_NAME), extra: { errorCode: 409 } });
}

export async function register(
  deps: Deps,
  options: { email: string; password: string; roleId: number; anonymousId?: string | undefined },
): Promise<{ email: string }> {
  // spec §6: sign-up creates learners only; coaches and admins are made by an admin.
  if (options.roleId !== ROLE.learner) throw fieldError('role_id', 'Only learner accounts can sign up here.');
  const existing = await findUserByEmail(deps.db, options.email);
  if (existing?.isVerified) throw emailTaken();
  const passwordHash = await hashPassword(options.password, deps.config.passwordCost);
  let user: UserRow;
  if (existing) {
    // Signing up again before verifying: the newest password wins and the code is re-sent
    // (nobody could sign in to the unverified account anyway).
    await updateUser(deps.db, existing.id, { passwordHash, anonymousId: options.anonymousId ?? existing.anonymousId, updatedAt: deps.clock.now() });
    user = existing;
  } else {
    try {
      user = await createUser(deps, { email: options.email, passwordHash, roleId: ROLE.learner, isVerified: false, anonymousId: options.anonymousId ?? null });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }
  await sendCode(deps, user, 'verify');
  return { email: user.email };
}

export async function verifyEmail(deps: Deps, options: { email: string; otp: string }): Promise<string> {
  const user = await findUserByEmail(deps.db, options.email);
  if (!user) throw new AppError('invalid_otp');
  if (user.isVerified) return 'Your email is already verified.';
  await checkCode(deps, user, 'verify', options.otp);
  await updateUser(deps.db, user.id, { isVerified: true, updatedAt: deps.clock.now() });
  // Issue 6: the visitor's assessment moves to the account once its email is proven (not at
  // register: an unverified sign-up must not take anything over).
  if (user.anonymousId) await claimAnonymousData(deps, { anonymousId: user.anonymousId, userId: user.id });
  return 'Your email has been verified.';
}

export const RESEND_MESSAGE = 'We have sent a new code to your email.';

export async function resendVerificationCode(deps: Deps, options: { email: string }): Promise<string> {
  const user = await findUserByEmail(deps.db, options.email);
  // Unknown and already verified emails get the same answer and no mail.
  if (!user || user.isVerified) return RESEND_MESSAGE;
  if (!(await sendCode(deps, user, 'verify'))) throw new AppError('resend_too_soon');
  return RESEND_MESSAGE;
}

// ---- password reset (spec: accounts §2 Reset password, §8) ----

export const FORGOT_MESSAGE = 'If an account exists for this email, we have sent it a code to reset the password.';

export async function requestPasswordReset(deps: Deps, options: { email: string }): Promise<string> {
  const user = await findUserByEmail(deps.db, options.email);
  // Same answer whether or not the email exists (docs/decisions/004); a second request within a
  // minute sends nothing new, silently, for the same reason.
  if (user) await sendCode(deps, user, 'reset');
  return FORGOT_MESSAGE;
}

export async function resetPassword(deps: Deps, options: { email: string; otp: string; newPassword: string }): Promise<string> {
  const user = await findUserByEmail(deps.db, options.email);
  if (!user) throw new AppError('invalid_otp');
  await checkCode(deps, user, 'reset', options.otp);
  const now = deps.clock.now();
  // The code proves the mailbox, so an unverified account becomes verified too.
  await updateUser(deps.db, user.id, { passwordHash: await hashPassword(options.newPassword, deps.config.passwordCost), isVerified: true, updatedAt: now });
  await revokeUserSessions(deps.db, user.id, now);
  await unlinkTypedEmailIdentities(deps.db, user.id);
  return MESSAGES.passwordReset;
}

export async function changePassword(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  options: { auth: AuthContext; oldPassword: string; newPassword: string; confirmation: string },
): Promise<string> {
  // spec §5: "validity decided by server"; the texts reuse the reset screen's (§5 Reset).
  if (!options.oldPassword) throw fieldError('old_password', 'Enter your current password.');
  if (!options.newPassword) throw fieldError('new_password', MESSAGES.newPasswordRequired);
  if (options.newPassword.length < 8) throw fieldError('new_password', 'Use at least 8 characters for your password.');
  if (!options.confirmation) throw fieldError('new_password_confirmation', MESSAGES.reenterRequired);
  if (options.confirmation !== options.newPassword) throw fieldError('new_password_confirmation', MESSAGES.passwordsMustMatch);
  const user = await findUserById(deps.db, options.auth.userId);
  if (!user || !(await verifyPassword(options.oldPassword, user.passwordHash))) throw new AppError('wrong_password');
  const now = deps.clock.now();
  await updateUser(deps.db, user.id, { passwordHash: await hashPassword(options.newPassword, deps.config.passwordCost), updatedAt: now });
  // Other devices sign in again with the new password; this one stays signed in.
  await revokeUserSessions(deps.db, user.id, now, { exceptSessionId: options.auth.sessionId });
  return 'Your password has been changed.';
}

// ---- sign-in with password (spec: accounts §2 Login, §4, §7) ----

async function isCaptchaRequired(deps: Pick<Deps, 'db' | 'clock'>, email: string, ip: string): Promise<boolean> {
  const since = new Date(deps.clock.now().getTime() - CAPTCHA_WINDOW_MS);
  const { byEmail, byIp } = await countRecentFailures(deps.db, { email, ip, since });
  return byEmail >= CAPTCHA_AFTER_EMAIL_FAILURES || byIp >= CAPTCHA_AFTER_IP_FAILURES;
}

export async function signInWithPassword(
  deps: Deps & { captcha: CaptchaVerifier },
  options: {
    email: string;
    password: string;
    rememberMe: boolean;
    /** null on the older `/login`, which cannot carry a captcha answer. */
    captchaSolution: string | undefined | null;
    ip: string;
    userAgent: string | null;
  },
): Promise<Session> {
  const { db, clock } = deps;
  if (await isCaptchaRequired(deps, options.email, options.ip)) {
    const solution = options.captchaSolution;
    const solved =
      typeof solution === 'string' &&
      solution.length > 0 &&
      (await deps.captcha.verify(solution, { ip: options.ip, isFirstUse: (f) => markCaptchaSolutionUsed(db, f, clock.now()) }));
    if (!solved) {
      throw new AppError('captcha_required', {
        message:
          options.captchaSolution === null
            ? 'Too many failed sign-ins. Please wait 15 minutes, or sign in on the website.'
            : 'Please confirm that you are not a robot.',
        extra: { show_captcha: true },
      });
    }
  }

  const user = await findUserByEmail(db, options.email);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(options.password, user.passwordHash);
  else await burnPasswordCheck(options.password, deps.config.passwordCost);
  if (!user || !passwordOk) {
    await insertLoginAttempt(db, { email: options.email, ip: options.ip, succeeded: false, at: clock.now() });
    throw new AppError('invalid_credentials', { extra: { show_captcha: await isCaptchaRequired(deps, options.email, options.ip) } });
  }
  await insertLoginAttempt(db, { email: options.email, ip: options.ip, succeeded: true, at: clock.now() });

  if (!user.isVerified) {
    await sendCode(deps, user, 'verify');
    throw new AppError('unverified', {
      message: `Please verify your email before signing in. We have sent a code to ${user.email}.`,
      extra: { show_captcha: false },
    });
  }
  return startSession(deps, user, { remember: options.rememberMe, ip: options.ip, userAgent: options.userAgent });
}

// ---- social sign-in (spec: accounts §2 Login, §6, §7, §8) ----

export type SocialResult = { kind: 'session'; session: Session } | { kind: 'need_email' };

export async function signInWithSocial(
  deps: Pick<Deps, 'db' | 'clock'>,
  options: {
    provider: 'google' | 'facebook';
    verifier: SocialVerifier | null;
    token: string;
    email: string | undefined;
    anonymousId: string | undefined;
    /** Remember me, as on the email sign-in (docs/decisions/003). */
    rememberMe: boolean;
    ip: string;
    userAgent: string | null;
  },
): Promise<SocialResult> {
  const failed = options.provider === 'google' ? MESSAGES.googleFailed : MESSAGES.facebookFailed;
  if (!options.verifier) throw new AppError('social_failed', { message: failed });
  let profile: SocialProfile;
  try {
    profile = await options.verifier(options.token);
  } catch (err) {
    if (err instanceof SocialTokenError || err instanceof TypeError || (err instanceof Error && err.name === 'TimeoutError')) {
      throw new AppError('social_failed', { message: failed });
    }
    throw err;
  }
  const sessionOptions = { remember: options.rememberMe, ip: options.ip, userAgent: options.userAgent };
  // Issue 6: a visitor who took the assessment signed out brings it along (the provider proved the account).
  const claim = async (userId: number) => {
    if (options.anonymousId) await claimAnonymousData(deps, { anonymousId: options.anonymousId, userId });
  };

  const identity = await findSocialIdentity(deps.db, profile.provider, profile.subject);
  if (identity) {
    const user = await findUserById(deps.db, identity.userId);
    if (user) {
      await claim(user.id);
      return { kind: 'session', session: await startSession(deps, user, sessionOptions) };
    }
  }

  const email = profile.email ?? (options.email ? options.email : null);
  if (!email) return { kind: 'need_email' };

  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    // Linking to an existing account needs the provider's word for the email; a typed-in email
    // must not take over someone's account.
    if (!profile.email) {
      throw new AppError('social_email_taken', { message: 'An account with this email already exists. Please sign in with your email and password.' });
    }
    await linkSocialIdentity(deps.db, { provider: profile.provider, subject: profile.subject, userId: existing.id, emailFromProvider: true });
    if (!existing.isVerified) await updateUser(deps.db, existing.id, { isVerified: true, updatedAt: deps.clock.now() });
    await claim(existing.id);
    return { kind: 'session', session: await startSession(deps, { ...existing, isVerified: true }, sessionOptions) };
  }

  // spec §6: social sign-up creates a learner (role 2).
  const user = await createUser(deps, {
    email,
    passwordHash: null,
    roleId: ROLE.learner,
    isVerified: true,
    name: profile.name,
    firstName: profile.firstName,
    lastName: profile.lastName,
    anonymousId: options.anonymousId ?? null,
  });
  await linkSocialIdentity(deps.db, { provider: profile.provider, subject: profile.subject, userId: user.id, emailFromProvider: profile.email !== null });
  await claim(user.id);
  return { kind: 'session', session: await startSession(deps, user, sessionOptions) };
}

/** Housekeeping for sign-in attempts, used captcha solutions, old codes and ended sessions. */
export async function cleanUpAuthData(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  await deleteStaleAuthRows(deps.db, deps.clock.now());
}
