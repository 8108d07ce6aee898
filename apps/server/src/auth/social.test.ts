import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { MESSAGES } from '@clearspeak/contract';
import { createTestApp, get, post, signUpAndSignIn, uniqueEmail, type TestApp } from '../test/app.ts';
import { listOutbox } from '../lib/mailer.ts';

const CLIENT_ID = 'clearspeak-test.apps.googleusercontent.com';
const FB_APP_ID = '424242';
const FB_SECRET = 'fb-secret';

let t: TestApp;
let bare: TestApp;
let server: Server;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;
/** Facebook access token → what the fake Graph says about it. */
const fbTokens = new Map<string, { valid: boolean; appId: string; userId: string; me: Record<string, unknown> }>();

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };

  // One local server plays Google's key endpoint and Facebook's Graph API.
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/oauth2/v3/certs') return res.end(JSON.stringify({ keys: [jwk] }));
    if (url.pathname === '/debug_token') {
      if (url.searchParams.get('access_token') !== `${FB_APP_ID}|${FB_SECRET}`) {
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: { message: 'bad app token' } }));
      }
      const info = fbTokens.get(url.searchParams.get('input_token') ?? '');
      return res.end(JSON.stringify({ data: info ? { is_valid: info.valid, app_id: info.appId, user_id: info.userId } : { is_valid: false } }));
    }
    if (url.pathname === '/me') {
      const info = fbTokens.get(url.searchParams.get('access_token') ?? '');
      if (!info || url.searchParams.get('fields') !== 'id,name,email') {
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: { message: 'bad token' } }));
      }
      return res.end(JSON.stringify(info.me));
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: `${base}/oauth2/v3/certs`,
      FACEBOOK_APP_ID: FB_APP_ID,
      FACEBOOK_APP_SECRET: FB_SECRET,
      FACEBOOK_GRAPH_URL: base,
    },
  });
  bare = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await new Promise((resolve) => server.close(resolve));
});

function googleToken(claims: Record<string, unknown>, options: { key?: CryptoKey; audience?: string; issuer?: string; expiresIn?: string } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(options.key ?? googleKey);
}

const googleLogin = (app: TestApp, body: Record<string, unknown>) => post(app.app, '/api/google-web-login', { role: 2, ...body });

describe('POST /api/google-web-login', () => {
  it('creates a verified learner from a valid ID token and signs in', async () => {
    const email = uniqueEmail('g');
    const token = await googleToken({ sub: 'g-1', email, email_verified: true, name: 'Ana Lima', given_name: 'Ana', family_name: 'Lima' });
    const res = await googleLogin(t, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email, role_id: 2, is_verified: true, name: 'Ana Lima', first_name: 'Ana', last_name: 'Lima' });
    const again = await googleLogin(t, { token: await googleToken({ sub: 'g-1', email, email_verified: true }) });
    expect(again.json().data.user.id).toBe(res.json().data.user.id);
    expect((await get(t.app, '/api/get-user-data', { token: again.json().data.api_token })).statusCode).toBe(200);
  });

  it('keeps the session 30 days with remember me, 12 hours without', async () => {
    const email = uniqueEmail('g-remember');
    const claims = { sub: 'g-remember', email, email_verified: true };
    const short = (await googleLogin(t, { token: await googleToken(claims) })).json().data.api_token as string;
    const long = (await googleLogin(t, { token: await googleToken(claims), remember_me: true })).json().data.api_token as string;
    t.clock.advance(12 * 3600_000 + 1000);
    expect((await get(t.app, '/api/get-user-data', { token: short })).statusCode).toBe(401);
    expect((await get(t.app, '/api/get-user-data', { token: long })).statusCode).toBe(200);
  });

  it('links to an existing account when Google vouches for its email', async () => {
    const email = uniqueEmail('link');
    await signUpAndSignIn(t, email);
    const res = await googleLogin(t, { token: await googleToken({ sub: 'g-link', email, email_verified: true }) });
    expect(res.statusCode).toBe(200);
    const users = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    expect(res.json().data.user.id).toBe(users[0]?.id);
  });

  it('answers need_email when Google gives no (verified) email and none was sent, then uses the given one', async () => {
    const token = await googleToken({ sub: 'g-noemail', email: 'unverified@example.org', email_verified: false });
    const res = await googleLogin(t, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isError: false, need_email: true });
    const email = uniqueEmail('given');
    const second = await googleLogin(t, { token, email });
    expect(second.json().data.user).toMatchObject({ email, role_id: 2 });
  });

  it('never attaches a typed-in email to someone else’s account', async () => {
    const victim = uniqueEmail('victim');
    await signUpAndSignIn(t, victim);
    const res = await googleLogin(t, { token: await googleToken({ sub: 'g-attacker' }), email: victim });
    expect(res.statusCode).toBe(409);
    expect(res.json().isError).toBe(true);
    expect(await t.db.selectFrom('socialIdentities').select('userId').where('subject', '=', 'g-attacker').execute()).toHaveLength(0);
  });

  it.each([
    ['another client id', { audience: 'someone-else.apps.googleusercontent.com' }],
    ['another issuer', { issuer: 'https://evil.example.com' }],
    ['a key Google does not publish', { key: undefined as unknown as CryptoKey, stranger: true }],
    ['an expired token', { expiresIn: '-1m' }],
  ])('refuses %s with "Sign in with Google failed"', async (_label, opts) => {
    const { stranger, ...rest } = opts as { stranger?: boolean; audience?: string; issuer?: string; expiresIn?: string };
    const token = await googleToken({ sub: 'g-x', email: uniqueEmail(), email_verified: true }, { ...rest, ...(stranger ? { key: strangerKey } : {}) });
    const res = await googleLogin(t, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isError: true, message: MESSAGES.googleFailed });
  });

  it('refuses garbage with the same message', async () => {
    const res = await googleLogin(t, { token: 'not-a-jwt' });
    expect(res.json()).toMatchObject({ isError: true, message: MESSAGES.googleFailed });
  });

  it('answers 400 with the spec message when Google is not configured', async () => {
    const res = await googleLogin(bare, { token: await googleToken({ sub: 'g-1' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isError: true, message: MESSAGES.googleFailed });
  });
});

