import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import { modulesRoutes as m, recordingAudioPath, recordingsRoutes as r, UPLOAD_LIMITS } from '@clearspeak/contract';
import type { AppDeps } from '../app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { authorizeRequest } from '../lib/routing.ts';
import { submitFinalRecording } from '../scoring/service.ts';
import { openRecordingAudio, submitLessonRecording } from './service.ts';
import { registerUploadRoute } from './upload.ts';
import type { ScoringEngine } from '../scoring/engine.ts';

/** Sends stored audio; the caller decides who may read it. */
export function sendAudio(reply: FastifyReply, audio: { stream: Readable; contentType: string; sizeBytes: number }, cacheControl: string): FastifyReply {
  return reply.header('content-type', audio.contentType).header('content-length', String(audio.sizeBytes)).header('cache-control', cacheControl).send(audio.stream);
}

/** spec §7 uploads, and playback of the learner's own recordings. */
export async function registerRecordingRoutes(app: FastifyInstance, deps: AppDeps & { scoringEngine: ScoringEngine }): Promise<void> {
  // Limits again per request in upload.ts; these are the plugin's outer bounds.
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 20, fieldSize: 10_000 } });
  const route = deps.route;

  registerUploadRoute(app, route, m.uploadRecord, async ({ auth, input, recording }) => {
    const kind = input.assessment_type === 'final' ? 'final' : input.assessment_type;
    const row = await submitLessonRecording(deps, { userId: auth.userId, lessonId: input.assessment_id, kind, recording });
    return { isError: false as const, message: 'Recording saved.', recording_id: row.id, file_url: recordingAudioPath(row.id) };
  });

  registerUploadRoute(app, route, m.uploadListenRecord, async ({ auth, input, recording }) => {
    const row = await submitLessonRecording(deps, { userId: auth.userId, lessonId: input.listen_record_id, kind: 'listen_record', recording });
    return { isError: false as const, message: 'Recording saved.', recording_id: row.id, file_url: recordingAudioPath(row.id) };
  });

  registerUploadRoute(app, route, m.uploadFinalRecord, async ({ auth, input, recording }) => {
    const result = await submitFinalRecording(deps, { userId: auth.userId, moduleId: input.module_id, lessonId: input.assessment_id, recording });
    return {
      isError: false as const,
      message: result.message,
      recording_id: result.recording.id,
      file_url: recordingAudioPath(result.recording.id),
      ai_scores: result.aiScores,
    };
  });

  // GET /api/recordings/:id/audio: the owner only; anyone else gets 404 (no hint it exists).
  app.get<{ Params: { id: string } }>(
    `/api${r.getRecordingAudio.path}`,
    {
      schema: { summary: r.getRecordingAudio.summary, security: [{ bearerAuth: [] }] },
      preHandler: (req) => authorizeRequest(route.authenticate, r.getRecordingAudio.auth, req),
    },
    async (req, reply) => {
      const params = r.getRecordingAudio.request.safeParse(req.params);
      if (!req.auth) throw new AppError('unauthenticated', { extra: { errorCode: 401 } });
      if (!params.success) throw new AppError('not_found', { message: 'We could not retrieve your message' });
      const audio = await openRecordingAudio(deps, { userId: req.auth.userId, recordingId: params.data.id });
      return sendAudio(reply, audio, 'private, max-age=3600');
    },
  );
}
