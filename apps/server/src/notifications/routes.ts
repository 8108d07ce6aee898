import type { FastifyInstance } from 'fastify';
import { notificationsRoutes as r } from '@clearspeak/contract';
import type { AppDeps } from '../app-deps.ts';
import { registerContractRoute, requireAuth } from '../lib/routing.ts';
import { announceUnreadChange, getUnreadNotificationCount, getUserNotifications, readNotification } from './service.ts';

/** spec: learning §7 notification calls. */
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
    await announceUnreadChange(deps, userId);
    return { isError: false as const, userNotification };
  });
}
