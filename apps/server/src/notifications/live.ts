import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Notification } from '@clearspeak/contract';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import type { Config } from '../lib/env.ts';
import type { NotificationHub } from './hub.ts';
import { createPushSender, loadVapidKeys, type PushReport } from './push.ts';

/** Live delivery of this server: the hub for open pages, Web Push for closed tabs. */
export interface LiveNotifications {
  hub: NotificationHub;
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /** Sends a Web Push to each of the user's stored subscriptions. */
  push(userId: number, notification: Notification): Promise<PushReport>;
  /** Starts `push` without waiting for it (a slow push service never delays the caller). */
  pushInBackground(userId: number, notification: Notification): void;
  /** Resolves once every push started so far has finished (shutdown, tests). */
  settled(): Promise<void>;
  log: FastifyBaseLogger;
}

/** Loads (or on first start generates and stores) the VAPID keys, and wires the hub and the sender. */
export async function createLiveNotifications(options: {
  config: Config;
  db: Db;
  clock: Clock;
  hub: NotificationHub;
  log: FastifyBaseLogger;
  pushAgent?: Agent | undefined;
}): Promise<LiveNotifications> {
  const keys = await loadVapidKeys(options);
  const sender = createPushSender({
    db: options.db,
    clock: options.clock,
    keys,
    subject: options.config.webPush.subject,
    log: options.log,
    ...(options.pushAgent ? { agent: options.pushAgent } : {}),
  });
  const inFlight = new Set<Promise<unknown>>();
  return {
    hub: options.hub,
    publicKey: sender.publicKey,
    push: (userId, notification) => sender.send(userId, notification),
    pushInBackground(userId, notification) {
      const task = sender
        .send(userId, notification)
        .catch((err: unknown) => options.log.warn({ err, userId, notificationId: notification.id }, 'web push failed'))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    log: options.log,
  };
}
