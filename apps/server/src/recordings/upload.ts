import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_BASE, ErrorResponseSchema, UPLOAD_LIMITS, type RouteDef } from '@clearspeak/contract';
import { AppError } from '../lib/errors.ts';
import { authorizeRequest, pathParams, type AuthContext, type Authenticator } from '../lib/routing.ts';
import { mimeTypeOf, probeAudio, UnreadableAudioError } from './probe.ts';

/** An uploaded recording that passed every check, still in its temp file. */
export interface CheckedRecording {
  path: string;
  mimeType: string;
  durationMs: number;
  sizeBytes: number;
}

export interface UploadContext<Req extends z.ZodType> {
  auth: AuthContext;
  input: z.output<Req>;
  recording: CheckedRecording;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** The multipart part that carries the audio (spec §7 uploads). */
export const FILE_FIELD = 'recorded_file';
const MAX_DURATION_MS = UPLOAD_LIMITS.maxDurationMs + UPLOAD_LIMITS.durationMarginMs;
const ALLOWED: ReadonlySet<string> = new Set(UPLOAD_LIMITS.mimeTypes);

const MESSAGES = {
  missing: 'Please record your answer before submitting.',
  empty: 'The recording is empty. Please record again.',
  unreadable: 'We could not read this recording as audio. Please record again.',
  tooLong: `Recordings can be at most ${UPLOAD_LIMITS.maxDurationMs / 1000} seconds. Please record a shorter answer.`,
  notMultipart: 'Send the recording as multipart/form-data.',
  oneFile: 'Send one recording at a time.',
};

/**
 * Registers a multipart upload route of the contract: authenticates BEFORE reading the body, streams
 * the one audio part to a temp file (at most UPLOAD_LIMITS.maxBytes, else 413), refuses other
 * types (415), sniffs the content with ffprobe (422 when empty, unreadable, not audio or too
 * long), validates the text fields with the contract's schema (422), then calls the handler.
 * The temp file is always removed; nothing is stored unless the handler stores it.
 */
export function registerUploadRoute<Req extends z.ZodType, Res extends z.ZodType>(
  app: FastifyInstance,
  deps: { authenticate: Authenticator },
  def: RouteDef<Req, Res>,
  handler: (ctx: UploadContext<Req>) => Promise<z.output<Res>>,
): void {
  registerMultipartRoute(app, deps, def, ({ auth, ...rest }) => {
    if (!auth) throw new AppError('unauthenticated', { extra: { errorCode: 401 } });
    return handler({ auth, ...rest });
  });
}

/**
 * The same checks for a contract route whose `auth` is `public` (the anonymous assessment upload,
 * accounts §6): `auth` is null; the handler decides who the uploader is from the fields.
 */
export function registerPublicUploadRoute<Req extends z.ZodType, Res extends z.ZodType>(
  app: FastifyInstance,
  deps: { authenticate: Authenticator; authRateLimitPerMinute: number },
  def: RouteDef<Req, Res>,
  handler: (ctx: Omit<UploadContext<Req>, 'auth'> & { auth: AuthContext | null }) => Promise<z.output<Res>>,
): void {
  if (def.auth !== 'public') throw new Error(`${def.path} is not a public route`);
  // Anyone may call it, so each address gets the per-minute limit of the sign-in routes.
  registerMultipartRoute(app, deps, def, handler, deps.authRateLimitPerMinute);
}

function registerMultipartRoute<Req extends z.ZodType, Res extends z.ZodType>(
  app: FastifyInstance,
  deps: { authenticate: Authenticator },
  def: RouteDef<Req, Res>,
  handler: (ctx: Omit<UploadContext<Req>, 'auth'> & { auth: AuthContext | null }) => Promise<z.output<Res>>,
  rateLimitPerMinute?: number,
): void {
  app.route({
    method: def.method,
    url: API_BASE + def.path,
    config: rateLimitPerMinute ? { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } } : {},
    schema: {
      summary: def.summary,
      description: `multipart/form-data: the audio in \`${FILE_FIELD}\` (${UPLOAD_LIMITS.mimeTypes.join(', ')}; at most ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB and ${UPLOAD_LIMITS.maxDurationMs / 1000} s), other fields as text.`,
      consumes: ['multipart/form-data'],
      ...(def.auth === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      response: { 200: def.response, '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema },
    },
    preHandler: (req) => authorizeRequest(deps.authenticate, def.auth, req),
    handler: async (req, reply) => {
      const auth = req.auth;
      const dir = await mkdtemp(path.join(tmpdir(), 'cs-upload-'));
      try {
        const { fields, file } = await receiveParts(req, path.join(dir, 'recording'));
        const parsed = def.request.safeParse({ ...fields, ...pathParams(req) });
        if (!parsed.success) {
          const errors: Record<string, string> = {};
          for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
          throw new AppError('validation', { message: parsed.error.issues[0]?.message ?? MESSAGES.unreadable, errors });
        }
        if (!file) throw new AppError('validation', { message: MESSAGES.missing, errors: { [FILE_FIELD]: MESSAGES.missing } });
        const recording = await checkRecording(file);
        const result = await handler({ auth, input: parsed.data, recording, req, reply });
        reply.code(200);
        return result;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  });
}

async function receiveParts(req: FastifyRequest, target: string): Promise<{ fields: Record<string, string>; file: { path: string; declaredMime: string } | null }> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', { message: MESSAGES.notMultipart });
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let file: { path: string; declaredMime: string } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 20, fieldSize: 10_000 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const declared = part.mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
      if (part.fieldname !== FILE_FIELD || !ALLOWED.has(declared)) {
        part.file.resume();
        if (part.fieldname !== FILE_FIELD) throw new AppError('validation', { message: `Send the audio as ${FILE_FIELD}.`, errors: { [part.fieldname]: 'unexpected file' } });
        throw new AppError('unsupported_media_type');
      }
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated) throw new AppError('payload_too_large');
      file = { path: target, declaredMime: declared };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large');
    if (code === 'FST_FILES_LIMIT') throw new AppError('payload_too_large', { message: MESSAGES.oneFile });
    throw err;
  }
  return { fields, file };
}

async function checkRecording(file: { path: string; declaredMime: string }): Promise<CheckedRecording> {
  const { size } = await stat(file.path);
  if (size === 0) throw new AppError('validation', { message: MESSAGES.empty, errors: { [FILE_FIELD]: MESSAGES.empty } });
  let probe;
  try {
    probe = await probeAudio(file.path);
  } catch (err) {
    if (err instanceof UnreadableAudioError) throw new AppError('validation', { message: MESSAGES.unreadable, errors: { [FILE_FIELD]: MESSAGES.unreadable } });
    throw err;
  }
  if (probe.hasVideo) throw new AppError('unsupported_media_type');
  if (probe.durationMs < 50) throw new AppError('validation', { message: MESSAGES.empty, errors: { [FILE_FIELD]: MESSAGES.empty } });
  if (probe.durationMs > MAX_DURATION_MS) throw new AppError('validation', { message: MESSAGES.tooLong, errors: { [FILE_FIELD]: MESSAGES.tooLong } });
  return { path: file.path, mimeType: mimeTypeOf(probe.formatName, file.declaredMime), durationMs: probe.durationMs, sizeBytes: size };
}
