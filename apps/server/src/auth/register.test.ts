import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, alreadyRegisteredMessage, PRODUCT_NAME } from '@clearspeak/contract';
import { createTestApp, latestCode, post, uniqueEmail, type TestApp } from '../test/app.ts';
import { listOutbox } from '../lib/mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (body: Record<string, unknown>) => post(t.app, '/api/v1/register', body);
const valid = (email: string) => ({ email, password: 'password123', password_confirmation: 'password123', role_id: 2, device_type: 'web' });

describe('POST /api/v1/register', () => {
  it('creates an unverified learner, answers 201 and mails a 6-digit code', async () => {
    const email = uniqueEmail();
    const res = await register({ ...valid(email), email: email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ isError: false, message: expect.any(String), data: { email } });
    const row = await t.db.selectFrom('users').select(['roleId', 'isVerified', 'passwordHash']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ roleId: 2, isVerified: false });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('password123');
    expect(await latestCode(t.db, email)).toMatch(/^\d{6}$/);
  });

  it.each([
    [{ password: 'password123', password_confirmation: 'password123', role_id: 2 }, 'email', MESSAGES.emailRequired],
    [{ email: '', password: 'password123', password_confirmation: 'password123', role_id: 2 }, 'email', MESSAGES.emailRequired],
    [{ email: 'not-an-email', password: 'password123', password_confirmation: 'password123', role_id: 2 }, 'email', MESSAGES.emailRequired],
    [{ email: 'a@b.org', password: '', password_confirmation: '', role_id: 2 }, 'password', MESSAGES.passwordRequired],
    [{ email: 'a@b.org', password: 'short', password_confirmation: 'short', role_id: 2 }, 'password', 'Use at least 8 characters for your password.'],
    [{ email: 'a@b.org', password: 'password123', password_confirmation: 'password124', role_id: 2 }, 'password_confirmation', MESSAGES.passwordsMustMatch],
  ])('answers 422 with the spec message for %o', async (body, field, message) => {
    const res = await register(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ isError: true, message, errors: { [field]: message } });
  });

  it('refuses to create anything but a learner', async () => {
    const res = await register({ ...valid(uniqueEmail()), role_id: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('role_id');
  });

  it('answers 409 with errorCode 409 and the §8 message for a registered email', async () => {
    const email = uniqueEmail();
    await register(valid(email));
    await post(t.app, '/api/verify-email', { email, otp: await latestCode(t.db, email) });
    const res = await register(valid(email));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ isError: true, errorCode: 409, message: alreadyRegisteredMessage(PRODUCT_NAME) });
  });

  it('lets an unverified sign-up register again: the new password wins, no second account', async () => {
    const email = uniqueEmail();
    await register(valid(email));
    t.clock.advance(61_000);
    const again = await register({ ...valid(email), password: 'newpassword1', password_confirmation: 'newpassword1' });
    expect(again.statusCode).toBe(201);
    const users = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    await post(t.app, '/api/verify-email', { email, otp: await latestCode(t.db, email) });
    expect((await post(t.app, '/api/web-portal-login', { email, password: 'newpassword1' })).statusCode).toBe(200);
  });
});

describe('POST /api/verify-email', () => {
  it('verifies with the mailed code; the client then signs in', async () => {
    const email = uniqueEmail();
    await register(valid(email));
    const before = await post(t.app, '/api/web-portal-login', { email, password: 'password123' });
    expect(before.statusCode).toBe(403);
    const res = await post(t.app, '/api/verify-email', { email, otp: await latestCode(t.db, email) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isError: false, message: 'Your email has been verified.' });
    expect((await post(t.app, '/api/web-portal-login', { email, password: 'password123' })).statusCode).toBe(200);
  });

  it('requires the code with the spec message', async () => {
    const res = await post(t.app, '/api/verify-email', { email: uniqueEmail(), otp: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: MESSAGES.codeRequired, errors: { otp: MESSAGES.codeRequired } });
  });

  it('answers "Invalid OTP" for a wrong code and for an unknown email', async () => {
    const email = uniqueEmail();
    await register(valid(email));
    const code = await latestCode(t.db, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post(t.app, '/api/verify-email', { email, otp: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isError: true, message: MESSAGES.invalidOtp });
    const unknown = await post(t.app, '/api/verify-email', { email: uniqueEmail(), otp: '123456' });
    expect(unknown.json()).toMatchObject({ isError: true, message: MESSAGES.invalidOtp });
  });

  it('rejects a code older than 10 minutes', async () => {
    const email = uniqueEmail();
    await register(valid(email));
    const code = await latestCode(t.db, email);
    t.clock.advance(10 * 60_000 + 1);
    const res = await post(t.app, '/api/verify-email', { email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'otp_expired', message: 'This code has expired. Please ask for a new code.' });
  });

  it('accepts a code just under 10 minutes old', async () => {
    const email = uniqueEmail();
    await register(valid(email));
    const code = await latestCode(t.db, email);
    t.clock.advance(10 * 60_000 - 1000);
    expect((await post(t.app, '/api/verify-email', { email, otp: code })).statusCode).toBe(200);
  });

  it('allows at most 5 wrong tries, then even the right code needs a new mail', async () => {
    const email = uniqueEmail();
    await register(valid(email));
    const code = await latestCode(t.db, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await post(t.app, '/api/verify-email', { email, otp: wrong })).json().message);
    expect(messages.slice(0, 4)).toEqual(Array(4).fill(MESSAGES.invalidOtp));
    expect(messages[4]).toBe('Too many wrong codes. Please ask for a new code.');
    const right = await post(t.app, '/api/verify-email', { email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: 'otp_attempts' });
    t.clock.advance(61_000);
    expect((await post(t.app, '/api/resend-otp', { email })).statusCode).toBe(200);
    expect((await post(t.app, '/api/verify-email', { email, otp: await latestCode(t.db, email) })).statusCode).toBe(200);
  });
});

describe('POST /api/resend-otp', () => {
  it('sends at most one code a minute (429 with a clear message), and the new code replaces the old', async () => {
    const email = uniqueEmail();
    await register(valid(email));
    const first = await latestCode(t.db, email);
    const tooSoon = await post(t.app, '/api/resend-otp', { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ isError: true, code: 'resend_too_soon', message: 'Please wait a minute before asking for a new code.' });
    t.clock.advance(60_000);
    const ok = await post(t.app, '/api/resend-otp', { email });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ isError: false, message: 'We have sent a new code to your email.' });
    expect(await listOutbox(t.db, { to: email })).toHaveLength(2);
    const second = await latestCode(t.db, email);
    if (second !== first) {
      expect((await post(t.app, '/api/verify-email', { email, otp: first })).json().message).toBe(MESSAGES.invalidOtp);
    }
    expect((await post(t.app, '/api/verify-email', { email, otp: second })).statusCode).toBe(200);
  });

  it('answers the same for an unknown email and mails nothing', async () => {
    const email = uniqueEmail();
    const res = await post(t.app, '/api/resend-otp', { email });
    expect(res.json()).toEqual({ isError: false, message: 'We have sent a new code to your email.' });
    expect(await listOutbox(t.db, { to: email })).toHaveLength(0);
  });

  it('requires a valid email', async () => {
    const res = await post(t.app, '/api/resend-otp', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.emailRequired);
  });
});
