import { Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationSchema, UnreadEventSchema, notificationsRoutes as r } from '@clearspeak/contract';
import { createTestApp, get, post, signUpAndSignIn, uniqueEmail, type TestApp } from '../test/app.ts';
import { createInProcessHub } from './hub.ts';
import { createLiveNotifications, type LiveNotifications } from './live.ts';
import { PUSH_SUBSCRIPTION_STORED } from './routes.ts';
import { announceNotification, createNotification, notifyUser } from './service.ts';
import { browserKeys, decryptPush, openSse, startFakePushService, verifyVapid, type FakePushService, type SseEvent, type SseStream } from './test-helpers.ts';

// Issue 5 live delivery: server-sent events over a real listening socket, and Web Push to a local
// HTTPS push service (the only fake: the third party at the network edge).

let t: TestApp;
let base: string;
let push: FakePushService;
let live: LiveNotifications;
const hub = createInProcessHub();
const streams: SseStream[] = [];

beforeAll(async () => {
  push = await startFakePushService();
  const pushAgent = new Agent({ ca: push.ca });
  t = await createTestApp({ notificationHub: hub, pushAgent });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // What the coach console calls after its transaction: the same hub, keys and agent as the app.
  live = await createLiveNotifications({ config: t.config, db: t.db, clock: t.clock, hub, log: t.app.log, pushAgent });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await live.settled();
  await t.close();
  await hub.close();
  await push.close();
});

async function learner(): Promise<{ token: string; userId: number }> {
  const email = uniqueEmail('live');
  const token = await signUpAndSignIn(t, email);
  const { id } = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, userId: id };
}

async function stream(token: string | null, headers: Record<string, string> = {}): Promise<SseStream> {
  const s = await openSse(`${base}/api/notifications/stream`, token, { headers });
  streams.push(s);
  return s;
}

const isUnread = (count: number) => (e: SseEvent) => e.event === 'unread' && UnreadEventSchema.parse(JSON.parse(e.data)).count === count;
const isNotification = (id: number) => (e: SseEvent) => e.event === 'notification' && NotificationSchema.parse(JSON.parse(e.data)).id === id;

const coachFeedback = (userId: number, objectId: number) => ({
  userId,
  type: 'module-assessment-coach-feedback' as const,
  objectId,
  header: 'Coach Feedback',
  title: 'Your coach replied',
  subtitle: 'Listen to your feedback for Module 3.',
  icon: null,
});

