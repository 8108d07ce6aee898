import type { FastifyInstance } from 'fastify';
import { ErrorResponseSchema, modulesRoutes as m, recordingsRoutes as r } from '@clearspeak/contract';
import type { AppDeps } from '../app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { authorizeRequest } from '../lib/routing.ts';
import { sendAudio } from '../recordings/routes.ts';
import { registerUploadRoute } from '../recordings/upload.ts';
import type { ScoringEngine } from './engine.ts';
import { coachRecognisingTool, evaluateFluency, openModelVoice, rescoreRecording } from './service.ts';

/** spec §7 AI calls: ai-smart-coach (recognising tools) and fluency-evaluation; model voices. */
export function registerScoringRoutes(app: FastifyInstance, deps: AppDeps & { scoringEngine: ScoringEngine }): void {
  registerUploadRoute(app, deps.route, m.aiSmartCoach, async ({ auth, input, recording }) => {
    const ai_data = await coachRecognisingTool(deps, { userId: auth.userId, moduleCode: input.module_code, text: input.text, recording });
    return { isError: false as const, ai_data };
  });

  registerUploadRoute(app, deps.route, m.fluencyEvaluation, async ({ auth, input, recording }) => {
    const ai_data = await evaluateFluency(deps, { userId: auth.userId, moduleId: input.module_id, moduleCode: input.module_code, text: input.text, recording });
    return { isError: false as const, ai_data };
  });

  // POST /api/recordings/:id/score: retry a failed scoring (owner only, 404 for anyone else).
  app.post<{ Params: { id: string } }>(
    `/api${r.rescoreRecording.path}`,
    {
      schema: { summary: r.rescoreRecording.summary, security: [{ bearerAuth: [] }], response: { 200: r.rescoreRecording.response, '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema } },
      preHandler: (req) => authorizeRequest(deps.route.authenticate, r.rescoreRecording.auth, req),
    },
    async (req) => {
      const params = r.rescoreRecording.request.safeParse(req.params);
      if (!req.auth) throw new AppError('unauthenticated', { extra: { errorCode: 401 } });
      if (!params.success) throw new AppError('not_found', { message: 'We could not retrieve your message' });
      const result = await rescoreRecording(deps, { userId: req.auth.userId, recordingId: params.data.id });
      return {
        isError: false as const,
        recording_id: params.data.id,
        status: result.status,
        score: result.status === 'scored' ? result.utterance.total : null,
        message: result.status === 'scored' ? 'Recording scored.' : (result.quality.message ?? 'Please record again.'),
      };
    },
  );

  // Model pronunciations hold no learner data: public, and immutable (one file per text).
  app.get<{ Params: { id: string } }>(`/api${r.getModelVoiceAudio.path}`, { schema: { summary: r.getModelVoiceAudio.summary } }, async (req, reply) => {
    const params = r.getModelVoiceAudio.request.safeParse(req.params);
    if (!params.success) throw new AppError('not_found');
    return sendAudio(req, reply, await openModelVoice(deps, { id: params.data.id }), 'public, max-age=31536000, immutable');
  });
}
