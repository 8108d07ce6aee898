import { z } from 'zod';
import { defineRoute } from './route.ts';
import { EmptyRequestSchema } from './common.ts';

// spec: learning-experience §3 Notification, §7 notification calls.

export const NOTIFICATION_TYPES = [
  'module-assessment-coach-feedback',
  'initial-assessment-coach-feedback',
  'initial-assessment-ai-feedback',
] as const;

export const NotificationSchema = z.object({
  id: z.number().int(),
  header: z.string(),
  title: z.string(),
  subtitle: z.string(),
  icon: z.string().nullable(),
  created_at: z.string(),
  is_read: z.boolean(),
  notification_type: z.enum(NOTIFICATION_TYPES),
  /** The module id, the assessment id or the feedback id, by type. */
  object_id: z.number().int(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const getUserNotifications = defineRoute({
  method: 'GET',
  path: '/get-user-notifications',
  auth: 'user',
  summary: 'The user’s notifications, newest first.',
  request: EmptyRequestSchema,
  response: z.object({ isError: z.literal(false), notifications: z.array(NotificationSchema) }),
});

export const getUnreadNotificationCount = defineRoute({
  method: 'GET',
  path: '/get-unread-notification-count',
  auth: 'user',
  summary: 'How many notifications are unread.',
  request: EmptyRequestSchema,
  response: z.object({ isError: z.literal(false), count: z.number().int() }),
});

export const readNotification = defineRoute({
  method: 'POST',
  path: '/read-notification',
  auth: 'user',
  summary: 'Mark one of the user’s notifications read.',
  request: z.object({ notification_id: z.coerce.number().int().positive() }),
  response: z.object({
    isError: z.literal(false),
    userNotification: NotificationSchema,
  }),
});

export const notificationsRoutes = {
  getUserNotifications,
  getUnreadNotificationCount,
  readNotification,
} as const;