describe('GET /api/notifications/stream (server-sent events)', () => {
  it('sends the unread count on connect, then each new notification of the user only, and the count after a read', async () => {
    const a = await learner();
    const b = await learner();
    await createNotification(t, coachFeedback(a.userId, 1));

    const streamA = await stream(a.token, { 'accept-encoding': 'gzip, br' });
    const streamB = await stream(b.token);
    expect(streamA.status).toBe(200);
    expect(streamA.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(streamA.headers.get('content-encoding')).toBeNull();
    expect(streamA.headers.get('cache-control')).toContain('no-cache');
    await streamA.next(isUnread(1));
    await streamB.next(isUnread(0));

    const created = await notifyUser({ ...t, notifications: live }, coachFeedback(a.userId, 2));
    const arrived = await streamA.next(isNotification(created.id));
    expect(NotificationSchema.parse(JSON.parse(arrived.data))).toEqual(created);
    await streamA.next(isUnread(2), streamA.events.indexOf(arrived));

    // B's own notification arrives after A's was published; A's never reached B.
    const forB = await notifyUser({ ...t, notifications: live }, coachFeedback(b.userId, 3));
    await streamB.next(isNotification(forB.id));
    expect(streamB.events.filter((e) => e.event === 'notification').map((e) => NotificationSchema.parse(JSON.parse(e.data)).id)).toEqual([forB.id]);
    expect(streamA.events.some(isNotification(forB.id))).toBe(false);

    // Reading one (in another tab) updates the badge of every open page.
    const mark = streamA.events.length;
    expect((await post(t.app, '/api/read-notification', { notification_id: created.id }, { token: a.token })).statusCode).toBe(200);
    await streamA.next(isUnread(1), mark);
  });

  it('delivers to every open tab of the user and stops delivering to a closed one', async () => {
    const a = await learner();
    const tab1 = await stream(a.token);
    const tab2 = await stream(a.token);
    await tab1.next(isUnread(0));
    await tab2.next(isUnread(0));
    const first = await createNotification(t, coachFeedback(a.userId, 4));
    await announceNotification({ notifications: live }, a.userId, first);
    await tab1.next(isNotification(first.id));
    await tab2.next(isNotification(first.id));
    tab2.close();
    await tab2.ended;
    const second = await createNotification(t, coachFeedback(a.userId, 5));
    await announceNotification({ notifications: live }, a.userId, second);
    await tab1.next(isNotification(second.id));
    expect(tab2.events.some(isNotification(second.id))).toBe(false);
  });

  it('refuses a missing or unknown token with 401 errorCode (the client signs out)', async () => {
    for (const token of [null, 'not-a-token']) {
      const s = await stream(token);
      expect(s.status).toBe(401);
      expect(s.headers.get('content-type')).toContain('application/json');
    }
    const res = await fetch(`${base}/api/notifications/stream`);
    expect((await res.json()) as unknown).toMatchObject({ isError: true, errorCode: 401 });
  });
});

describe('Web Push', () => {
  it('generates the VAPID key pair once and keeps it in app_settings', async () => {
    const key = r.webPushPublicKey.response.parse((await get(t.app, '/api/web-push/public-key')).json()).public_key;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const stored = await t.db.selectFrom('appSettings').select(['key', 'value']).execute();
    expect(stored).toEqual([{ key: 'web_push_vapid_keys', value: { publicKey: key, privateKey: expect.any(String) } }]);
    // Another instance (or a restart) on the same database uses the same pair.
    const again = await createLiveNotifications({ config: t.config, db: t.db, clock: t.clock, hub, log: t.app.log });
    expect(again.publicKey).toBe(key);
    expect(live.publicKey).toBe(key);
  });

  it('uses VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY from the environment when set', async () => {
    const pair = { VAPID_PUBLIC_KEY: 'BGjM_t_mR-zhe1n6pLzSNKeGzQRvZFQA9kKowEdBrmXjBaSfUem5KUnPBw6EPhTFs_0HplJ-r_c-bTndCeMrP88', VAPID_PRIVATE_KEY: 'v5bhlcZTqkc19uQIYzra7vPCNXWj9cELqmW5vbgf7t0' };
    const other = await createTestApp({ env: pair });
    try {
      expect((await get(other.app, '/api/web-push/public-key')).json()).toEqual({ isError: false, public_key: pair.VAPID_PUBLIC_KEY });
      expect(await other.db.selectFrom('appSettings').selectAll().execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('stores the subscription for the caller (upsert by endpoint) and pushes an encrypted, VAPID-signed message on announce', async () => {
    const a = await learner();
    const b = await learner();
    const keys = browserKeys();
    const endpoint = `${push.origin}/push/${a.userId}`;
    // The accounts spec sends {token}: the subscription JSON as a string; an object is taken too.
    const stored = await post(t.app, '/api/store-webnotification-token', { token: JSON.stringify({ endpoint, expirationTime: null, keys: keys.json }) }, { token: b.token });
    expect(stored.json()).toEqual({ isError: false, message: PUSH_SUBSCRIPTION_STORED });
    expect((await post(t.app, '/api/store-webnotification-token', { token: { endpoint, keys: keys.json } }, { token: a.token })).statusCode).toBe(200);
    const rows = await t.db.selectFrom('pushSubscriptions').select(['userId', 'endpoint']).where('endpoint', '=', endpoint).execute();
    expect(rows).toEqual([{ userId: a.userId, endpoint }]);
    expect((await post(t.app, '/api/store-webnotification-token', { token: 'not json' }, { token: a.token })).statusCode).toBe(422);
    expect((await post(t.app, '/api/store-webnotification-token', { token: { endpoint, keys: keys.json } })).statusCode).toBe(401);

    const notification = await notifyUser({ ...t, notifications: live }, coachFeedback(a.userId, 7));
    const request = await push.nextRequest(`/push/${a.userId}`);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const vapid = verifyVapid(request.headers.authorization);
    expect(vapid?.key).toBe(live.publicKey);
    expect(vapid?.claims.aud).toBe(push.origin);
    expect(vapid?.claims.sub).toMatch(/^mailto:/);
    // Only the browser's keys open it.
    expect(request.body.includes(Buffer.from('Your coach replied'))).toBe(false);
    expect(JSON.parse(decryptPush(request.body, keys))).toEqual({
      title: 'Your coach replied',
      body: 'Listen to your feedback for Module 3.',
      url: `/notifications/${notification.id}`,
      tag: `notification-${notification.id}`,
      icon: null,
    });
    await live.settled();
    const row = await t.db.selectFrom('pushSubscriptions').select(['lastSuccessAt', 'failureCount']).where('endpoint', '=', endpoint).executeTakeFirstOrThrow();
    expect(row.lastSuccessAt).not.toBeNull();
    expect(row.failureCount).toBe(0);
  });

  it('deletes subscriptions the push service calls gone (404, 410) and counts other failures', async () => {
    const a = await learner();
    const paths = { ok: `/push/ok-${a.userId}`, gone: `/push/gone-${a.userId}`, missing: `/push/missing-${a.userId}`, broken: `/push/broken-${a.userId}` };
    push.statusFor.set(paths.gone, 410);
    push.statusFor.set(paths.missing, 404);
    push.statusFor.set(paths.broken, 500);
    for (const p of Object.values(paths)) {
      await post(t.app, '/api/store-webnotification-token', { token: { endpoint: push.origin + p, keys: browserKeys().json } }, { token: a.token });
    }
    const notification = await createNotification(t, coachFeedback(a.userId, 8));
    expect(await live.push(a.userId, notification)).toEqual({ sent: 1, removed: 2, failed: 1 });
    const left = await t.db.selectFrom('pushSubscriptions').select(['endpoint', 'failureCount']).where('userId', '=', a.userId).orderBy('endpoint').execute();
    expect(left).toEqual([
      { endpoint: push.origin + paths.broken, failureCount: 1 },
      { endpoint: push.origin + paths.ok, failureCount: 0 },
    ]);
    // The failed one keeps counting; announcing never throws for it.
    await announceNotification({ notifications: live }, a.userId, notification);
    await live.settled();
    const broken = await t.db.selectFrom('pushSubscriptions').select('failureCount').where('endpoint', '=', push.origin + paths.broken).executeTakeFirstOrThrow();
    expect(broken.failureCount).toBe(2);
  });
});
