import type { FastifyInstance } from 'fastify';
import { notificationsRoutes as r } from '@clearspeak/contract';
import type { AppDeps } from '../app-deps.ts';
import { registerContractRoute, requireAuth } from '../lib/routing.ts';
import { storePushSubscription } from './push.ts';
import { announceUnreadChange, getUnreadNotificationCount, getUserNotifications, readNotification } from './service.ts';
import { registerNotificationStream } from './stream.ts';

export const PUSH_SUBSCRIPTION_STORED = 'You will be notified when your coach replies.';

/** spec: learning §7 notification calls; issue 5 live delivery (SSE, Web Push). */
export function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = deps.route;

  registerContractRoute(app, route, r.getUserNotifications, async (ctx) => {
    const notifications = await getUserNotifications(deps, { userId: requireAuth(ctx).userId });
    return { isError: false as const, notifications };
  });

  registerContractRoute(app, route, r.getUnreadNotificationCount, async (ctx) => {
    const count = await getUnreadNotificationCount(deps, { userId: requireAuth(ctx).userId });
    return { isError: false as const, count };
  });

  registerContractRoute(app, route, r.readNotification, async (ctx) => {
    const { userId } = requireAuth(ctx);
    const userNotification = await readNotification(deps, { userId, notificationId: ctx.input.notification_id });
    // The user's other tabs update their badge.
    await announceUnreadChange(deps, userId);
    return { isError: false as const, userNotification };
  });

  registerNotificationStream(app, { db: deps.db, hub: deps.notifications.hub, authenticate: route.authenticate });

  registerContractRoute(app, route, r.webPushPublicKey, async () => ({ isError: false as const, public_key: deps.notifications.publicKey }));

  registerContractRoute(app, route, r.storeWebNotificationToken, async (ctx) => {
    await storePushSubscription(deps, { userId: requireAuth(ctx).userId, subscription: ctx.input.token });
    return { isError: false as const, message: PUSH_SUBSCRIPTION_STORED };
  });
}
