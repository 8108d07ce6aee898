import type { Clock } from '../lib/clock.ts';
import type { Db, PlansTable } from '../lib/db.ts';
import { hashPassword, type ScryptCost } from '../lib/password.ts';
import { createUser } from '../auth/service.ts';
import type { Insertable } from 'kysely';
import { ROLE } from '@clearspeak/contract';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_PASSWORD = 'demo1234';

/** Both plan families with the spec's prices (accounts §1, §9). Billing owns the checkout variants. */
export const PLAN_SEEDS: Insertable<PlansTable>[] = [
  {
    planId: 'visa-monthly',
    name: 'Visa',
    displayName: 'Visa',
    planType: 'app_only',
    imageUrl: null,
    originalPriceCents: 999,
    priceCents: 999,
    currency: 'usd',
    interval: 'month',
    intervalCount: 1,
    mostPopular: false,
    isTrialPlan: false,
    trialDays: 0,
    trialAmountCents: null,
    description: 'The app membership: every lesson, listen-and-repeat drills with instant pronunciation scores, the fluency assessment and your study plan.',
    isSubscribeble: true,
    isActive: true,
    planOptions: JSON.stringify(['All video lessons', 'Drills with instant pronunciation scores', 'Fluency assessment and study plan', 'Pronunciation dictionary']),
    coachingSessionsPerMonth: 0,
    trialCoachingSessions: 0,
    sortOrder: 1,
  },
  {
    planId: 'green-card-monthly',
    name: 'Green Card',
    displayName: 'Green Card',
    planType: 'with_feedback',
    imageUrl: null,
    originalPriceCents: 4700,
    priceCents: 4700,
    currency: 'usd',
    interval: 'month',
    intervalCount: 1,
    mostPopular: true,
    isTrialPlan: true,
    // spec §9: $47 a month after a 7-day trial; the trial price is the lowest of the choose-trial prices.
    trialDays: 7,
    trialAmountCents: 100,
    description: 'Everything in Visa plus audio feedback from a human coach: 5 coaching sessions a month, 1 during the trial.',
    isSubscribeble: true,
    isActive: true,
    planOptions: JSON.stringify([
      'Everything in Visa',
      '5 coaching sessions a month from a human coach',
      '1 coaching session during the 7-day trial',
      'Personal training plan from your coach',
    ]),
    coachingSessionsPerMonth: 5,
    trialCoachingSessions: 1,
    sortOrder: 2,
  },
];

interface DemoUser {
  email: string;
  name: string;
  roleId: number;
  subscription?: { planId: string; status: 'active' | 'trialing'; createdAt: (now: Date) => Date; trialDays?: number };
  /** Ledger entries: grants positive, used sessions negative. */
  credits?: { delta: number; reason: 'trial_grant' | 'monthly_grant' | 'feedback_request' }[];
}

/** The demo accounts of issue 2 (README lists them); all verified, password `demo1234`. */
export const DEMO_USERS: DemoUser[] = [
  { email: 'free@demo.test', name: 'Free Learner', roleId: ROLE.learner },
  {
    email: 'app@demo.test',
    name: 'App Subscriber',
    roleId: ROLE.learner,
    subscription: { planId: 'visa-monthly', status: 'active', createdAt: (now) => new Date(now.getTime() - 40 * DAY_MS) },
  },
  {
    email: 'trial@demo.test',
    name: 'Trial Learner',
    roleId: ROLE.learner,
    subscription: { planId: 'green-card-monthly', status: 'trialing', createdAt: (now) => new Date(now.getTime() - 2 * DAY_MS), trialDays: 7 },
    credits: [{ delta: 1, reason: 'trial_grant' }],
  },
  {
    email: 'coached@demo.test',
    name: 'Coached Learner',
    roleId: ROLE.learner,
    // Created inside the current monthly period, so the seeded grant is this month's (issue 5).
    subscription: { planId: 'green-card-monthly', status: 'active', createdAt: (now) => new Date(now.getTime() - 20 * DAY_MS) },
    credits: [{ delta: 5, reason: 'monthly_grant' }],
  },
  {
    email: 'nocredit@demo.test',
    name: 'No Credit Learner',
    roleId: ROLE.learner,
    subscription: { planId: 'green-card-monthly', status: 'active', createdAt: (now) => new Date(now.getTime() - 21 * DAY_MS) },
    credits: [{ delta: 5, reason: 'monthly_grant' }, ...Array.from({ length: 5 }, () => ({ delta: -1, reason: 'feedback_request' as const }))],
  },
  {
    email: 'legacy@demo.test',
    name: 'Legacy Learner',
    roleId: ROLE.learner,
    // Created before 2022-05-06: the coaching credit feature is off (spec §4, §9).
    subscription: { planId: 'green-card-monthly', status: 'active', createdAt: () => new Date('2021-03-15T12:00:00Z') },
  },
  { email: 'coach@demo.test', name: 'Demo Coach', roleId: ROLE.coach },
  { email: 'admin@demo.test', name: 'Demo Admin', roleId: ROLE.admin },
];

