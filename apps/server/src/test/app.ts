import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { createManualClock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import { loadConfig, type Config } from '../lib/env.ts';
import { listOutbox } from '../lib/mailer.ts';
import { createTestDatabase } from './database.ts';

export const TEST_SCRYPT_COST = { N: 2 ** 10, r: 8, p: 1 };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ReturnType<typeof createManualClock>;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app over a fresh database, a movable clock and a throwaway DATA_DIR. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    config?: (c: Config) => Config;
    fetch?: BuildAppOptions['fetch'];
    /** Replace the pronunciation engine (only to simulate its failure; scoring tests use the real one). */
    scoringEngine?: BuildAppOptions['scoringEngine'];
    /** Observe or drive live notifications (subscribe to the hub the app's streams use). */
    notificationHub?: BuildAppOptions['notificationHub'];
    /** HTTPS agent trusting a local fake push service. */
    pushAgent?: BuildAppOptions['pushAgent'];
    /** Register extra routes (e.g. a role-gated probe) before the app is sealed. */
    beforeReady?: (app: FastifyInstance, ctx: { db: Db; clock: ReturnType<typeof createManualClock> }) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cs-test-'));
  let config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), ...options.env });
  // Generous per-address limits (one test file signs in many times from one address) and an
  // easy proof of work so tests solve it in milliseconds; a cheap scrypt cost (the format and code
  // path are the production ones; lib/password.test.ts checks the default cost).
  config = { ...config, authRateLimitPerMinute: 10_000, altcha: { ...config.altcha, maxNumber: 2_000 }, passwordCost: TEST_SCRYPT_COST };
  if (options.config) config = options.config(config);
  const database = await createTestDatabase();
  const clock = createManualClock(new Date('2026-03-02T10:00:00Z'));
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.scoringEngine ? { scoringEngine: options.scoringEngine } : {}),
    ...(options.notificationHub ? { notificationHub: options.notificationHub } : {}),
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
  });
  options.beforeReady?.(app, { db: database.db, clock });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function post(app: FastifyInstance, url: string, payload: unknown, options: { token?: string; ip?: string } = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

export function get(app: FastifyInstance, url: string, options: { token?: string; ip?: string } = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

/** The newest 6-digit code mailed to `email` (what a person reads in the mail). */
export async function latestCode(db: Db, email: string): Promise<string> {
  const [mail] = await listOutbox(db, { to: email, limit: 1 });
  const code = mail?.text.match(/^(\d{6})$/m)?.[1];
  if (!code) throw new Error(`No code mailed to ${email}`);
  return code;
}

let counter = 0;
/** A unique email per test so tests in one file do not meet. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** Registers and verifies a learner, then signs in; returns the token. */
export async function signUpAndSignIn(t: TestApp, email = uniqueEmail(), password = 'password123', extra: Record<string, unknown> = {}): Promise<string> {
  const reg = await post(t.app, '/api/v1/register', { email, password, password_confirmation: password, role_id: 2, device_type: 'web' });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const verify = await post(t.app, '/api/verify-email', { email, otp: await latestCode(t.db, email) });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const login = await post(t.app, '/api/web-portal-login', { email, password, ...extra });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return login.json().data.api_token as string;
}
