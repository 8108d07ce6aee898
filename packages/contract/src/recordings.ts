import { z } from 'zod';
import { defineRoute } from './route.ts';

// Playback of stored audio (issue 4: "the learner can play back any past recording of theirs;
// nobody else can"). These answer audio bytes, not JSON: `response` describes nothing to parse.

const Id = z.coerce.number().int().positive();

/** `:id` in the path. */
export const RecordingIdParamsSchema = z.object({ id: Id });

/** Audio body; the Content-Type is the stored recording's MIME type. */
export const AudioBodySchema = z.unknown();

export const getRecordingAudio = defineRoute({
  method: 'GET',
  path: '/recordings/:id/audio',
  auth: 'learner',
  summary:
    'The audio of one of the caller’s recordings (404 for anyone else’s). Needs the bearer token, so a client fetches it and plays a blob URL.',
  request: RecordingIdParamsSchema,
  response: AudioBodySchema,
});

export const getModelVoiceAudio = defineRoute({
  method: 'GET',
  path: '/model-voices/:id/audio',
  auth: 'public',
  summary:
    'A model pronunciation (advice_voice.link, voice_urls): public and cacheable, it holds no learner data.',
  request: RecordingIdParamsSchema,
  response: AudioBodySchema,
});

/**
 * Scores one of the caller's stored recordings again, after its scoring failed (503) or to
 * re-check it (DESIGN "Nothing is lost": a failed scoring can be retried).
 */
export const rescoreRecording = defineRoute({
  method: 'POST',
  path: '/recordings/:id/score',
  auth: 'learner',
  summary: 'Score a stored recording again (after a failed scoring).',
  request: RecordingIdParamsSchema,
  response: z.object({
    isError: z.literal(false),
    recording_id: z.number().int(),
    /** `retake`: the engine could not judge it (message says why); `scored`: `score` is 0–100. */
    status: z.enum(['scored', 'retake']),
    score: z.number().nullable(),
    message: z.string(),
  }),
});

/** Where a client fetches a recording's audio. */
export function recordingAudioPath(recordingId: number): string {
  return `/api/recordings/${recordingId}/audio`;
}

export const recordingsRoutes = { getRecordingAudio, getModelVoiceAudio, rescoreRecording } as const;
