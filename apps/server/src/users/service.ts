import { ASSESSMENT_LANGUAGE_DROPDOWN, ASSESSMENT_LANGUAGE_RADIOS, type User } from '@clearspeak/contract';
import type { Db } from '../lib/db.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { countUnreadNotifications } from '../notifications/repo.ts';
import { findCurrentSubscription, findUserById, insertEvent, setUserNativeLanguage, sumCoachingCredit, updateUser, type UserRow } from './repo.ts';

/** spec: accounts §4 and §9 — coaching credit only for subscriptions created after 2022-05-06. */
export const COACH_CREDIT_SINCE = new Date('2022-05-06T23:59:59.999Z');

/** learning §3: users whose email carries a test marker are flagged isTestUser. */
const TEST_EMAIL_MARKERS = ['+test', '@demo.test', '@example.com', '@test.'];

export interface UserView {
  user: User;
  activeSubscription: { created_at: string } | null;
}

/** The session user of the contract, with every subscription flag derived from the tables. */
export async function buildUserView(db: Db, row: UserRow): Promise<UserView> {
  const [current, credit, unread] = await Promise.all([findCurrentSubscription(db, row.id), sumCoachingCredit(db, row.id), countUnreadNotifications(db, row.id)]);
  const isWithFeedback = current?.planType === 'with_feedback';
  const user: User = {
    id: row.id,
    email: row.email,
    name: row.name,
    first_name: row.firstName,
    last_name: row.lastName,
    username: row.username,
    country: row.country,
    gender: row.gender,
    birthday: row.birthday,
    native_language: row.nativeLanguage,
    role_id: row.roleId,
    is_verified: row.isVerified,
    // Avatars are served by the users domain's media route (avatar upload comes with the profile issue).
    photo_url: row.photoKey ? `/api/media/${row.photoKey}` : null,
    plan_id: current?.planId ?? null,
    is_subscribed: current !== undefined,
    is_free_plan: current === undefined,
    isTrialing: current?.status === 'trialing',
    isWithFeedback,
    isCoachCreditEnable: isWithFeedback && current !== undefined && current.createdAt > COACH_CREDIT_SINCE,
    remaining_coaching_credit: credit,
    refferal_coupon: row.referralCode,
    terms_checked: row.termsChecked,
    isTestUser: TEST_EMAIL_MARKERS.some((m) => row.email.includes(m)),
    unreadNotificationCount: unread,
  };
  return { user, activeSubscription: current ? { created_at: current.createdAt.toISOString() } : null };
}

async function loadUser(db: Db, userId: number): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('unauthenticated', { extra: { errorCode: 401 } });
  return row;
}

export async function getUserData(deps: { db: Db }, options: { userId: number }): Promise<User> {
  return (await buildUserView(deps.db, await loadUser(deps.db, options.userId))).user;
}

export async function getSubscriptionFlags(
  deps: { db: Db },
  options: { userId: number },
): Promise<{ is_subscribed: boolean; is_free_plan: boolean; isTrialing: boolean }> {
  const { user } = await buildUserView(deps.db, await loadUser(deps.db, options.userId));
  return { is_subscribed: user.is_subscribed, is_free_plan: user.is_free_plan, isTrialing: user.isTrialing };
}

export async function setTermsAccepted(deps: { db: Db; clock: Clock }, options: { userId: number; accepted: boolean }): Promise<void> {
  await updateUser(deps.db, options.userId, { termsChecked: options.accepted, updatedAt: deps.clock.now() });
  await insertEvent(deps.db, {
    userId: options.userId,
    name: options.accepted ? 'terms-accepted' : 'terms-withdrawn',
    properties: {},
    createdAt: deps.clock.now(),
  });
}

/** The CRM tag call sent on login (spec: accounts §4, §7) lands in the event sink. */
export async function addCrmTag(deps: { db: Db; clock: Clock }, options: { userId: number; tag: string }): Promise<void> {
  await insertEvent(deps.db, { userId: options.userId, name: 'add-kartra-tag', properties: { tag: options.tag }, createdAt: deps.clock.now() });
}

/** "Others" says only that the language is not listed: it never replaces a language already set. */
const UNLISTED_LANGUAGE = 'Others';
/** The languages a learner can name in the assessment (accounts §9); "Other" only opens the list. */
const PROFILE_LANGUAGES: ReadonlySet<string> = new Set([...ASSESSMENT_LANGUAGE_RADIOS.filter((l) => l !== 'Other'), ...ASSESSMENT_LANGUAGE_DROPDOWN]);

/**
 * Saves the native language the learner chose (the assessment's step 1, accounts §2) to their
 * profile. `onlyIfEmpty` keeps a language the profile already has (an anonymous visitor's choice
 * claimed at sign-up). Anything not on the assessment's list is ignored. True when changed.
 */
export async function saveNativeLanguage(
  deps: { db: Db; clock: Clock },
  options: { userId: number; language: string | null | undefined; onlyIfEmpty: boolean },
): Promise<boolean> {
  const language = options.language?.trim();
  if (!language || !PROFILE_LANGUAGES.has(language)) return false;
  return setUserNativeLanguage(deps.db, {
    id: options.userId,
    language,
    onlyIfEmpty: options.onlyIfEmpty || language === UNLISTED_LANGUAGE,
    at: deps.clock.now(),
  });
}
