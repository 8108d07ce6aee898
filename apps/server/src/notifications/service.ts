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

/** Creates a notification for a user (the other domains call this; live delivery comes later). */
export async function notifyUser(
  deps: { db: Db; clock: Clock },
  options: { userId: number; type: NotificationType; objectId: number; header: string; title: string; subtitle: string; icon: string | null },
): Promise<Notification> {
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
