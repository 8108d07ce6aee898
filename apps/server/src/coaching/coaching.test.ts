import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COACHING_LIMIT_MESSAGE, ROLE, coachingRoutes as r } from '@clearspeak/contract';
import { AppError } from '../lib/errors.ts';
import { PLAN_SEEDS } from '../seed/demo.ts';
import { createTestApp, get, signUpAndSignIn, uniqueEmail, type TestApp } from '../test/app.ts';
import { addMonthsUtc, consumeCredit, getUserCreditInfo, grantMonthlyCredits } from './service.ts';

const DAY_MS = 24 * 3600_000;
const START = new Date('2026-03-02T10:00:00Z');

let t: TestApp;
let plans: { withFeedback: number; appOnly: number };

beforeAll(async () => {
  t = await createTestApp();
  // The shipped plans: green-card-monthly (with_feedback, 5 a month, 1 in trial: accounts §9) and
  // visa-monthly (app_only).
  await t.db.insertInto('plans').values(PLAN_SEEDS).execute();
  const ids = new Map((await t.db.selectFrom('plans').select(['id', 'planId']).execute()).map((p) => [p.planId, p.id]));
  plans = { withFeedback: ids.get('green-card-monthly') ?? -1, appOnly: ids.get('visa-monthly') ?? -1 };
  expect(PLAN_SEEDS.find((p) => p.planId === 'green-card-monthly')).toMatchObject({ planType: 'with_feedback', coachingSessionsPerMonth: 5, trialCoachingSessions: 1 });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.set(START);
});

async function learner(): Promise<{ token: string; userId: number }> {
  const email = uniqueEmail('coaching');
  const token = await signUpAndSignIn(t, email);
  const { id } = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, userId: id };
}

