import type { Notification } from '@clearspeak/contract';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import {
  countUnreadNotifications,
  findLatestNotificationOfType,
  insertNotification,
  listNotifications,
  markNotificationRead,
  type NotificationRow,
} from './repo.ts';
import type { LiveNotifications } from './live.ts';
import type { NotificationType } from './tables.ts';

// spec: learning-experience §3 Notification, §7 notification calls.

export function toWireNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    header: row.header,
    title: row.title,
    subtitle: row.subtitle,
    icon: row.icon,
    created_at: row.createdAt.toISOString(),
    is_read: row.isRead,
    notification_type: row.notificationType,
    object_id: row.objectId,
  };
}

export interface NewNotification {
  userId: number;
  type: NotificationType;
  objectId: number;
  header: string;
  title: string;
  subtitle: string;
  icon: string | null;
}

/**
 * Stores a notification without announcing it: use this inside a transaction (`{ db: trx, clock }`)
 * and call `announceNotification` once the transaction has committed.
 */
export async function createNotification(deps: { db: Db; clock: Clock }, options: NewNotification): Promise<Notification> {
  const row = await insertNotification(deps.db, {
    userId: options.userId,
    notificationType: options.type,
    objectId: options.objectId,
    header: options.header,
    title: options.title,
    subtitle: options.subtitle,
    icon: options.icon,
    createdAt: deps.clock.now(),
  });
  return toWireNotification(row);
}

/**
 * Announces a stored (committed) notification: to every open page of the user, on any instance
 * (server-sent events through the hub), and as a Web Push to the user's browsers (started here,
 * finished in the background). Never rejects: a delivery failure is logged, the notification
 * stays in the list. Resolves once the open pages have been told.
 */
export async function announceNotification(deps: { notifications: LiveNotifications }, userId: number, notification: Notification): Promise<void> {
  const live = deps.notifications;
  live.pushInBackground(userId, notification);
  await live.hub.publish({ userId, notification }).catch((err: unknown) => live.log.warn({ err, userId, notificationId: notification.id }, 'live notification failed'));
}

/** Tells the user's open pages that the unread count changed (a notification was read). Never rejects. */
export async function announceUnreadChange(deps: { notifications: LiveNotifications }, userId: number): Promise<void> {
  const live = deps.notifications;
  await live.hub.publish({ userId, notification: null }).catch((err: unknown) => live.log.warn({ err, userId }, 'live unread count failed'));
}

/**
 * Creates a notification for a user and announces it when `deps` carries the live delivery (the
 * app's deps do). Not for use inside a transaction: see `createNotification`.
 */
export async function notifyUser(deps: { db: Db; clock: Clock; notifications?: LiveNotifications }, options: NewNotification): Promise<Notification> {
  const notification = await createNotification(deps, options);
  if (deps.notifications) await announceNotification({ notifications: deps.notifications }, options.userId, notification);
  return notification;
}

export async function getUserNotifications(deps: { db: Db }, options: { userId: number }): Promise<Notification[]> {
  return (await listNotifications(deps.db, options.userId)).map(toWireNotification);
}

export async function getUnreadNotificationCount(deps: { db: Db }, options: { userId: number }): Promise<number> {
  return countUnreadNotifications(deps.db, options.userId);
}

/** Marks the user's own notification read; another user's id is "not found" (no hint it exists). */
export async function readNotification(deps: { db: Db }, options: { userId: number; notificationId: number }): Promise<Notification> {
  const row = await markNotificationRead(deps.db, options.userId, options.notificationId);
  if (!row) throw new AppError('not_found', { message: 'Something went wrong' });
  return toWireNotification(row);
}

export async function findLatestNotification(deps: { db: Db }, options: { userId: number; type: NotificationType }): Promise<Notification | null> {
  const row = await findLatestNotificationOfType(deps.db, options.userId, options.type);
  return row ? toWireNotification(row) : null;
}
