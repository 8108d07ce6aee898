import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NotificationSchema, UnreadEventSchema } from '@clearspeak/contract';
import { buildApp } from '../app.ts';
import { createManualClock } from '../lib/clock.ts';
import { createKysely, type Db } from '../lib/db.ts';
import { loadConfig } from '../lib/env.ts';
import { post, signUpAndSignIn, TEST_SCRYPT_COST, uniqueEmail, type TestApp } from '../test/app.ts';
import { withDatabase } from '../test/database-url.ts';
import { createLiveNotifications, type LiveNotifications } from './live.ts';
import { createPostgresHub, encodeHubMessage, MAX_NOTIFY_PAYLOAD_BYTES } from './pg-hub.ts';
import { notifyUser } from './service.ts';
import { openSse, type SseEvent, type SseStream } from './test-helpers.ts';

// DESIGN.md "Scale-out": two instances on one PostgreSQL; a notification announced by a third
// (the coach's) reaches the learner's streams on both. Runs when TEST_DATABASE_URL is set.

const template = inject('dbTemplate');
const onPostgres = template.kind === 'postgres';

describe('encodeHubMessage', () => {
  it('carries the notification when it fits in a NOTIFY payload, else only its id', () => {
    const small = { id: 5, header: 'h', title: 't', subtitle: 's', icon: null, created_at: '2026-01-01T00:00:00.000Z', is_read: false, notification_type: 'initial-assessment-ai-feedback' as const, object_id: 1 };
    expect(JSON.parse(encodeHubMessage({ userId: 3, notification: small }))).toEqual({ u: 3, n: small });
    const large = { ...small, subtitle: 'x'.repeat(MAX_NOTIFY_PAYLOAD_BYTES) };
    expect(JSON.parse(encodeHubMessage({ userId: 3, notification: large }))).toEqual({ u: 3, id: 5 });
    expect(JSON.parse(encodeHubMessage({ userId: 3, notification: null }))).toEqual({ u: 3 });
  });
});

describe.skipIf(!onPostgres)('PostgreSQL LISTEN/NOTIFY across instances', () => {
  const name = `cs_test_${randomBytes(6).toString('hex')}`;
  let url: string;
  let db: Db;
  let dataDir: string;
  const apps: TestApp[] = [];
  const streams: SseStream[] = [];
  let coachInstance: LiveNotifications;
  const clock = createManualClock(new Date('2026-03-02T10:00:00Z'));

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    const admin = new pg.Client({ connectionString: withDatabase(template.url, 'postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
    await admin.end();
    url = withDatabase(template.url, name);
    db = createKysely(new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 5 }) }));
    dataDir = mkdtempSync(path.join(tmpdir(), 'cs-pghub-'));
    for (let i = 0; i < 2; i += 1) {
      const config = {
        ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), DATABASE_URL: url }),
        authRateLimitPerMinute: 10_000,
        passwordCost: TEST_SCRYPT_COST,
      };
      // Each instance makes its own LISTEN hub from DATABASE_URL.
      const app = await buildApp({ config, db, clock });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push({ app, db, clock, config, dataDir, close: () => app.close() });
    }
    const first = apps[0];
    if (!first) throw new Error('no app');
    coachInstance = await createLiveNotifications({
      config: first.config,
      db,
      clock,
      hub: await createPostgresHub({ connectionString: url, db, log: first.app.log }),
      log: first.app.log,
    });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await coachInstance?.hub.close();
    for (const a of apps) await a.close();
    await db?.destroy();
    if (template.kind === 'postgres') {
      const admin = new pg.Client({ connectionString: withDatabase(template.url, 'postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const streamOn = async (i: number, token: string) => {
    const app = apps[i];
    if (!app) throw new Error('no app');
    const s = await openSse(`http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}/api/notifications/stream`, token);
    streams.push(s);
    return s;
  };
  const isNotification = (id: number) => (e: SseEvent) => e.event === 'notification' && NotificationSchema.parse(JSON.parse(e.data)).id === id;
  const isUnread = (count: number) => (e: SseEvent) => e.event === 'unread' && UnreadEventSchema.parse(JSON.parse(e.data)).count === count;

  it('reaches the user’s streams on every instance, large notifications by id, and never another user’s', async () => {
    const [one, two] = apps;
    if (!one || !two) throw new Error('no apps');
    const email = uniqueEmail('pghub');
    const token = await signUpAndSignIn(one, email);
    const otherToken = await signUpAndSignIn(two, uniqueEmail('pghub-other'));
    const { id: userId } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const onOne = await streamOn(0, token);
    const onTwo = await streamOn(1, token);
    const other = await streamOn(1, otherToken);
    await onOne.next(isUnread(0));
    await onTwo.next(isUnread(0));
    await other.next(isUnread(0));

    const base = { userId, type: 'initial-assessment-coach-feedback' as const, objectId: 9, header: 'Coach Feedback', title: 'Your coach replied', icon: null };
    const small = await notifyUser({ db, clock, notifications: coachInstance }, { ...base, subtitle: 'Listen to your feedback.' });
    const large = await notifyUser({ db, clock, notifications: coachInstance }, { ...base, subtitle: 'A long reply. '.repeat(700) });
    for (const s of [onOne, onTwo]) {
      expect(NotificationSchema.parse(JSON.parse((await s.next(isNotification(small.id))).data))).toEqual(small);
      expect(NotificationSchema.parse(JSON.parse((await s.next(isNotification(large.id))).data))).toEqual(large);
      await s.next(isUnread(2));
    }

    // Read on instance one: instance two's stream learns the new count.
    const mark = onTwo.events.length;
    expect((await post(one.app, '/api/read-notification', { notification_id: small.id }, { token })).statusCode).toBe(200);
    await onTwo.next(isUnread(1), mark);
    expect(other.events.some((e) => e.event === 'notification')).toBe(false);
  });

  it('listens again after its LISTEN connection is killed', async () => {
    const channel = `cs_reconnect_${randomBytes(3).toString('hex')}`;
    const log = apps[0]?.app.log;
    if (!log) throw new Error('no app');
    const sender = await createPostgresHub({ connectionString: url, db, log, channel });
    const receiver = await createPostgresHub({ connectionString: url, db, log, channel });
    try {
      const killed = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where query = ${`LISTEN "${channel}"`}`.execute(db);
      expect(killed.rows[0]?.n).toBe(2);
      // Delivered once the receiver is back: publish until it hears one (the test's timeout bounds it).
      const heard = new Promise<void>((resolve) => {
        const off = receiver.subscribe(7, () => {
          off();
          resolve();
        });
      });
      let done = false;
      void heard.then(() => {
        done = true;
      });
      while (!done) {
        await sender.publish({ userId: 7, notification: null });
        await Promise.race([heard, new Promise((r) => setTimeout(r, 200))]);
      }
      expect(done).toBe(true);
    } finally {
      await sender.close();
      await receiver.close();
    }
  });
});