async function subscribe(
  userId: number,
  options: { plan?: 'withFeedback' | 'appOnly'; status?: 'active' | 'trialing' | 'canceled'; createdAt: Date; trialEndsAt?: Date },
): Promise<number> {
  const row = await t.db
    .insertInto('subscriptions')
    .values({
      userId,
      planId: plans[options.plan ?? 'withFeedback'],
      status: options.status ?? 'active',
      createdAt: options.createdAt,
      trialEndsAt: options.trialEndsAt ?? null,
      currentPeriodEnd: null,
      canceledAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function creditInfoOverHttp(token: string) {
  const res = await get(t.app, '/api/user-credit-info', { token });
  expect(res.statusCode).toBe(200);
  return r.userCreditInfo.response.parse(res.json()).user_credit_info.data;
}

const info = (userId: number) => getUserCreditInfo(t, { userId });
const consume = (userId: number, key: string) => consumeCredit({ db: t.db, clock: t.clock, userId, reason: 'feedback_request', key });

describe('coaching credits (accounts §4, learning §4 Credits dropdown text, §8)', () => {
  it('grants 5 a month to a with_feedback subscription, once per period, and the session user sees them', async () => {
    const me = await learner();
    const createdAt = new Date(START.getTime() - 10 * DAY_MS); // 2026-02-20
    await subscribe(me.userId, { createdAt });

    expect((await creditInfoOverHttp(me.token)).remaining_coaching_credit).toBe(0);
    const first = await grantMonthlyCredits(t);
    expect(first.granted).toBeGreaterThanOrEqual(1);
    // The same period again: nothing new for anyone.
    expect(await grantMonthlyCredits(t)).toEqual({ granted: 0 });

    expect(await creditInfoOverHttp(me.token)).toEqual({
      can_submit_new_coaching_request: true,
      remaining_coaching_credit: 5,
      is_coach_credit_enable: true,
      is_with_feedback: true,
      is_trialing: false,
      renewal_date: '2026-03-20',
      messages: ['You have 5 coaching sessions left this month.'],
    });
    const user = (await get(t.app, '/api/get-user-data', { token: me.token })).json().userDetails;
    expect(user).toMatchObject({ remaining_coaching_credit: 5, isCoachCreditEnable: true, isWithFeedback: true });
  });

  it('renews monthly and keeps unused sessions while subscribed', async () => {
    const me = await learner();
    await subscribe(me.userId, { createdAt: new Date(START.getTime() - 10 * DAY_MS) });
    await grantMonthlyCredits(t);
    await consume(me.userId, 'renewal-1');
    await consume(me.userId, 'renewal-2');
    expect((await info(me.userId)).remaining_coaching_credit).toBe(3);

    // Still inside the period (one day before 2026-03-20 10:00): nothing new.
    t.clock.set(new Date('2026-03-19T10:00:00Z'));
    await grantMonthlyCredits(t);
    expect((await info(me.userId)).remaining_coaching_credit).toBe(3);

    // The next period: 5 more on top of the 3 left (sessions do not expire).
    t.clock.set(new Date('2026-03-20T10:00:00Z'));
    await grantMonthlyCredits(t);
    await grantMonthlyCredits(t);
    const renewed = await info(me.userId);
    expect(renewed.remaining_coaching_credit).toBe(8);
    expect(renewed.renewal_date).toBe('2026-04-20');
    expect(renewed.messages).toEqual(['You have 8 coaching sessions left this month.']);
  });

  it('gives 1 session during a trial, then 5 a month once the subscription is active', async () => {
    const me = await learner();
    const trialEndsAt = new Date(START.getTime() + 7 * DAY_MS); // 2026-03-09
    const subId = await subscribe(me.userId, { status: 'trialing', createdAt: START, trialEndsAt });
    await grantMonthlyCredits(t);
    expect(await creditInfoOverHttp(me.token)).toMatchObject({
      remaining_coaching_credit: 1,
      is_trialing: true,
      can_submit_new_coaching_request: true,
      renewal_date: '2026-03-09',
      messages: ['Your trial includes one coaching session.'],
    });

    await consume(me.userId, 'trial-request');
    expect(await creditInfoOverHttp(me.token)).toMatchObject({
      remaining_coaching_credit: 0,
      can_submit_new_coaching_request: false,
      messages: ['You have used all the coaching feedback included in your trial.', COACHING_LIMIT_MESSAGE],
    });

    // A trial that has ended but is not yet converted by billing gets no monthly grant.
    t.clock.set(new Date(trialEndsAt.getTime() + DAY_MS));
    await grantMonthlyCredits(t);
    expect((await info(me.userId)).remaining_coaching_credit).toBe(0);

    // Billing converts it: the first month starts at the trial's end.
    await t.db.updateTable('subscriptions').set({ status: 'active' }).where('id', '=', subId).execute();
    await grantMonthlyCredits(t);
    expect(await info(me.userId)).toMatchObject({ remaining_coaching_credit: 5, is_trialing: false, renewal_date: '2026-04-09' });
  });

  it('grants nothing to subscriptions created on or before 2022-05-06, and does not limit them', async () => {
    const legacy = await learner();
    await subscribe(legacy.userId, { createdAt: new Date('2022-05-06T23:00:00Z') });
    const firstDayAfter = await learner();
    await subscribe(firstDayAfter.userId, { createdAt: new Date('2022-05-07T00:00:00Z') });
    await grantMonthlyCredits(t);

    expect(await creditInfoOverHttp(legacy.token)).toEqual({
      can_submit_new_coaching_request: true,
      remaining_coaching_credit: 0,
      is_coach_credit_enable: false,
      is_with_feedback: true,
      is_trialing: false,
      renewal_date: null,
      messages: [],
    });
    expect((await get(t.app, '/api/get-user-data', { token: legacy.token })).json().userDetails.isCoachCreditEnable).toBe(false);
    expect(await info(firstDayAfter.userId)).toMatchObject({ is_coach_credit_enable: true, remaining_coaching_credit: 5, renewal_date: '2026-03-07' });
  });

  it('grants nothing for an app-only plan, a canceled subscription or no subscription', async () => {
    const appOnly = await learner();
    await subscribe(appOnly.userId, { plan: 'appOnly', createdAt: new Date(START.getTime() - 3 * DAY_MS) });
    const canceled = await learner();
    await subscribe(canceled.userId, { status: 'canceled', createdAt: new Date(START.getTime() - 3 * DAY_MS) });
    const free = await learner();
    await grantMonthlyCredits(t);

    for (const who of [appOnly, canceled, free]) {
      expect(await creditInfoOverHttp(who.token)).toEqual({
        can_submit_new_coaching_request: false,
        remaining_coaching_credit: 0,
        is_coach_credit_enable: false,
        is_with_feedback: false,
        is_trialing: false,
        renewal_date: null,
        messages: [],
      });
    }
  });

  it('consumes down to 0 (a repeated key is a no-op) and refuses at 0 with the limit message', async () => {
    const me = await learner();
    await subscribe(me.userId, { createdAt: new Date(START.getTime() - 10 * DAY_MS) });
    await grantMonthlyCredits(t);

    expect(await consume(me.userId, 'request-1')).toEqual({ remaining: 4, repeated: false });
    expect(await consume(me.userId, 'request-1')).toEqual({ remaining: 4, repeated: true });
    expect((await creditInfoOverHttp(me.token)).messages).toEqual(['You have 4 coaching sessions left this month.']);
    for (const key of ['request-2', 'request-3', 'request-4']) await consume(me.userId, key);
    expect((await creditInfoOverHttp(me.token)).messages).toEqual(['You have 1 coaching session left this month.']);
    expect(await consume(me.userId, 'request-5')).toEqual({ remaining: 0, repeated: false });

    const refusal = await consume(me.userId, 'request-6').catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 403, message: COACHING_LIMIT_MESSAGE });
    // The refused key was not recorded, and a repeat of a consumed key still answers without error.
    expect(await consume(me.userId, 'request-5')).toEqual({ remaining: 0, repeated: true });

    const ledger = await t.db.selectFrom('coachingCreditLedger').select(['delta', 'reason']).where('userId', '=', me.userId).orderBy('id').execute();
    expect(ledger).toEqual([{ delta: 5, reason: 'monthly_grant' }, ...Array.from({ length: 5 }, () => ({ delta: -1, reason: 'feedback_request' }))]);

    expect(await creditInfoOverHttp(me.token)).toEqual({
      can_submit_new_coaching_request: false,
      remaining_coaching_credit: 0,
      is_coach_credit_enable: true,
      is_with_feedback: true,
      is_trialing: false,
      renewal_date: '2026-03-20',
      messages: ['You have used all your coaching feedback for this month. You will get more on March 20, 2026.', COACHING_LIMIT_MESSAGE],
    });
  });

  it('answers learners only: 401 without a token, 403 for a coach or an admin', async () => {
    expect((await get(t.app, '/api/user-credit-info')).statusCode).toBe(401);
    for (const roleId of [ROLE.coach, ROLE.admin]) {
      const other = await learner();
      await t.db.updateTable('users').set({ roleId }).where('id', '=', other.userId).execute();
      const res = await get(t.app, '/api/user-credit-info', { token: other.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ isError: true, code: 'forbidden' });
    }
  });
});

describe('addMonthsUtc', () => {
  it('clamps to the last day of a shorter month', () => {
    expect(addMonthsUtc(new Date('2026-01-31T08:00:00Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonthsUtc(new Date('2026-01-31T08:00:00Z'), 2).toISOString()).toBe('2026-03-31T08:00:00.000Z');
    expect(addMonthsUtc(new Date('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
  });
});
