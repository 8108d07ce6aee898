import type { Db } from '../lib/db.ts';
import type { NotificationType } from './tables.ts';
import './tables.ts';

export interface NotificationRow {
  id: number;
  userId: number;
  header: string;
  title: string;
  subtitle: string;
  icon: string | null;
  notificationType: NotificationType;
  objectId: number;
  isRead: boolean;
  createdAt: Date;
}

const COLUMNS = ['id', 'userId', 'header', 'title', 'subtitle', 'icon', 'notificationType', 'objectId', 'isRead', 'createdAt'] as const;

export async function insertNotification(db: Db, row: Omit<NotificationRow, 'id' | 'isRead'>): Promise<NotificationRow> {
  return db.insertInto('notifications').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function listNotifications(db: Db, userId: number): Promise<NotificationRow[]> {
  return db.selectFrom('notifications').select(COLUMNS).where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export async function countUnreadNotifications(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .where('isRead', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the user's notifications read; undefined when it is not theirs (or does not exist). */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<NotificationRow | undefined> {
  return db.updateTable('notifications').set({ isRead: true }).where('id', '=', id).where('userId', '=', userId).returning(COLUMNS).executeTakeFirst();
}

export async function findLatestNotificationOfType(db: Db, userId: number, type: NotificationType): Promise<NotificationRow | undefined> {
  return db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('userId', '=', userId)
    .where('notificationType', '=', type)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
