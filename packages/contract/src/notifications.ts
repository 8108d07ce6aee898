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

// ---- live delivery (issue 5): server-sent events and Web Push.

/**
 * Server-sent events, `text/event-stream`. The bearer token goes in the Authorization header (the
 * client reads the stream with fetch). Events: `notification` (data: a Notification) when one is
 * created, `unread` (data: {count}) on connect and whenever the count changes; a comment line
 * every 25 s keeps proxies from closing the stream.
 */
export const notificationStream = defineRoute({
  method: 'GET',
  path: '/notifications/stream',
  auth: 'user',
  summary: 'Live notifications as server-sent events (`notification`, `unread`).',
  request: EmptyRequestSchema,
  response: z.unknown(),
});
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', unread: 'unread' } as const;
export const UnreadEventSchema = z.object({ count: z.number().int() });

export const webPushPublicKey = defineRoute({
  method: 'GET',
  path: '/web-push/public-key',
  auth: 'public',
  summary: 'The VAPID public key the browser subscribes with (generated and stored on first start).',
  request: EmptyRequestSchema,
  response: z.object({ isError: z.literal(false), public_key: z.string() }),
});

/** A browser PushSubscription as `subscription.toJSON()` gives it. */
export const PushSubscriptionSchema = z.object({
  endpoint: z.string().url(),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});

export const storeWebNotificationToken = defineRoute({
  method: 'POST',
  path: '/store-webnotification-token',
  auth: 'user',
  summary: 'Store the browser’s push subscription (accounts §7 `{token}`): the PushSubscription JSON, as an object or a string.',
  request: z.object({
    token: z.union([
      PushSubscriptionSchema,
      z.string().transform((value, ctx) => {
        try {
          return PushSubscriptionSchema.parse(JSON.parse(value));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'token must be a push subscription' });
          return z.NEVER;
        }
      }),
    ]),
  }),
  response: z.object({ isError: z.literal(false), message: z.string() }),
});

export const notificationsRoutes = {
  getUserNotifications,
  getUnreadNotificationCount,
  readNotification,
  notificationStream,
  webPushPublicKey,
  storeWebNotificationToken,
} as const;
