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

/** Where a client fetches a recording's audio. */
export function recordingAudioPath(recordingId: number): string {
  return `/api/recordings/${recordingId}/audio`;
}

export const recordingsRoutes = { getRecordingAudio, getModelVoiceAudio } as const;
