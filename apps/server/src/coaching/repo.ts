import './tables.ts';
import type { Db, PlanType, SubscriptionStatus } from '../lib/db.ts';
import { sumCoachingCredit } from '../users/repo.ts';

export interface CreditSubscription {
  id: number;
  userId: number;
  status: SubscriptionStatus;
  createdAt: Date;
  trialEndsAt: Date | null;
  planType: PlanType;
  coachingSessionsPerMonth: number;
  trialCoachingSessions: number;
}

const SUBSCRIPTION_COLUMNS = [
  's.id',
  's.userId',
  's.status',
  's.createdAt',
  's.trialEndsAt',
  'p.planType',
  'p.coachingSessionsPerMonth',
  'p.trialCoachingSessions',
] as const;

/** Active or trialing with_feedback subscriptions created after `createdAfter` (accounts §4). */
export async function listCreditSubscriptions(db: Db, createdAfter: Date): Promise<CreditSubscription[]> {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.planId')
    .select(SUBSCRIPTION_COLUMNS)
    .where('s.status', 'in', ['active', 'trialing'])
    .where('p.planType', '=', 'with_feedback')
    .where('s.createdAt', '>', createdAfter)
    .orderBy('s.id')
    .execute();
}

/** The user's current subscription (newest active or trialing), as users/repo picks it. */
export async function findCurrentCreditSubscription(db: Db, userId: number): Promise<CreditSubscription | undefined> {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.planId')
    .select(SUBSCRIPTION_COLUMNS)
    .where('s.userId', '=', userId)
    .where('s.status', 'in', ['active', 'trialing'])
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.id', 'desc')
    .executeTakeFirst();
}

/**
 * Grants the period's credits unless a grant of this subscription already lies in
 * [periodStart, periodEnd): that pair is the grant's key. The subscription row is locked first,
 * so two runs at once (two instances, or an hourly run meeting a manual one) cannot both insert.
 */
export async function insertGrantOnce(
  db: Db,
  grant: { subscriptionId: number; userId: number; delta: number; reason: 'trial_grant' | 'monthly_grant'; periodStart: Date; periodEnd: Date; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', grant.subscriptionId)
      .where('status', 'in', ['active', 'trialing'])
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return false;
    const existing = await trx
      .selectFrom('coachingCreditLedger')
      .select('id')
      .where('subscriptionId', '=', grant.subscriptionId)
      .where('reason', 'in', ['trial_grant', 'monthly_grant'])
      .where('createdAt', '>=', grant.periodStart)
      .where('createdAt', '<', grant.periodEnd)
      .executeTakeFirst();
    if (existing) return false;
    await trx
      .insertInto('coachingCreditLedger')
      .values({ userId: grant.userId, subscriptionId: grant.subscriptionId, delta: grant.delta, reason: grant.reason, createdAt: grant.now })
      .execute();
    return true;
  });
}

export type ConsumeOutcome = { kind: 'consumed'; remaining: number } | { kind: 'repeat'; remaining: number } | { kind: 'no_credit' };

export interface ConsumeInput {
  userId: number;
  subscriptionId: number | null;
  reason: 'feedback_request';
  /** The ledger row's idempotency key (unique per user, e.g. `request:12`). */
  key: string;
  now: Date;
}

/** The user's credit balance (never below 0); inside a transaction, what it sees. */
export const creditBalance = sumCoachingCredit;

/** Locks the user's row for the rest of `trx`: one learner's credit and request changes run one at a time. */
export async function lockUser(trx: Db, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

/**
 * Takes one credit inside the caller's transaction (`trx`, the user's row already locked, see
 * lockUser): a key already in the ledger is a repeat; at 0 nothing is written. The insert skips
 * on the (user_id, key) unique index, so a key that slipped in meanwhile is a repeat too.
 */
export async function consumeOnceIn(trx: Db, options: ConsumeInput): Promise<ConsumeOutcome> {
  const seen = await trx.selectFrom('coachingCreditLedger').select('id').where('userId', '=', options.userId).where('key', '=', options.key).executeTakeFirst();
  if (seen) return { kind: 'repeat', remaining: await creditBalance(trx, options.userId) };
  const before = await creditBalance(trx, options.userId);
  if (before <= 0) return { kind: 'no_credit' };
  const inserted = await trx
    .insertInto('coachingCreditLedger')
    .values({ userId: options.userId, subscriptionId: options.subscriptionId, delta: -1, reason: options.reason, key: options.key, createdAt: options.now })
    .onConflict((oc) => oc.columns(['userId', 'key']).where('key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { kind: 'repeat', remaining: await creditBalance(trx, options.userId) };
  return { kind: 'consumed', remaining: before - 1 };
}

/**
 * Takes one credit in its own transaction: the user's row is locked so concurrent requests see
 * each other's deductions; a key seen before is a no-op.
 */
export async function consumeOnce(db: Db, options: ConsumeInput): Promise<ConsumeOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, options.userId);
    return consumeOnceIn(trx, options);
  });
}
