import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { assessmentRoutes as r, notificationsRoutes as n } from '@clearspeak/contract';
import { seedCourse } from '../modules/course-seed.ts';
import { createAudioFactory } from '../modules/test-helpers.ts';
import { createTestApp, get, latestCode, post, uniqueEmail, type TestApp } from '../test/app.ts';
import { FAILS_TH, ITEM, newAnonymousId, takeAnonymousAssessment, thModuleId, uploadAnonymous } from './test-helpers.ts';

// Issue 6: a visitor's assessment moves to the account made with its anonymous id: at e-mail
// verification for POST /v1/register, at once for Google sign-in (Google faked at the network edge).
const CLIENT_ID = 'clearspeak-test.apps.googleusercontent.com';
let t: TestApp;
let server: Server;
let googleKey: CryptoKey;
const audio = createAudioFactory();
const speak = (text: string) => audio.speak(text);

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/oauth2/v3/certs') return res.end(JSON.stringify({ keys: [jwk] }));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `${base}/oauth2/v3/certs` } });
  await seedCourse(t.db);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
  audio.cleanup();
});

function googleToken(claims: Record<string, unknown>) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer('https://accounts.google.com').setAudience(CLIENT_ID).setIssuedAt().setExpirationTime('1h').sign(googleKey);
}

/** What a learner finds after the carry-over: the result notification, the plan, the result. */
async function expectCarriedOver(token: string, assessmentId: number) {
  const notifications = n.getUserNotifications.response.parse((await get(t.app, '/api/get-user-notifications', { token })).json()).notifications;
  expect(notifications).toHaveLength(1);
  expect(notifications[0]).toMatchObject({ notification_type: 'initial-assessment-ai-feedback', object_id: assessmentId, is_read: false });
  const status = r.initialAssessmentStatus.response.parse((await get(t.app, '/api/initial-assessment-status', { token })).json());
  expect(status).toEqual({ isError: false, is_user_completed: true, is_recommended_module_avilable: true, notification_id: notifications[0]!.id });
  const plan = r.personalizedTrainingPlan.response.parse((await get(t.app, '/api/personalized-training-plan', { token })).json()).data;
  expect(plan[0]!.id).toBe(await thModuleId(t));
  const result = r.getAiCoachFeedback.response.parse((await get(t.app, '/api/get-ai-coach-feedback', { token })).json()).ai_response.data;
  expect(result.assessment_id).toBe(assessmentId);
  expect(result.focus_sounds[0]!.phone).toBe('TH');
}

describe('carry-over on POST /v1/register', () => {
  it('moves the visitor’s recordings and result at verification, then builds the plan and the notification', async () => {
    const anonymousUserId = await newAnonymousId(t);
    const assessmentId = await takeAnonymousAssessment(t, anonymousUserId, FAILS_TH.slice(0, 2), speak);
    const email = uniqueEmail('carry');
    const reg = await post(t.app, '/api/v1/register', { email, password: 'password123', password_confirmation: 'password123', role_id: 2, device_type: 'web', anonymousUserId });
    expect(reg.statusCode).toBe(201);
    // Not before the e-mail is proven.
    const owner = async () => t.db.selectFrom('assessmentResults').select('userId').where('id', '=', assessmentId).executeTakeFirstOrThrow();
    expect((await owner()).userId).toBeNull();

    expect((await post(t.app, '/api/verify-email', { email, otp: await latestCode(t.db, email) })).statusCode).toBe(200);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await owner()).userId).toBe(user.id);
    const records = await t.db.selectFrom('assessmentRecords').select('userId').where('anonymousId', '=', anonymousUserId).execute();
    expect(records.map((x) => x.userId)).toEqual([user.id, user.id]);
    const login = await post(t.app, '/api/web-portal-login', { email, password: 'password123' });
    await expectCarriedOver(login.json().data.api_token as string, assessmentId);

    // The claimed id is spent: it can neither read items nor upload nor score any more.
    expect((await get(t.app, `/api/v2/initial-assessments?anonymousUserId=${anonymousUserId}`)).statusCode).toBe(404);
    expect((await uploadAnonymous(t, anonymousUserId, ITEM.very, speak('very'))).statusCode).toBe(404);
  });

  it('never hands one visitor’s result to a second account using the same id', async () => {
    const anonymousUserId = await newAnonymousId(t);
    const assessmentId = await takeAnonymousAssessment(t, anonymousUserId, FAILS_TH.slice(0, 1), speak);
    const email = uniqueEmail('claimer');
    await post(t.app, '/api/v1/register', { email, password: 'password123', password_confirmation: 'password123', role_id: 2, device_type: 'web', anonymousUserId });
    await post(t.app, '/api/verify-email', { email, otp: await latestCode(t.db, email) });
    const thief = uniqueEmail('second');
    await post(t.app, '/api/v1/register', { email: thief, password: 'password123', password_confirmation: 'password123', role_id: 2, device_type: 'web', anonymousUserId });
    await post(t.app, '/api/verify-email', { email: thief, otp: await latestCode(t.db, thief) });
    const token = (await post(t.app, '/api/web-portal-login', { email: thief, password: 'password123' })).json().data.api_token as string;
    expect((await get(t.app, '/api/get-ai-coach-feedback', { token })).statusCode).toBe(404);
    expect(n.getUserNotifications.response.parse((await get(t.app, '/api/get-user-notifications', { token })).json()).notifications).toEqual([]);
    const claimer = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await t.db.selectFrom('assessmentResults').select('userId').where('id', '=', assessmentId).executeTakeFirstOrThrow()).userId).toBe(claimer.id);
  });
});

