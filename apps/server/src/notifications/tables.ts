import type { ColumnType, Generated } from 'kysely';
import type { NOTIFICATION_TYPES } from '@clearspeak/contract';

// Table type of migration 20261121200000_create_assessment_and_notifications (notifications).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  header: string;
  title: string;
  subtitle: string;
  icon: string | null;
  notificationType: NotificationType;
  objectId: number;
  isRead: Generated<boolean>;
  createdAt: Timestamp;
}

declare module '../lib/db.ts' {
  interface Database {
    notifications: NotificationsTable;
  }
}