describe('POST /api/facebook-web-login', () => {
  const fbLogin = (app: TestApp, body: Record<string, unknown>) => post(app.app, '/api/facebook-web-login', { role: 2, ...body });

  it('checks the token with debug_token, reads /me, and creates a verified learner', async () => {
    const email = uniqueEmail('fb');
    fbTokens.set('fb-good', { valid: true, appId: FB_APP_ID, userId: '1001', me: { id: '1001', name: 'Bo Chen', email } });
    const res = await fbLogin(t, { token: 'fb-good' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email, name: 'Bo Chen', role_id: 2, is_verified: true });
  });

  it('answers need_email when Facebook has no email', async () => {
    fbTokens.set('fb-noemail', { valid: true, appId: FB_APP_ID, userId: '1002', me: { id: '1002', name: 'No Mail' } });
    expect((await fbLogin(t, { token: 'fb-noemail' })).json()).toMatchObject({ need_email: true });
    const email = uniqueEmail('fbgiven');
    expect((await fbLogin(t, { token: 'fb-noemail', email })).json().data.user.email).toBe(email);
  });

  it('a typed-in email does not let the Facebook user keep the account once the mailbox owner resets the password', async () => {
    const owner = uniqueEmail('owner');
    fbTokens.set('fb-squatter', { valid: true, appId: FB_APP_ID, userId: '1009', me: { id: '1009', name: 'Squatter' } });
    const squatted = await fbLogin(t, { token: 'fb-squatter', email: owner });
    expect(squatted.json().data.user.email).toBe(owner);
    await post(t.app, '/api/forgot-password', { email: owner });
    const code = (await listOutbox(t.db, { to: owner, limit: 1 }))[0]?.text.match(/^(\d{6})$/m)?.[1];
    expect((await post(t.app, '/api/reset-password', { email: owner, otp: code, newPassword: 'owners-pass' })).statusCode).toBe(200);
    expect((await get(t.app, '/api/get-user-data', { token: squatted.json().data.api_token })).statusCode).toBe(401);
    expect((await fbLogin(t, { token: 'fb-squatter' })).json()).toMatchObject({ need_email: true });
    expect((await fbLogin(t, { token: 'fb-squatter', email: owner })).statusCode).toBe(409);
  });

  it.each([
    ['an invalid token', { valid: false, appId: FB_APP_ID, userId: '1003', me: { id: '1003' } }],
    ['a token of another app', { valid: true, appId: '999', userId: '1004', me: { id: '1004', email: 'x@example.org' } }],
    ['a profile that is not the token’s user', { valid: true, appId: FB_APP_ID, userId: '1005', me: { id: '2005', email: 'y@example.org' } }],
  ])('refuses %s with "Sign in with Facebook failed"', async (_label, info) => {
    const token = `fb-${Math.random()}`;
    fbTokens.set(token, info);
    const res = await fbLogin(t, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isError: true, message: MESSAGES.facebookFailed });
  });

  it('answers 400 with the spec message when Facebook is not configured', async () => {
    const res = await fbLogin(bare, { token: 'fb-good' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isError: true, message: MESSAGES.facebookFailed });
  });
});

describe('GET /api/auth-config', () => {
  it('names the configured providers and the captcha kind', async () => {
    expect((await get(t.app, '/api/auth-config')).json()).toEqual({
      google_client_id: CLIENT_ID,
      facebook_app_id: FB_APP_ID,
      captcha: 'altcha',
      recaptcha_site_key: null,
    });
    expect((await get(bare.app, '/api/auth-config')).json()).toEqual({
      google_client_id: null,
      facebook_app_id: null,
      captcha: 'altcha',
      recaptcha_site_key: null,
    });
  });
});
