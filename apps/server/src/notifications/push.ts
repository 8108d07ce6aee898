import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Notification } from '@clearspeak/contract';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import type { Config } from '../lib/env.ts';
import '../coaching/tables.ts';

// Web Push (issue 5): a closed tab still learns that the coach replied. VAPID (RFC 8292) signs
// each request; the payload is encrypted for the browser (RFC 8291) by `web-push`.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SETTING = 'web_push_vapid_keys';
/** How long a push service keeps an undelivered message (the browser may be offline). */
const PUSH_TTL_SECONDS = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

function isVapidKeys(value: unknown): value is VapidKeys {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as VapidKeys).publicKey === 'string' &&
    typeof (value as VapidKeys).privateKey === 'string'
  );
}

/**
 * The server's VAPID pair: from the environment when set, else the one stored in app_settings,
 * else a new one generated and stored. Instances starting together agree: the first insert wins
 * and everyone reads it back.
 */
export async function loadVapidKeys(deps: { config: Config; db: Db; clock: Clock }): Promise<VapidKeys> {
  const { publicKey, privateKey } = deps.config.webPush;
  if (publicKey && privateKey) return { publicKey, privateKey };
  const read = async () => (await deps.db.selectFrom('appSettings').select('value').where('key', '=', VAPID_SETTING).executeTakeFirst())?.value;
  const stored = await read();
  if (isVapidKeys(stored)) return stored;
  const generated = webpush.generateVAPIDKeys();
  await deps.db
    .insertInto('appSettings')
    .values({ key: VAPID_SETTING, value: JSON.stringify(generated), createdAt: deps.clock.now() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const winner = await read();
  if (!isVapidKeys(winner)) throw new Error(`app_settings ${VAPID_SETTING} does not hold a VAPID key pair`);
  return winner;
}

/** What the service worker shows (apps/web/public/sw.js): title, body, the page to open, a tag. */
export interface PushPayload {
  title: string;
  body: string;
  /** Path to open on click; the detail page marks it read and leads on (module feedback). */
  url: string;
  /** One system notification per ClearSpeak notification. */
  tag: string;
  icon: string | null;
}

export function pushPayload(notification: Notification): PushPayload {
  return {
    title: notification.title,
    body: notification.subtitle,
    url: `/notifications/${notification.id}`,
    tag: `notification-${notification.id}`,
    icon: notification.icon,
  };
}

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Stores the browser's subscription for the caller: one row per endpoint, its owner the latest caller. */
export async function storePushSubscription(deps: { db: Db; clock: Clock }, options: { userId: number; subscription: PushSubscriptionInput }): Promise<void> {
  const { endpoint, keys } = options.subscription;
  await deps.db
    .insertInto('pushSubscriptions')
    .values({ userId: options.userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: deps.clock.now() })
    .onConflict((oc) =>
      // A browser shared by two accounts: the push goes to whoever signed in and allowed it last.
      oc.column('endpoint').doUpdateSet({ userId: options.userId, p256dh: keys.p256dh, auth: keys.auth, failureCount: 0 }),
    )
    .execute();
}

export interface PushSender {
  publicKey: string;
  /** One encrypted, VAPID-signed request per subscription of the user; gone ones are deleted. */
  send(userId: number, notification: Notification): Promise<PushReport>;
}

export interface PushReport {
  sent: number;
  removed: number;
  failed: number;
}

export function createPushSender(options: {
  db: Db;
  clock: Clock;
  keys: VapidKeys;
  subject: string;
  log: FastifyBaseLogger;
  /** HTTPS agent for the push services (tests trust a local fake's certificate). */
  agent?: Agent;
}): PushSender {
  const { db, clock, keys, log } = options;
  return {
    publicKey: keys.publicKey,
    async send(userId, notification) {
      const subscriptions = await db.selectFrom('pushSubscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('userId', '=', userId).execute();
      const payload = JSON.stringify(pushPayload(notification));
      const report: PushReport = { sent: 0, removed: 0, failed: 0 };
      await Promise.all(
        subscriptions.map(async (s) => {
          try {
            await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
              vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
              TTL: PUSH_TTL_SECONDS,
              urgency: 'high',
              topic: pushPayload(notification).tag.replace(/[^A-Za-z0-9_-]/g, ''),
              timeout: PUSH_TIMEOUT_MS,
              ...(options.agent ? { agent: options.agent } : {}),
            });
            report.sent += 1;
            await db.updateTable('pushSubscriptions').set({ lastSuccessAt: clock.now(), failureCount: 0 }).where('id', '=', s.id).execute();
          } catch (err) {
            const status = err instanceof webpush.WebPushError ? err.statusCode : undefined;
            if (status === 404 || status === 410) {
              // The browser unsubscribed or the subscription expired: it will never work again.
              report.removed += 1;
              await db.deleteFrom('pushSubscriptions').where('id', '=', s.id).execute();
              return;
            }
            report.failed += 1;
            log.warn({ err, status, subscriptionId: s.id, userId }, 'web push failed');
            await db
              .updateTable('pushSubscriptions')
              .set((eb) => ({ failureCount: eb('failureCount', '+', 1) }))
              .where('id', '=', s.id)
              .execute();
          }
        }),
      );
      return report;
    },
  };
}
