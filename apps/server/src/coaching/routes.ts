import type { FastifyInstance } from 'fastify';
import { coachingRoutes as r } from '@clearspeak/contract';
import type { AppDeps } from '../app-deps.ts';
import { registerContractRoute, requireAuth } from '../lib/routing.ts';
import { getUserCreditInfo } from './service.ts';

/** spec: learning §7 GET /user-credit-info. */
export function registerCoachingRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerContractRoute(app, deps.route, r.userCreditInfo, async (ctx) => {
    const data = await getUserCreditInfo(deps, { userId: requireAuth(ctx).userId });
    return { isError: false as const, user_credit_info: { data } };
  });
}
