import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestApp } from '../test/app.ts';
import { grantMonthlyCredits } from '../coaching/service.ts';
import { DEMO_PASSWORD, DEMO_USERS, PLAN_SEEDS, seedDemo } from './demo.ts';

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const first = await seedDemo({ db: t.db, clock: t.clock, passwordCost: { N: 2 ** 10, r: 8, p: 1 } });
  expect(first).toEqual({ plansCreated: PLAN_SEEDS.length, usersCreated: DEMO_USERS.length });
  tokens = {};
  for (const u of DEMO_USERS) {
    const res = await post(t.app, '/api/web-portal-login', { email: u.email, password: DEMO_PASSWORD });
    expect(res.statusCode, u.email).toBe(200);
    tokens[u.email] = res.json().data.api_token;
  }
});
afterAll(async () => {
  await t.close();
});

const userOf = async (email: string) => (await get(t.app, '/api/get-user-data', { token: tokens[email] ?? '' })).json().userDetails;

describe('seedDemo', () => {
  it('is idempotent: a second run creates nothing and keeps later changes', async () => {
    await t.db.updateTable('users').set({ name: 'Renamed' }).where('email', '=', 'free@demo.test').execute();
    expect(await seedDemo({ db: t.db, clock: t.clock })).toEqual({ plansCreated: 0, usersCreated: 0 });
    expect(await t.db.selectFrom('users').select('id').where('email', 'like', '%@demo.test').execute()).toHaveLength(DEMO_USERS.length);
    expect(await t.db.selectFrom('plans').select('id').execute()).toHaveLength(PLAN_SEEDS.length);
    expect((await userOf('free@demo.test')).name).toBe('Renamed');
  });

  it('seeds both plan families with the spec prices', async () => {
    const plans = await t.db.selectFrom('plans').select(['name', 'planType', 'priceCents', 'trialDays', 'coachingSessionsPerMonth', 'trialCoachingSessions']).orderBy('sortOrder').execute();
    expect(plans).toEqual([
      { name: 'Visa', planType: 'app_only', priceCents: 999, trialDays: 0, coachingSessionsPerMonth: 0, trialCoachingSessions: 0 },
      { name: 'Green Card', planType: 'with_feedback', priceCents: 4700, trialDays: 7, coachingSessionsPerMonth: 5, trialCoachingSessions: 1 },
    ]);
  });

  it.each([
    ['free@demo.test', { role_id: 2, is_subscribed: false, is_free_plan: true, isTrialing: false, isWithFeedback: false, isCoachCreditEnable: false, remaining_coaching_credit: 0 }],
    ['app@demo.test', { role_id: 2, is_subscribed: true, isTrialing: false, isWithFeedback: false, isCoachCreditEnable: false, remaining_coaching_credit: 0 }],
    ['trial@demo.test', { role_id: 2, is_subscribed: true, isTrialing: true, isWithFeedback: true, isCoachCreditEnable: true, remaining_coaching_credit: 1 }],
    ['coached@demo.test', { role_id: 2, is_subscribed: true, isTrialing: false, isWithFeedback: true, isCoachCreditEnable: true, remaining_coaching_credit: 5 }],
    ['nocredit@demo.test', { role_id: 2, is_subscribed: true, isWithFeedback: true, isCoachCreditEnable: true, remaining_coaching_credit: 0 }],
    ['legacy@demo.test', { role_id: 2, is_subscribed: true, isWithFeedback: true, isCoachCreditEnable: false }],
    ['coach@demo.test', { role_id: 3, is_verified: true }],
    ['admin@demo.test', { role_id: 1, is_verified: true }],
  ])('%s has the derived flags of issue 2', async (email, expected) => {
    expect(await userOf(email)).toMatchObject({ is_verified: true, ...expected });
  });

  it('keeps the advertised credits when the hourly grant runs (the seeded grants are this period’s)', async () => {
    await grantMonthlyCredits({ db: t.db, clock: t.clock });
    expect((await userOf('trial@demo.test')).remaining_coaching_credit).toBe(1);
    expect((await userOf('coached@demo.test')).remaining_coaching_credit).toBe(5);
    expect((await userOf('nocredit@demo.test')).remaining_coaching_credit).toBe(0);
  });
});
