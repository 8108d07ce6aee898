import type { FastifyInstance } from 'fastify';
import { coachingRoutes as r } from '@clearspeak/contract';
import type { AppDeps } from '../app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { authorizeRequest, registerContractRoute, requireAuth } from '../lib/routing.ts';
import { sendAudio } from '../recordings/routes.ts';
import {
  clearPostLesson,
  getFeedbackStatus,
  getHumanCoachFeedback,
  getModuleFeedbackAll,
  getModuleFeedbackCoach,
  openCoachReplyAudio,
  openFeedbackItemAudio,
  requestAssessmentFeedback,
  requestModuleFeedback,
} from './feedback-service.ts';
import { getUserCreditInfo } from './service.ts';

/** spec: learning §7 GET /user-credit-info and the feedback calls; issue 5 learner side. */
export function registerCoachingRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerContractRoute(app, deps.route, r.userCreditInfo, async (ctx) => {
    const data = await getUserCreditInfo(deps, { userId: requireAuth(ctx).userId });
    return { isError: false as const, user_credit_info: { data } };
  });

  registerContractRoute(app, deps.route, r.moduleFeedbackStatus, async (ctx) => {
    const data = await getFeedbackStatus(deps, { userId: requireAuth(ctx).userId, moduleId: ctx.input.module_id });
    return { isError: false as const, data };
  });

  registerContractRoute(app, deps.route, r.moduleFeedback, async (ctx) => {
    const coachData = await getModuleFeedbackCoach(deps, { userId: requireAuth(ctx).userId, moduleId: ctx.input.module_id });
    return { isError: false as const, coachData };
  });

  registerContractRoute(app, deps.route, r.moduleFeedbackAll, async (ctx) => {
    const data = await getModuleFeedbackAll(deps, { userId: requireAuth(ctx).userId, moduleId: ctx.input.module_id });
    return { isError: false as const, data };
  });

  registerContractRoute(app, deps.route, r.requestModuleFeedback, async (ctx) => {
    const out = await requestModuleFeedback(deps, { userId: requireAuth(ctx).userId, moduleId: ctx.input.module_id });
    return { isError: false as const, request_id: out.requestId, remaining_coaching_credit: out.remaining };
  });

  registerContractRoute(app, deps.route, r.clearPostLesson, async (ctx) => {
    const out = await clearPostLesson(deps, { userId: requireAuth(ctx).userId, moduleId: ctx.input.module_id });
    return { isError: false as const, message: out.message };
  });

  registerContractRoute(app, deps.route, r.getHumanCoachFeedback, async (ctx) => {
    const feedbackId = ctx.input.feedback_id;
    const data = await getHumanCoachFeedback(deps, { userId: requireAuth(ctx).userId, ...(feedbackId !== undefined ? { feedbackId } : {}) });
    return { isError: false as const, data };
  });

  registerContractRoute(app, deps.route, r.requestAssessmentCoachFeedback, async (ctx) => {
    const out = await requestAssessmentFeedback(deps, { userId: requireAuth(ctx).userId, assessmentId: ctx.input.assessment_id });
    return { isError: false as const, request_id: out.requestId, remaining_coaching_credit: out.remaining };
  });

  // GET /api/coach-replies/:id/audio: its learner (once submitted), coaches and admins; else 404.
  app.get<{ Params: { id: string } }>(
    `/api${r.getCoachReplyAudio.path}`,
    {
      schema: { summary: r.getCoachReplyAudio.summary, security: [{ bearerAuth: [] }] },
      preHandler: (req) => authorizeRequest(deps.route.authenticate, r.getCoachReplyAudio.auth, req),
    },
    async (req, reply) => {
      const params = r.getCoachReplyAudio.request.safeParse(req.params);
      if (!req.auth) throw new AppError('unauthenticated', { extra: { errorCode: 401 } });
      if (!params.success) throw new AppError('not_found', { message: 'We could not find this reply.' });
      const audio = await openCoachReplyAudio(deps, { userId: req.auth.userId, roleId: req.auth.roleId, replyAudioId: params.data.id });
      return sendAudio(req, reply, audio, 'private, max-age=3600');
    },
  );

  // GET /api/feedback-items/:id/audio: the caller's own recording in their request; else 404.
  app.get<{ Params: { id: string } }>(
    `/api${r.getFeedbackItemAudio.path}`,
    {
      schema: { summary: r.getFeedbackItemAudio.summary, security: [{ bearerAuth: [] }] },
      preHandler: (req) => authorizeRequest(deps.route.authenticate, r.getFeedbackItemAudio.auth, req),
    },
    async (req, reply) => {
      const params = r.getFeedbackItemAudio.request.safeParse(req.params);
      if (!req.auth) throw new AppError('unauthenticated', { extra: { errorCode: 401 } });
      if (!params.success) throw new AppError('not_found', { message: 'We could not retrieve your message' });
      const audio = await openFeedbackItemAudio(deps, { userId: req.auth.userId, itemId: params.data.id });
      return sendAudio(req, reply, audio, 'private, max-age=3600');
    },
  );
}
