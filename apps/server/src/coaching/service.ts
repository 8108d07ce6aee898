import { COACHING_LIMIT_MESSAGE, type UserCreditInfo } from '@clearspeak/contract';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { sumCoachingCredit } from '../users/repo.ts';
import { COACH_CREDIT_SINCE } from '../users/service.ts';
import { consumeOnce, findCurrentCreditSubscription, insertGrantOnce, listCreditSubscriptions, type CreditSubscription } from './repo.ts';

/** Adds calendar months in UTC, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonthsUtc(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

export interface CreditPeriod {
  start: Date;
  end: Date;
  isTrial: boolean;
}

/**
 * The credit period `now` falls in: the trial (created_at → trial end), then monthly periods
 * counted from the trial's end, or from created_at without a trial. Null for a subscription still
 * marked trialing after its trial ended: billing moves it on, and only then is a month granted.
 */
export function currentCreditPeriod(sub: Pick<CreditSubscription, 'status' | 'createdAt' | 'trialEndsAt'>, now: Date): CreditPeriod | null {
  if (sub.status === 'trialing') {
    const end = sub.trialEndsAt ?? addMonthsUtc(sub.createdAt, 1);
    return now < end ? { start: sub.createdAt, end, isTrial: true } : null;
  }
  const anchor = sub.trialEndsAt && sub.trialEndsAt <= now ? sub.trialEndsAt : sub.createdAt;
  if (now < anchor) return null;
  // Estimate from the calendar, then correct by one either way (month lengths, the clamp).
  let n = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  while (n > 0 && addMonthsUtc(anchor, n) > now) n--;
  while (addMonthsUtc(anchor, n + 1) <= now) n++;
  return { start: addMonthsUtc(anchor, n), end: addMonthsUtc(anchor, n + 1), isTrial: false };
}

/** spec: accounts §4, §9; learning §4 — credit only for subscriptions created after 2022-05-06. */
export function isCreditEnabled(sub: Pick<CreditSubscription, 'planType' | 'createdAt'>): boolean {
  return sub.planType === 'with_feedback' && sub.createdAt > COACH_CREDIT_SINCE;
}

/**
 * Grants each active or trialing with_feedback subscription created after 2022-05-06 its credits
 * for the current period: the plan's monthly sessions (5), or its trial sessions (1) during a
 * trial (spec: accounts §4, §9). Grants are never taken back, so unused sessions carry over while
 * subscribed. One grant per (subscription, period): a repeat run is a no-op.
 */
export async function grantMonthlyCredits(deps: { db: Db; clock: Clock }): Promise<{ granted: number }> {
  const now = deps.clock.now();
  let granted = 0;
  for (const sub of await listCreditSubscriptions(deps.db, COACH_CREDIT_SINCE)) {
    const period = currentCreditPeriod(sub, now);
    if (!period) continue;
    const delta = period.isTrial ? sub.trialCoachingSessions : sub.coachingSessionsPerMonth;
    if (delta <= 0) continue;
    const inserted = await insertGrantOnce(deps.db, {
      subscriptionId: sub.id,
      userId: sub.userId,
      delta,
      reason: period.isTrial ? 'trial_grant' : 'monthly_grant',
      periodStart: period.start,
      periodEnd: period.end,
      now,
    });
    if (inserted) granted++;
  }
  return { granted };
}

/**
 * Takes one coaching credit for `key` (e.g. the feedback request); the same key again is a no-op.
 * Refuses at 0 with the limit message (learning §8). Callers check `is_coach_credit_enable`
 * first: a legacy with_feedback subscription is not limited by credit (accounts §4).
 */
export async function consumeCredit(options: {
  db: Db;
  clock: Clock;
  userId: number;
  reason: 'feedback_request';
  key: string;
}): Promise<{ remaining: number; repeated: boolean }> {
  const sub = await findCurrentCreditSubscription(options.db, options.userId);
  const outcome = await consumeOnce(options.db, {
    userId: options.userId,
    subscriptionId: sub?.id ?? null,
    reason: options.reason,
    key: options.key,
    now: options.clock.now(),
  });
  if (outcome.kind === 'no_credit') throw new AppError('coaching_limit', { message: COACHING_LIMIT_MESSAGE });
  return { remaining: outcome.remaining, repeated: outcome.kind === 'repeat' };
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** spec: learning §4 Credits dropdown text (the four cases). */
export function creditsDropdownText(options: { remaining: number; isTrialing: boolean; renewalDate: Date | null }): string {
  if (options.remaining === 0 && options.isTrialing) return 'You have used all the coaching feedback included in your trial.';
  if (options.remaining === 0) {
    const when = options.renewalDate ? DATE_FORMAT.format(options.renewalDate) : 'your renewal date';
    return `You have used all your coaching feedback for this month. You will get more on ${when}.`;
  }
  if (options.isTrialing) return 'Your trial includes one coaching session.';
  return `You have ${options.remaining} coaching ${options.remaining === 1 ? 'session' : 'sessions'} left this month.`;
}

/** GET /user-credit-info (learning §3 Credit info, §4, §8). */
export async function getUserCreditInfo(deps: { db: Db; clock: Clock }, options: { userId: number }): Promise<UserCreditInfo> {
  const [sub, remaining] = await Promise.all([findCurrentCreditSubscription(deps.db, options.userId), sumCoachingCredit(deps.db, options.userId)]);
  const isWithFeedback = sub?.planType === 'with_feedback';
  const isCoachCreditEnable = sub !== undefined && isCreditEnabled(sub);
  const isTrialing = sub?.status === 'trialing';
  const period = sub && isCoachCreditEnable ? currentCreditPeriod(sub, deps.clock.now()) : null;
  const renewalDate = period?.end ?? (isTrialing ? (sub?.trialEndsAt ?? null) : null);
  const messages: string[] = [];
  if (isCoachCreditEnable) {
    messages.push(creditsDropdownText({ remaining, isTrialing, renewalDate }));
    if (remaining === 0) messages.push(COACHING_LIMIT_MESSAGE);
  }
  return {
    // Coaching needs a with_feedback plan; credit limits it only when the feature is on (accounts §4).
    can_submit_new_coaching_request: isWithFeedback && (!isCoachCreditEnable || remaining > 0),
    remaining_coaching_credit: remaining,
    is_coach_credit_enable: isCoachCreditEnable,
    is_with_feedback: isWithFeedback,
    is_trialing: isTrialing,
    renewal_date: isCoachCreditEnable && renewalDate ? renewalDate.toISOString().slice(0, 10) : null,
    messages,
  };
}
