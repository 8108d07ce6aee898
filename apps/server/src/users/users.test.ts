import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '@clearspeak/contract';
import { createTestApp, get, post, signUpAndSignIn, uniqueEmail, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function subscribe(email: string, planType: 'app_only' | 'with_feedback', status: 'active' | 'trialing' | 'canceled', createdAt: Date) {
  const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const planId = `${planType}-${Math.random()}`;
  const plan = await t.db
    .insertInto('plans')
    .values({
      planId,
      name: planType,
      displayName: planType,
      planType,
      imageUrl: null,
      originalPriceCents: 4700,
      priceCents: 4700,
      currency: 'usd',
      interval: 'month',
      intervalCount: 1,
      mostPopular: false,
      isTrialPlan: false,
      trialDays: 0,
      trialAmountCents: null,
      description: '',
      isSubscribeble: true,
      isActive: true,
      planOptions: '[]',
      coachingSessionsPerMonth: 5,
      trialCoachingSessions: 1,
      sortOrder: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('subscriptions').values({ userId: user.id, planId: plan.id, status, createdAt, trialEndsAt: null, currentPeriodEnd: null, canceledAt: null }).execute();
  return { userId: user.id, planId: plan.id };
}

describe('GET /api/get-user-data', () => {
  it('returns the session user in the contract shape, free by default', async () => {
    const email = uniqueEmail();
    const token = await signUpAndSignIn(t, email);
    const res = await get(t.app, '/api/get-user-data', { token });
    expect(res.statusCode).toBe(200);
    const user = UserSchema.parse(res.json().userDetails);
    expect(user).toMatchObject({
      email,
      role_id: 2,
      is_subscribed: false,
      is_free_plan: true,
      isTrialing: false,
      isWithFeedback: false,
      isCoachCreditEnable: false,
      remaining_coaching_credit: 0,
      plan_id: null,
      terms_checked: false,
    });
    expect(user.refferal_coupon).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it('derives the subscription flags from the subscription and the credit ledger', async () => {
    const email = uniqueEmail();
    const token = await signUpAndSignIn(t, email);
    const { userId, planId } = await subscribe(email, 'with_feedback', 'trialing', new Date('2026-03-01T00:00:00Z'));
    await t.db.insertInto('coachingCreditLedger').values([
      { userId, subscriptionId: null, delta: 5, reason: 'monthly_grant', createdAt: new Date() },
      { userId, subscriptionId: null, delta: -2, reason: 'feedback_request', createdAt: new Date() },
    ]).execute();
    const user = (await get(t.app, '/api/get-user-data', { token })).json().userDetails;
    expect(user).toMatchObject({
      is_subscribed: true,
      is_free_plan: false,
      isTrialing: true,
      isWithFeedback: true,
      isCoachCreditEnable: true,
      remaining_coaching_credit: 3,
      plan_id: planId,
    });
  });

  it('turns coaching credit off for subscriptions created on or before 2022-05-06 (spec §4)', async () => {
    const onTheDay = uniqueEmail();
    const after = uniqueEmail();
    const tokenOn = await signUpAndSignIn(t, onTheDay);
    const tokenAfter = await signUpAndSignIn(t, after);
    await subscribe(onTheDay, 'with_feedback', 'active', new Date('2022-05-06T18:00:00Z'));
    await subscribe(after, 'with_feedback', 'active', new Date('2022-05-07T00:00:00Z'));
    expect((await get(t.app, '/api/get-user-data', { token: tokenOn })).json().userDetails.isCoachCreditEnable).toBe(false);
    expect((await get(t.app, '/api/get-user-data', { token: tokenAfter })).json().userDetails.isCoachCreditEnable).toBe(true);
  });

  it('ignores canceled subscriptions', async () => {
    const email = uniqueEmail();
    const token = await signUpAndSignIn(t, email);
    await subscribe(email, 'app_only', 'canceled', new Date('2026-01-01T00:00:00Z'));
    expect((await get(t.app, '/api/get-user-data', { token })).json().userDetails).toMatchObject({ is_subscribed: false, plan_id: null });
  });
});

describe('GET /api/module/subscription-data', () => {
  it('answers the three flags', async () => {
    const email = uniqueEmail();
    const token = await signUpAndSignIn(t, email);
    expect((await get(t.app, '/api/module/subscription-data', { token })).json()).toEqual({ isError: false, is_subscribed: false, is_free_plan: true, isTrialing: false });
    await subscribe(email, 'app_only', 'active', new Date('2026-02-01T00:00:00Z'));
    expect((await get(t.app, '/api/module/subscription-data', { token })).json()).toEqual({ isError: false, is_subscribed: true, is_free_plan: false, isTrialing: false });
  });

  it('needs a session', async () => {
    expect((await get(t.app, '/api/module/subscription-data')).json()).toMatchObject({ errorCode: 401 });
  });
});

describe('POST /api/update/terms', () => {
  it('records the acceptance on the user and in the event sink', async () => {
    const token = await signUpAndSignIn(t);
    const res = await post(t.app, '/api/update/terms', { terms_checked: true }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isError: false, message: 'Terms updated.' });
    const user = (await get(t.app, '/api/get-user-data', { token })).json().userDetails;
    expect(user.terms_checked).toBe(true);
    const events = await t.db.selectFrom('events').select(['name']).where('userId', '=', user.id).execute();
    expect(events.map((e) => e.name)).toContain('terms-accepted');
  });
});

describe('POST /api/add-kartra-tag', () => {
  it('stores the tag in the events table', async () => {
    const token = await signUpAndSignIn(t);
    const res = await post(t.app, '/api/add-kartra-tag', { 'user-tag': 'web-login' }, { token });
    expect(res.statusCode).toBe(200);
    const userId = (await get(t.app, '/api/get-user-data', { token })).json().userDetails.id;
    const event = await t.db.selectFrom('events').select(['name', 'properties']).where('userId', '=', userId).where('name', '=', 'add-kartra-tag').executeTakeFirstOrThrow();
    expect(event.properties).toEqual({ tag: 'web-login' });
  });

  it('requires a tag', async () => {
    const token = await signUpAndSignIn(t);
    const res = await post(t.app, '/api/add-kartra-tag', {}, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('user-tag');
  });
});
