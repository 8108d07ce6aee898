import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib/v1';
import { z } from 'zod';
import { EmptyRequestSchema, MESSAGES, MessageResponseSchema, defineRoute } from '@clearspeak/contract';
import { createTestApp, get, latestCode, post, signUpAndSignIn, uniqueEmail, type TestApp } from '../test/app.ts';
import { registerContractRoute } from '../lib/routing.ts';
import { authenticateToken } from './service.ts';
import { listOutbox } from '../lib/mailer.ts';

// A probe for each gated auth kind: the accounts contract has no learner/coach/admin-only call yet.
const probes = (['learner', 'coach', 'admin'] as const).map((auth) =>
  defineRoute({ method: 'GET', path: `/test-probe/${auth}`, auth, summary: 'test', request: EmptyRequestSchema, response: MessageResponseSchema }),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app, { db, clock }) => {
      for (const def of probes) {
        registerContractRoute(app, { authenticate: (token) => authenticateToken({ db, clock }, token), authRateLimitPerMinute: 1000 }, def, async () => ({
          isError: false as const,
          message: `hello ${def.auth}`,
        }));
      }
    },
  });
});
afterAll(async () => {
  await t.close();
});

const login = (body: Record<string, unknown>, ip = '127.0.0.1') => post(t.app, '/api/web-portal-login', body, { ip });

async function solvedCaptcha(): Promise<string> {
  const challenge = (await get(t.app, '/api/captcha/challenge')).json();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64');
}

describe('POST /api/web-portal-login', () => {
  it('signs in and returns api_token, the user and the active subscription', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    const res = await login({ email, password: 'password123' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isError: false, data: { user: { email, role_id: 2, is_verified: true, is_subscribed: false }, active_subscription: null } });
    expect(body.data.api_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('sessions').select('tokenHash').execute();
    expect(stored.map((s) => s.tokenHash)).not.toContain(body.data.api_token);
  });

  it.each([
    [{ password: 'x' }, MESSAGES.emailRequired, 'email'],
    [{ email: 'nope', password: 'x' }, MESSAGES.emailRequired, 'email'],
    [{ email: 'a@b.org' }, MESSAGES.passwordRequired, 'password'],
    [{ email: 'a@b.org', password: '' }, MESSAGES.passwordRequired, 'password'],
    [{}, MESSAGES.emailRequired, 'email'],
  ])('answers 422 with the §5 message for %o', async (body, message, field) => {
    const res = await login(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ isError: true, message, errors: { [field]: message } });
  });

  it('reports wrong credentials without saying which part was wrong', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    const wrongPassword = await login({ email, password: 'wrong-password' }, '10.1.0.1');
    const unknownEmail = await login({ email: uniqueEmail(), password: 'password123' }, '10.1.0.1');
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ isError: true, code: 'invalid_credentials', message: 'Email or password is incorrect.', show_captcha: false });
    }
  });

  it('tells an unverified user to verify (403, code unverified) and mails a fresh code', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/register', { email, password: 'password123', password_confirmation: 'password123', role_id: 2 });
    t.clock.advance(61_000);
    const res = await login({ email, password: 'password123' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ isError: true, code: 'unverified', message: expect.stringContaining('verify your email') });
    expect(await listOutbox(t.db, { to: email })).toHaveLength(2);
    expect((await post(t.app, '/api/verify-email', { email, otp: await latestCode(t.db, email) })).statusCode).toBe(200);
  });

  it('an unverified user with the wrong password learns nothing about the account', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/register', { email, password: 'password123', password_confirmation: 'password123', role_id: 2 });
    const res = await login({ email, password: 'not-it-at-all' }, '10.1.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_credentials');
  });
});

describe('captcha (docs/decisions/005)', () => {
  it('asks after 3 failed sign-ins for one email, then needs a valid ALTCHA solution', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    const flags: boolean[] = [];
    for (let i = 0; i < 3; i++) flags.push((await login({ email, password: 'wrong' }, `10.2.0.${i}`)).json().show_captcha);
    expect(flags).toEqual([false, false, true]);

    const withoutCaptcha = await login({ email, password: 'password123' }, '10.2.0.9');
    expect(withoutCaptcha.statusCode).toBe(400);
    expect(withoutCaptcha.json()).toMatchObject({ isError: true, code: 'captcha_required', show_captcha: true });

    const forged = await login({ email, password: 'password123', 'g-recaptcha-response': Buffer.from('{"number":1}').toString('base64') }, '10.2.0.9');
    expect(forged.json()).toMatchObject({ code: 'captcha_required', show_captcha: true });

    const solution = await solvedCaptcha();
    const ok = await login({ email, password: 'password123', 'g-recaptcha-response': solution }, '10.2.0.9');
    expect(ok.statusCode).toBe(200);
    // A success resets the email's count: the next sign-in needs no captcha.
    expect((await login({ email, password: 'password123' }, '10.2.0.9')).statusCode).toBe(200);
  });

  it('accepts a solution once only', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    for (let i = 0; i < 3; i++) await login({ email, password: 'wrong' }, '10.3.0.1');
    const solution = await solvedCaptcha();
    const first = await login({ email, password: 'wrong', 'g-recaptcha-response': solution }, '10.3.0.1');
    expect(first.json()).toMatchObject({ code: 'invalid_credentials', show_captcha: true });
    const replay = await login({ email, password: 'password123', 'g-recaptcha-response': solution }, '10.3.0.1');
    expect(replay.json()).toMatchObject({ code: 'captcha_required' });
  });

  it('asks after 10 failed sign-ins from one address, whatever the emails', async () => {
    const ip = '10.4.0.1';
    const flags: boolean[] = [];
    for (let i = 0; i < 10; i++) flags.push((await login({ email: uniqueEmail(), password: 'wrong' }, ip)).json().show_captcha);
    expect(flags.slice(0, 9).every((f) => f === false)).toBe(true);
    expect(flags[9]).toBe(true);
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    expect((await login({ email, password: 'password123' }, ip)).json()).toMatchObject({ code: 'captcha_required' });
    expect((await login({ email, password: 'password123' }, '10.4.0.2')).statusCode).toBe(200);
    expect((await login({ email, password: 'password123', 'g-recaptcha-response': await solvedCaptcha() }, ip)).statusCode).toBe(200);
  });

  it('forgets failures after 15 minutes', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    for (let i = 0; i < 3; i++) await login({ email, password: 'wrong' }, '10.5.0.1');
    expect((await login({ email, password: 'password123' }, '10.5.0.1')).statusCode).toBe(400);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login({ email, password: 'password123' }, '10.5.0.1')).statusCode).toBe(200);
  });

  it('the older /login shares the counter and refuses while a captcha is due', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    for (let i = 0; i < 3; i++) await post(t.app, '/api/login', { email, password: 'wrong' }, { ip: '10.6.0.1' });
    const res = await post(t.app, '/api/login', { email, password: 'password123' }, { ip: '10.6.0.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isError: true, show_captcha: true });
  });

  it('serves signed ALTCHA challenges', async () => {
    const res = await get(t.app, '/api/captcha/challenge');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ algorithm: 'SHA-256', challenge: expect.stringMatching(/^[0-9a-f]{64}$/), signature: expect.any(String), salt: expect.any(String) });
  });
});

