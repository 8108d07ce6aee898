import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** One `bytes=start-end` range of a file of `size` bytes, or null when absent, multiple or unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, from = '', to = ''] = match;
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Sends stored audio (the caller decides who may read it), with single byte ranges: Safari asks
 * for `bytes=0-1` before it plays anything. Audio here is at most 5 MB, so a range is cut from
 * the blob in memory rather than asking every blob store for ranges.
 */
export async function sendAudio(
  req: FastifyRequest,
  reply: FastifyReply,
  audio: { stream: Readable; contentType: string; sizeBytes: number },
  cacheControl: string,
): Promise<FastifyReply> {
  reply.header('content-type', audio.contentType).header('cache-control', cacheControl).header('accept-ranges', 'bytes');
  const range = parseRange(req.headers.range, audio.sizeBytes);
  if (range === null) return reply.header('content-length', String(audio.sizeBytes)).send(audio.stream);
  const body = await readAll(audio.stream);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${body.length}`).send(Buffer.alloc(0));
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
    .header('content-length', String(range.end - range.start + 1))
    .send(body.subarray(range.start, range.end + 1));
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
      return sendAudio(req, reply, audio, 'private, max-age=3600');
    },
  );
}
