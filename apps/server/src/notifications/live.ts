import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../lib/env.ts';
import type { Db } from '../lib/db.ts';
import type { Notification } from '@clearspeak/contract';
import type { NotificationHub } from './hub.ts';

/** Live delivery of this server: the hub for open pages, Web Push for closed tabs. */
export interface LiveNotifications {
  hub: NotificationHub;
  /** Sends a Web Push to each of the user's stored subscriptions; never throws. */
  push(userId: number, notification: Notification): Promise<void>;
  log: FastifyBaseLogger;
}

export async function createLiveNotifications(options: { config: Config; db: Db; hub: NotificationHub; log: FastifyBaseLogger }): Promise<LiveNotifications> {
  return {
    hub: options.hub,
    log: options.log,
    // Web Push lands in the next commit.
    async push() {},
  };
}