describe('POST /api/login (older sign-in)', () => {
  it('signs in with the same rules', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    const res = await post(t.app, '/api/login', { email, password: 'password123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(email);
    const bad = await post(t.app, '/api/login', { email, password: '' });
    expect(bad.json()).toMatchObject({ isError: true, message: MESSAGES.passwordRequired });
  });
});

describe('sessions (docs/decisions/003)', () => {
  it('a token works until /web-logout revokes it (GET), then answers 401 with errorCode 401', async () => {
    const token = await signUpAndSignIn(t);
    expect((await get(t.app, '/api/get-user-data', { token })).statusCode).toBe(200);
    const out = await get(t.app, '/api/web-logout', { token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ isError: false, message: 'You have been signed out.' });
    const after = await get(t.app, '/api/get-user-data', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ isError: true, errorCode: 401, message: MESSAGES.unauthenticated });
  });

  it('/web-logout also answers POST and revokes only that token', async () => {
    const email = uniqueEmail();
    const a = await signUpAndSignIn(t, email);
    const b = (await login({ email, password: 'password123' })).json().data.api_token as string;
    expect((await post(t.app, '/api/web-logout', undefined, { token: a })).statusCode).toBe(200);
    expect((await get(t.app, '/api/get-user-data', { token: a })).statusCode).toBe(401);
    expect((await get(t.app, '/api/get-user-data', { token: b })).statusCode).toBe(200);
  });

  it('expires after 12 hours, or 30 days with remember me', async () => {
    const email = uniqueEmail();
    const short = await signUpAndSignIn(t, email);
    const long = (await login({ email, password: 'password123', remember_me: true })).json().data.api_token as string;
    t.clock.advance(12 * 3600_000 - 1000);
    expect((await get(t.app, '/api/get-user-data', { token: short })).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await get(t.app, '/api/get-user-data', { token: short })).json()).toMatchObject({ errorCode: 401 });
    expect((await get(t.app, '/api/get-user-data', { token: long })).statusCode).toBe(200);
    t.clock.advance(30 * 24 * 3600_000);
    expect((await get(t.app, '/api/get-user-data', { token: long })).statusCode).toBe(401);
  });

  it('answers 401 with errorCode 401 without a token or with a made-up one', async () => {
    for (const headers of [{}, { authorization: 'Bearer made-up-token' }, { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/get-user-data', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ isError: true, errorCode: 401, code: 'unauthenticated', message: MESSAGES.unauthenticated });
    }
  });
});

describe('role gate (DESIGN: Roles)', () => {
  async function tokenFor(roleId: number): Promise<string> {
    const email = uniqueEmail(`role${roleId}`);
    await signUpAndSignIn(t, email);
    await t.db.updateTable('users').set({ roleId }).where('email', '=', email).execute();
    return (await login({ email, password: 'password123' })).json().data.api_token as string;
  }

  it('lets each role through its own gate only (403 otherwise, 401 without a token)', async () => {
    const tokens = { learner: await tokenFor(2), coach: await tokenFor(3), admin: await tokenFor(1) };
    for (const gate of ['learner', 'coach', 'admin'] as const) {
      for (const [who, token] of Object.entries(tokens)) {
        const res = await get(t.app, `/api/test-probe/${gate}`, { token });
        if (who === gate) {
          expect(res.statusCode).toBe(200);
        } else {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toMatchObject({ isError: true, code: 'forbidden', message: MESSAGES.forbidden });
        }
      }
      const anonymous = await get(t.app, `/api/test-probe/${gate}`);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().errorCode).toBe(401);
    }
  });

  it('any signed-in role may use the `user` routes', async () => {
    const res = await get(t.app, '/api/get-user-data', { token: await tokenFor(3) });
    expect(res.statusCode).toBe(200);
    expect(z.object({ userDetails: z.object({ role_id: z.literal(3) }) }).safeParse(res.json()).success).toBe(true);
  });
});
