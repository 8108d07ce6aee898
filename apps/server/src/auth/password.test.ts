import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@clearspeak/contract';
import { createTestApp, get, latestCode, post, signUpAndSignIn, uniqueEmail, type TestApp } from '../test/app.ts';
import { listOutbox } from '../lib/mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const FORGOT_ANSWER = { isError: false, message: 'If an account exists for this email, we have sent it a code to reset the password.' };

describe.each(['/api/forgot-password', '/api/send-password-reset-token'])('POST %s', (path) => {
  it('mails a reset code to a member', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    const res = await post(t.app, path, { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(FORGOT_ANSWER);
    const [mail] = await listOutbox(t.db, { to: email, limit: 1 });
    expect(mail?.subject).toContain('password reset code');
  });

  it('answers exactly the same for an unknown email, and mails nothing', async () => {
    const email = uniqueEmail();
    const res = await post(t.app, path, { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(FORGOT_ANSWER);
    expect(await listOutbox(t.db, { to: email })).toHaveLength(0);
  });

  it('answers the same within the minute too, without a second mail', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    await post(t.app, path, { email });
    const again = await post(t.app, path, { email });
    expect(again.json()).toEqual(FORGOT_ANSWER);
    expect((await listOutbox(t.db, { to: email })).filter((m) => m.subject.includes('reset'))).toHaveLength(1);
  });

  it('requires a valid email', async () => {
    const res = await post(t.app, path, { email: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.emailRequired);
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password with the code, says so in the spec words, and revokes every session', async () => {
    const email = uniqueEmail();
    const token = await signUpAndSignIn(t, email);
    await post(t.app, '/api/forgot-password', { email });
    const res = await post(t.app, '/api/reset-password', { email, otp: await latestCode(t.db, email), newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isError: false, message: MESSAGES.passwordReset });
    expect((await get(t.app, '/api/get-user-data', { token })).json()).toMatchObject({ errorCode: 401 });
    expect((await post(t.app, '/api/web-portal-login', { email, password: 'password123' })).statusCode).toBe(401);
    expect((await post(t.app, '/api/web-portal-login', { email, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it('answers "Invalid OTP" for a wrong code, an unknown email, and a used code', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    await post(t.app, '/api/forgot-password', { email });
    const code = await latestCode(t.db, email);
    const wrong = await post(t.app, '/api/reset-password', { email, otp: code === '999999' ? '000000' : '999999', newPassword: 'brand-new-pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ isError: true, message: MESSAGES.invalidOtp });
    const unknown = await post(t.app, '/api/reset-password', { email: uniqueEmail(), otp: code, newPassword: 'brand-new-pass' });
    expect(unknown.json()).toMatchObject({ isError: true, message: MESSAGES.invalidOtp });
    expect((await post(t.app, '/api/reset-password', { email, otp: code, newPassword: 'brand-new-pass' })).statusCode).toBe(200);
    const reused = await post(t.app, '/api/reset-password', { email, otp: code, newPassword: 'another-pass' });
    expect(reused.json()).toMatchObject({ isError: true, message: MESSAGES.invalidOtp });
  });

  it('a verification code is not a reset code', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/register', { email, password: 'password123', password_confirmation: 'password123', role_id: 2 });
    const verifyCode = await latestCode(t.db, email);
    const res = await post(t.app, '/api/reset-password', { email, otp: verifyCode, newPassword: 'brand-new-pass' });
    expect(res.json()).toMatchObject({ isError: true, message: MESSAGES.invalidOtp });
  });

  it('rejects an expired code and stops after 5 wrong tries', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    await post(t.app, '/api/forgot-password', { email });
    const code = await latestCode(t.db, email);
    t.clock.advance(10 * 60_000 + 1);
    expect((await post(t.app, '/api/reset-password', { email, otp: code, newPassword: 'brand-new-pass' })).json().code).toBe('otp_expired');
    await post(t.app, '/api/forgot-password', { email });
    const fresh = await latestCode(t.db, email);
    const wrong = fresh === '999999' ? '000000' : '999999';
    for (let i = 0; i < 5; i++) await post(t.app, '/api/reset-password', { email, otp: wrong, newPassword: 'brand-new-pass' });
    const blocked = await post(t.app, '/api/reset-password', { email, otp: fresh, newPassword: 'brand-new-pass' });
    expect(blocked.json()).toMatchObject({ code: 'otp_attempts', message: 'Too many wrong codes. Please ask for a new code.' });
  });

  it('verifies an account that never finished sign-up (the code proves the mailbox)', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/register', { email, password: 'password123', password_confirmation: 'password123', role_id: 2 });
    await post(t.app, '/api/forgot-password', { email });
    expect((await post(t.app, '/api/reset-password', { email, otp: await latestCode(t.db, email), newPassword: 'brand-new-pass' })).statusCode).toBe(200);
    expect((await post(t.app, '/api/web-portal-login', { email, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it.each([
    [{ email: 'a@b.org', otp: '', newPassword: 'password123' }, 'otp', MESSAGES.otpRequired],
    [{ email: 'a@b.org', newPassword: 'password123' }, 'otp', MESSAGES.otpRequired],
    [{ email: 'a@b.org', otp: '123456', newPassword: '' }, 'newPassword', MESSAGES.newPasswordRequired],
    [{ email: 'a@b.org', otp: '123456' }, 'newPassword', MESSAGES.newPasswordRequired],
    [{ email: 'a@b.org', otp: '123456', newPassword: 'short' }, 'newPassword', 'Use at least 8 characters for your password.'],
    [{ otp: '123456', newPassword: 'password123' }, 'email', MESSAGES.emailRequired],
  ])('answers 422 with the spec message for %o', async (body, field, message) => {
    const res = await post(t.app, '/api/reset-password', body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
  });
});

describe('POST /api/update/password', () => {
  const change = (token: string, body: Record<string, unknown>) => post(t.app, '/api/update/password', body, { token });

  it('changes the password when the old one matches; other sessions end, this one stays', async () => {
    const email = uniqueEmail();
    const token = await signUpAndSignIn(t, email);
    const other = (await post(t.app, '/api/web-portal-login', { email, password: 'password123' })).json().data.api_token as string;
    const res = await change(token, { old_password: 'password123', new_password: 'changed-pass', new_password_confirmation: 'changed-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isError: false, message: 'Your password has been changed.' });
    expect((await get(t.app, '/api/get-user-data', { token })).statusCode).toBe(200);
    expect((await get(t.app, '/api/get-user-data', { token: other })).statusCode).toBe(401);
    expect((await post(t.app, '/api/web-portal-login', { email, password: 'changed-pass' })).statusCode).toBe(200);
  });

  it('refuses a wrong old password with a server message', async () => {
    const token = await signUpAndSignIn(t);
    const res = await change(token, { old_password: 'nope-nope', new_password: 'changed-pass', new_password_confirmation: 'changed-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isError: true, code: 'wrong_password', message: 'Your current password is incorrect.' });
  });

  it.each([
    [{ old_password: '', new_password: 'changed-pass', new_password_confirmation: 'changed-pass' }, 'old_password', 'Enter your current password.'],
    [{ old_password: 'password123', new_password: '', new_password_confirmation: '' }, 'new_password', MESSAGES.newPasswordRequired],
    [{ old_password: 'password123', new_password: 'short', new_password_confirmation: 'short' }, 'new_password', 'Use at least 8 characters for your password.'],
    [{ old_password: 'password123', new_password: 'changed-pass', new_password_confirmation: '' }, 'new_password_confirmation', MESSAGES.reenterRequired],
    [{ old_password: 'password123', new_password: 'changed-pass', new_password_confirmation: 'changed-pas' }, 'new_password_confirmation', MESSAGES.passwordsMustMatch],
  ])('answers 422 for %o', async (body, field, message) => {
    const token = await signUpAndSignIn(t);
    const res = await change(token, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ isError: true, message, errors: { [field]: message } });
  });

  it('needs a session', async () => {
    const res = await post(t.app, '/api/update/password', { old_password: 'a', new_password: 'b', new_password_confirmation: 'b' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe(401);
  });
});
