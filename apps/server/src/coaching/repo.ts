import { sql } from 'kysely';
import './tables.ts';
import type { Db, PlanType, SubscriptionStatus } from '../lib/db.ts';

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

/** The event that records a consumption's idempotency key beside its ledger row. */
export const CONSUMED_EVENT = 'coaching-credit-consumed';

export type ConsumeOutcome = { kind: 'consumed'; remaining: number } | { kind: 'repeat'; remaining: number } | { kind: 'no_credit' };

/**
 * Takes one credit in one transaction: the user's row is locked so concurrent requests see each
 * other's deductions; a key seen before is a no-op.
 */
export async function consumeOnce(
  db: Db,
  options: { userId: number; subscriptionId: number | null; reason: 'feedback_request'; key: string; now: Date },
): Promise<ConsumeOutcome> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', options.userId).forUpdate().executeTakeFirstOrThrow();
    const balance = async () => {
      const rows = await trx.selectFrom('coachingCreditLedger').select('delta').where('userId', '=', options.userId).execute();
      return Math.max(0, rows.reduce((sum, r) => sum + r.delta, 0));
    };
    const seen = await trx
      .selectFrom('events')
      .select('id')
      .where('userId', '=', options.userId)
      .where('name', '=', CONSUMED_EVENT)
      .where(sql<string>`properties->>'key'`, '=', options.key)
      .executeTakeFirst();
    if (seen) return { kind: 'repeat', remaining: await balance() };
    const before = await balance();
    if (before <= 0) return { kind: 'no_credit' };
    await trx
      .insertInto('coachingCreditLedger')
      .values({ userId: options.userId, subscriptionId: options.subscriptionId, delta: -1, reason: options.reason, createdAt: options.now })
      .execute();
    await trx
      .insertInto('events')
      .values({ userId: options.userId, name: CONSUMED_EVENT, properties: JSON.stringify({ key: options.key, reason: options.reason }), createdAt: options.now })
      .execute();
    return { kind: 'consumed', remaining: before - 1 };
  });
}
