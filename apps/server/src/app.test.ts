import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, MESSAGES, accountsRoutes } from '@clearspeak/contract';
import { createTestApp, get, post, uniqueEmail, type TestApp } from './test/app.ts';
import { createBlobStore } from './app.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = path.join(tmpdir(), `cs-web-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>ClearSpeak SPA</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({
    env: { WEB_DIST: webDist },
    beforeReady: (app) => {
      app.get('/api/test-boom', async () => {
        throw new Error('boom');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('platform routes', () => {
  it('GET /healthz checks the database', async () => {
    const res = await get(t.app, '/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves OpenAPI with every accounts route of the contract under /api', async () => {
    const spec = (await get(t.app, '/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    for (const def of Object.values(accountsRoutes)) {
      const methods = [def.method, ...(def.alsoMethods ?? [])];
      for (const m of methods) expect(spec.paths[API_BASE + def.path], `${m} ${def.path}`).toHaveProperty(m.toLowerCase());
    }
    expect(spec.paths['/api/web-portal-login']?.post).toMatchObject({ requestBody: expect.anything() });
    expect((await get(t.app, '/docs')).statusCode).toBeLessThan(400);
  });

  it('answers unknown API paths with a JSON 404, never the SPA', async () => {
    const res = await get(t.app, '/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isError: true, code: 'not_found' });
  });

  it('serves the SPA for client routes, with fresh index.html and immutable assets', async () => {
    const page = await get(t.app, '/signin?next=%2Fmodules');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ClearSpeak SPA');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await get(t.app, '/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get(t.app, '/modules/3/lessons/1')).body).toContain('ClearSpeak SPA');
  });

  it('sends security headers (helmet) with a CSP', async () => {
    const res = await get(t.app, '/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('maps an unexpected error to 500 with the generic message', async () => {
    const res = await get(t.app, '/api/test-boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ isError: true, code: 'internal', message: MESSAGES.generic });
    expect(res.body).not.toContain('boom');
  });

  it('reads an empty JSON body as {} (POST /web-logout from clients that always send the header)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/web-logout', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 401 });
    const login = await t.app.inject({ method: 'POST', url: '/api/web-portal-login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(login.statusCode).toBe(422);
    expect(login.json().message).toBe(MESSAGES.emailRequired);
  });

  it('refuses prototype poisoning in JSON bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.org","__proto__":{"polluted":true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers malformed JSON with a 400 error body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/web-portal-login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isError: true });
  });
});

describe('/dev/outbox', () => {
  it('lists mails newest first as JSON, filtered by ?to=', async () => {
    const a = uniqueEmail('outbox');
    const b = uniqueEmail('outbox');
    await post(t.app, '/api/v1/register', { email: a, password: 'password123', password_confirmation: 'password123', role_id: 2 });
    await post(t.app, '/api/v1/register', { email: b, password: 'password123', password_confirmation: 'password123', role_id: 2 });
    t.clock.advance(61_000);
    await post(t.app, '/api/resend-otp', { email: a });
    const all = (await get(t.app, '/dev/outbox.json')).json().mails as { to: string; id: number; text: string }[];
    expect(all.map((m) => m.to).slice(0, 3)).toEqual([a, b, a]);
    expect(all[0]!.id).toBeGreaterThan(all[1]!.id);
    const onlyA = (await get(t.app, `/dev/outbox.json?to=${encodeURIComponent(a.toUpperCase())}`)).json().mails as { to: string; text: string }[];
    expect(onlyA).toHaveLength(2);
    expect(onlyA.every((m) => m.to === a)).toBe(true);
    expect(onlyA[0]!.text).toMatch(/^\d{6}$/m);
  });

  it('shows a readable HTML page', async () => {
    const res = await get(t.app, '/dev/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>Outbox</h1>');
    expect(res.body).toContain('verification code');
  });
});

describe('blob driver', () => {
  it('stops clearly when BLOB_DRIVER=s3 is chosen before its adapter exists', () => {
    expect(() => createBlobStore({ ...t.config, blob: { driver: 's3', s3: { bucket: 'b', region: 'r' } } })).toThrow(/BLOB_DRIVER: s3 is not available yet/);
  });
});

describe('production mode', () => {
  it('has no /dev/outbox', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', WEB_DIST: webDist } });
    try {
      expect((await get(prod.app, '/dev/outbox.json')).statusCode).toBe(404);
      expect((await get(prod.app, '/dev/outbox')).body).not.toContain('Outbox');
    } finally {
      await prod.close();
    }
  });
});

describe('rate limit on sign-in, register, code and reset routes', () => {
  it('answers 429 with an error body once the per-address limit is spent', async () => {
    const limited = await createTestApp({ config: (c) => ({ ...c, authRateLimitPerMinute: 3 }) });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await post(limited.app, '/api/forgot-password', { email: 'a@b.org' }, { ip: '10.9.9.9' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await post(limited.app, '/api/forgot-password', { email: 'a@b.org' }, { ip: '10.9.9.9' });
      expect(res.json()).toMatchObject({ isError: true, code: 'rate_limited' });
      expect((await post(limited.app, '/api/forgot-password', { email: 'a@b.org' }, { ip: '10.9.9.8' })).statusCode).toBe(200);
      // Routes without the limit are unaffected.
      expect((await get(limited.app, '/api/auth-config', { ip: '10.9.9.9' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
