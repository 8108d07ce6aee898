import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Notification } from '@clearspeak/contract';
import type { Db } from '../lib/db.ts';
import { createInProcessHub, type HubMessage, type NotificationHub } from './hub.ts';
import { toWireNotification } from './service.ts';
import './tables.ts';

export const NOTIFY_CHANNEL = 'clearspeak_notifications';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a larger notification travels by id. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7_900;
const RECONNECT_MAX_MS = 30_000;

/** The NOTIFY payload: the user, and the notification itself or (when too large) its id. */
interface Wire {
  u: number;
  n?: Notification;
  id?: number;
}

export function encodeHubMessage(message: HubMessage): string {
  const full = JSON.stringify({ u: message.userId, ...(message.notification ? { n: message.notification } : {}) } satisfies Wire);
  if (!message.notification || Buffer.byteLength(full) <= MAX_NOTIFY_PAYLOAD_BYTES) return full;
  return JSON.stringify({ u: message.userId, id: message.notification.id } satisfies Wire);
}

/**
 * Fan-out across instances (DESIGN.md "Scale-out"): `publish` is a NOTIFY through the pool; one
 * dedicated connection per instance LISTENs and hands each message to this instance's streams.
 * The LISTEN connection reconnects with backoff when it drops.
 */
export async function createPostgresHub(options: {
  connectionString: string;
  db: Db;
  log: FastifyBaseLogger;
  channel?: string;
}): Promise<NotificationHub> {
  const { db, log } = options;
  const channel = options.channel ?? NOTIFY_CHANNEL;
  const local = createInProcessHub();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 1_000;
  let retryTimer: NodeJS.Timeout | null = null;

  async function decode(payload: string): Promise<HubMessage | null> {
    const wire = JSON.parse(payload) as Wire;
    if (typeof wire.u !== 'number') return null;
    if (wire.n) return { userId: wire.u, notification: wire.n };
    if (wire.id === undefined) return { userId: wire.u, notification: null };
    const row = await db
      .selectFrom('notifications')
      .select(['id', 'userId', 'header', 'title', 'subtitle', 'icon', 'notificationType', 'objectId', 'isRead', 'createdAt'])
      .where('id', '=', wire.id)
      .where('userId', '=', wire.u)
      .executeTakeFirst();
    return row ? { userId: wire.u, notification: toWireNotification(row) } : null;
  }

  function onNotification(msg: pg.Notification) {
    if (msg.channel !== channel || !msg.payload) return;
    decode(msg.payload)
      .then((message) => (message ? local.publish(message) : undefined))
      .catch((err: unknown) => log.warn({ err }, 'notification hub: unreadable message'));
  }

  function scheduleReconnect(failed: pg.Client) {
    if (closed || client !== failed) return;
    client = null;
    failed.removeAllListeners('notification');
    failed.end().catch(() => undefined);
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
    log.warn(`notification hub: LISTEN connection lost, reconnecting in ${wait} ms`);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, wait);
    retryTimer.unref();
  }

  async function connect(initial = false): Promise<void> {
    const c = new pg.Client({ connectionString: options.connectionString });
    client = c;
    c.on('notification', onNotification);
    c.on('error', (err) => {
      log.warn({ err }, 'notification hub: LISTEN connection error');
      scheduleReconnect(c);
    });
    c.on('end', () => scheduleReconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      retryMs = 1_000;
    } catch (err) {
      if (initial) {
        client = null;
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
        throw err;
      }
      log.warn({ err }, 'notification hub: LISTEN failed');
      scheduleReconnect(c);
    }
  }

  // The first connection must work: a server that cannot LISTEN would silently miss notifications.
  await connect(true);

  return {
    async publish(message) {
      await sql`select pg_notify(${channel}, ${encodeHubMessage(message)})`.execute(db);
    },
    subscribe: (userId, listener) => local.subscribe(userId, listener),
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      await local.close();
      if (c) await c.end().catch(() => undefined);
    },
  };
}
