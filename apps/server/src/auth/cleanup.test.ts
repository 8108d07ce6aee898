import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signUpAndSignIn, uniqueEmail, type TestApp } from '../test/app.ts';
import { cleanUpAuthData } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('cleanUpAuthData', () => {
  it('drops day-old attempts and codes and month-old ended sessions, keeps the rest', async () => {
    const email = uniqueEmail();
    await signUpAndSignIn(t, email);
    await post(t.app, '/api/web-portal-login', { email, password: 'wrong' });
    const count = async () => ({
      attempts: (await t.db.selectFrom('loginAttempts').select('id').execute()).length,
      codes: (await t.db.selectFrom('emailCodes').select('id').execute()).length,
      sessions: (await t.db.selectFrom('sessions').select('id').execute()).length,
    });
    const before = await count();
    expect(before.attempts).toBeGreaterThan(0);
    await cleanUpAuthData(t);
    expect(await count()).toEqual(before);

    t.clock.advance(25 * 3600_000);
    await cleanUpAuthData(t);
    expect(await count()).toEqual({ attempts: 0, codes: 0, sessions: before.sessions });

    t.clock.advance(30 * 24 * 3600_000);
    await cleanUpAuthData(t);
    expect((await count()).sessions).toBe(0);
  });
});
