import type { FastifyInstance } from 'fastify';
import { accountsRoutes as r } from '@clearspeak/contract';
import type { AppDeps } from '../app-deps.ts';
import { registerContractRoute, requireAuth } from '../lib/routing.ts';
import { addCrmTag, getSubscriptionFlags, getUserData, setTermsAccepted } from './service.ts';

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = deps.route;

  registerContractRoute(app, route, r.getUserData, async (ctx) => {
    const userDetails = await getUserData(deps, { userId: requireAuth(ctx).userId });
    return { isError: false as const, userDetails };
  });

  registerContractRoute(app, route, r.subscriptionData, async (ctx) => {
    const flags = await getSubscriptionFlags(deps, { userId: requireAuth(ctx).userId });
    return { isError: false as const, ...flags };
  });

  registerContractRoute(app, route, r.updateTerms, async (ctx) => {
    await setTermsAccepted(deps, { userId: requireAuth(ctx).userId, accepted: ctx.input.terms_checked });
    return { isError: false as const, message: 'Terms updated.' };
  });

  registerContractRoute(app, route, r.addKartraTag, async (ctx) => {
    await addCrmTag(deps, { userId: requireAuth(ctx).userId, tag: ctx.input['user-tag'] });
    return { isError: false as const, message: 'Tag added.' };
  });
}