describe('the native language chosen by the visitor (accounts §2 step 1)', () => {
  it('fills the profile at verification, and the session of the first sign-in shows it', async () => {
    const anonymousUserId = await newAnonymousId(t);
    expect((await uploadAnonymous(t, anonymousUserId, ITEM.very, speak('very'), 'Portuguese')).statusCode).toBe(200);
    const email = uniqueEmail('lang');
    await post(t.app, '/api/v1/register', { email, password: 'password123', password_confirmation: 'password123', role_id: 2, device_type: 'web', anonymousUserId });
    const language = async () => (await t.db.selectFrom('users').select('nativeLanguage').where('email', '=', email).executeTakeFirstOrThrow()).nativeLanguage;
    // An unverified sign-up takes nothing over.
    expect(await language()).toBeNull();
    await post(t.app, '/api/verify-email', { email, otp: await latestCode(t.db, email) });
    expect(await language()).toBe('Portuguese');
    const login = await post(t.app, '/api/web-portal-login', { email, password: 'password123' });
    expect(login.json().data.user.native_language).toBe('Portuguese');
  });

  it('fills an empty profile on Google sign-in, at once in the session it answers', async () => {
    const anonymousUserId = await newAnonymousId(t);
    await uploadAnonymous(t, anonymousUserId, ITEM.very, speak('very'), 'Arabic');
    await uploadAnonymous(t, anonymousUserId, ITEM.think, speak('think'), 'Bengali');
    const email = uniqueEmail('glang');
    const res = await post(t.app, '/api/google-web-login', { role: 2, anonymousUserId, token: await googleToken({ sub: 'g-lang', email, email_verified: true }) });
    expect(res.statusCode).toBe(200);
    // The visitor's latest choice.
    expect(res.json().data.user.native_language).toBe('Bengali');
  });

  it('keeps the language an existing account already has', async () => {
    const email = uniqueEmail('haslang');
    const first = await post(t.app, '/api/google-web-login', { role: 2, token: await googleToken({ sub: 'g-has-lang', email, email_verified: true }) });
    const userId = first.json().data.user.id as number;
    await t.db.updateTable('users').set({ nativeLanguage: 'Korean' }).where('id', '=', userId).execute();
    const anonymousUserId = await newAnonymousId(t);
    await uploadAnonymous(t, anonymousUserId, ITEM.very, speak('very'), 'Spanish');
    const again = await post(t.app, '/api/google-web-login', { role: 2, anonymousUserId, token: await googleToken({ sub: 'g-has-lang', email, email_verified: true }) });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.native_language).toBe('Korean');
    // The recordings did move: the claim happened, only the language was kept.
    const moved = await t.db.selectFrom('assessmentRecords').select('userId').where('anonymousId', '=', anonymousUserId).execute();
    expect(moved.map((m) => m.userId)).toEqual([userId]);
  });
});

describe('carry-over on Google sign-in', () => {
  it('moves the visitor’s assessment to the new account at once', async () => {
    const anonymousUserId = await newAnonymousId(t);
    const assessmentId = await takeAnonymousAssessment(t, anonymousUserId, FAILS_TH.slice(0, 2), speak);
    const email = uniqueEmail('google');
    const res = await post(t.app, '/api/google-web-login', { role: 2, anonymousUserId, token: await googleToken({ sub: 'g-carry', email, email_verified: true, name: 'Ana Lima' }) });
    expect(res.statusCode).toBe(200);
    await expectCarriedOver(res.json().data.api_token as string, assessmentId);
    // Signing in again with the spent id changes nothing.
    const again = await post(t.app, '/api/google-web-login', { role: 2, anonymousUserId, token: await googleToken({ sub: 'g-carry', email, email_verified: true }) });
    expect(again.statusCode).toBe(200);
    expect(n.getUserNotifications.response.parse((await get(t.app, '/api/get-user-notifications', { token: again.json().data.api_token as string })).json()).notifications).toHaveLength(1);
  });
});