/**
 * Seeds plans and demo users in one transaction. Idempotent: existing plans and users are left as
 * they are (a demo user's later changes survive a restart).
 */
export async function seedDemo(deps: { db: Db; clock: Clock; passwordCost?: ScryptCost }): Promise<{ plansCreated: number; usersCreated: number }> {
  return deps.db.transaction().execute(async (trx) => {
    let plansCreated = 0;
    for (const plan of PLAN_SEEDS) {
      const res = await trx.insertInto('plans').values(plan).onConflict((oc) => oc.column('planId').doNothing()).executeTakeFirst();
      plansCreated += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    const plans = await trx.selectFrom('plans').select(['id', 'planId']).execute();
    const planIdOf = new Map(plans.map((p) => [p.planId, p.id]));

    const now = deps.clock.now();
    const existing = new Set(
      (await trx.selectFrom('users').select('email').where('email', 'in', DEMO_USERS.map((u) => u.email)).execute()).map((u) => u.email),
    );
    let usersCreated = 0;
    // One hash for every demo account: they share a published password, and one hash keeps the
    // first start fast (each hash costs tens of milliseconds by design).
    let demoHash: string | undefined;
    for (const demo of DEMO_USERS) {
      if (existing.has(demo.email)) continue;
      demoHash ??= await hashPassword(DEMO_PASSWORD, deps.passwordCost);
      const [firstName, lastName] = demo.name.split(' ', 2);
      const user = await createUser(
        { db: trx, clock: deps.clock },
        { email: demo.email, passwordHash: demoHash, roleId: demo.roleId, isVerified: true, name: demo.name, firstName, lastName },
      );
      await trx.updateTable('users').set({ termsChecked: true }).where('id', '=', user.id).execute();
      usersCreated++;
      if (!demo.subscription) continue;
      const createdAt = demo.subscription.createdAt(now);
      const planId = planIdOf.get(demo.subscription.planId);
      if (planId === undefined) throw new Error(`Seed plan ${demo.subscription.planId} missing`);
      const trialEndsAt = demo.subscription.trialDays ? new Date(createdAt.getTime() + demo.subscription.trialDays * DAY_MS) : null;
      const sub = await trx
        .insertInto('subscriptions')
        .values({
          userId: user.id,
          planId,
          status: demo.subscription.status,
          createdAt,
          trialEndsAt,
          currentPeriodEnd: trialEndsAt ?? new Date(now.getTime() + 30 * DAY_MS),
          canceledAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, c] of (demo.credits ?? []).entries()) {
        await trx
          .insertInto('coachingCreditLedger')
          .values({ userId: user.id, subscriptionId: sub.id, delta: c.delta, reason: c.reason, createdAt: new Date(createdAt.getTime() + i * 60_000) })
          .execute();
      }
    }
    return { plansCreated, usersCreated };
  });
}
