import type { FastifyInstance } from 'fastify';
import { coachConsoleRoutes as c } from '@clearspeak/contract';
import type { AppDeps } from '../app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { authorizeRequest, registerContractRoute, requireAuth } from '../lib/routing.ts';
import { announceNotification } from '../notifications/service.ts';
import { sendAudio } from '../recordings/routes.ts';
import { registerUploadRoute } from '../recordings/upload.ts';
import {
  claimRequest,
  getCoachQueue,
  getRequestDetail,
  openCoachItemAudio,
  releaseRequest,
  storeCoachReplyAudio,
  submitCoachFeedback,
  type NotificationAnnouncer,
} from './console-service.ts';

/**
 * The coach console (issue 5, coach side): every route needs role 3 (lib/routing.ts refuses others
 * with 403, no token with 401). Registered after the recordings routes (multipart plugin).
 */
export function registerCoachConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = deps.route;

  registerContractRoute(app, route, c.coachQueue, async (ctx) => {
    const queue = await getCoachQueue(deps, { coachId: requireAuth(ctx).userId });
    return { isError: false as const, ...queue };
  });

  registerContractRoute(app, route, c.coachRequestDetail, async (ctx) => {
    const request = await getRequestDetail(deps, { coachId: requireAuth(ctx).userId, requestId: ctx.input.id });
    return { isError: false as const, request };
  });

  registerContractRoute(app, route, c.claimFeedbackRequest, async (ctx) => {
    const request = await claimRequest(deps, { coachId: requireAuth(ctx).userId, requestId: ctx.input.id });
    return { isError: false as const, request };
  });

  registerContractRoute(app, route, c.releaseFeedbackRequest, async (ctx) => {
    const { message } = await releaseRequest(deps, { coachId: requireAuth(ctx).userId, requestId: ctx.input.id });
    return { isError: false as const, message };
  });

  registerUploadRoute(app, route, c.uploadCoachReplyAudio, async ({ auth, input, recording }) => {
    const stored = await storeCoachReplyAudio(deps, { coachId: auth.userId, requestId: input.id, itemId: input.item_id, recording });
    return { isError: false as const, reply_audio_id: stored.replyAudioId, audio_url: stored.audioUrl };
  });

  // After the commit, the learner's open pages (SSE) and closed tabs (Web Push) hear of it.
  const announce: NotificationAnnouncer = (userId, notification) => announceNotification(deps, userId, notification);
  registerContractRoute(app, route, c.submitCoachFeedback, async (ctx) => {
    const { id, ...input } = ctx.input;
    const result = await submitCoachFeedback({ db: deps.db, clock: deps.clock, log: deps.log, announce }, { coachId: requireAuth(ctx).userId, requestId: id, input });
    return { isError: false as const, feedback_id: result.feedbackId, notification_id: result.notificationId };
  });

  // GET /api/coach/items/:id/audio: bearer token, played as a blob URL; 404 unless held or answered.
  app.get<{ Params: { id: string } }>(
    `/api${c.getCoachRecordingAudio.path}`,
    {
      schema: { summary: c.getCoachRecordingAudio.summary, security: [{ bearerAuth: [] }] },
      preHandler: (req) => authorizeRequest(route.authenticate, c.getCoachRecordingAudio.auth, req),
    },
    async (req, reply) => {
      if (!req.auth) throw new AppError('unauthenticated', { extra: { errorCode: 401 } });
      const params = c.getCoachRecordingAudio.request.safeParse(req.params);
      if (!params.success) throw new AppError('not_found');
      const audio = await openCoachItemAudio(deps, { coachId: req.auth.userId, itemId: params.data.id });
      return sendAudio(req, reply, audio, 'private, max-age=3600');
    },
  );
}
