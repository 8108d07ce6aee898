import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AiSmartCoachDataSchema, FluencyDataSchema } from '@clearspeak/contract';
import { QueueFullError, type Assessment, type WordAssessment } from '@clearspeak/speech';
import type { BlobStore } from '../lib/blob-store.ts';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { listModuleLessons, loadLessonForLearner, loadUnlockedModule, matchLessonByText, refreshModuleScore } from '../modules/service.ts';
import type { RecordingRow } from '../recordings/repo.ts';
import { findOwnRecording, storeRecording } from '../recordings/service.ts';
import type { CheckedRecording } from '../recordings/upload.ts';
import type { ScoringEngine } from './engine.ts';
import { beginAssessment, findModelVoice, findModelVoiceByText, finishAssessment, insertModelVoice } from './repo.ts';

export type ScoringDeps = { db: Db; blobStore: BlobStore; clock: Clock; scoringEngine: ScoringEngine; log: FastifyBaseLogger };

// ---------------------------------------------------------------- scoring a stored recording

/**
 * Scores a recording that is already stored (row + blob). The assessment row goes pending first;
 * the engine's full result is stored with the recording whatever it says. When the engine fails,
 * the row says `failed` (retry with `rescoreRecording`), and the caller gets 503: with Retry-After
 * when the queue is full, else the "saved but not scored" message.
 */
export async function assessStoredRecording(
  deps: ScoringDeps,
  options: { recording: RecordingRow; audio: { path: string } | Uint8Array; kind: 'pronunciation' | 'fluency' },
): Promise<Assessment> {
  const { recording } = options;
  if (!recording.text) throw new Error(`Recording ${recording.id} has no text to score against`);
  await beginAssessment(deps.db, { recordingId: recording.id, kind: options.kind, at: deps.clock.now() });
  let result: Assessment;
  try {
    result = await deps.scoringEngine.assess({ audio: options.audio, text: recording.text });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await finishAssessment(deps.db, { recordingId: recording.id, status: 'failed', score: null, engineResult: null, error: message, at: deps.clock.now() });
    if (err instanceof QueueFullError) throw err;
    deps.log.error({ err, recordingId: recording.id }, 'scoring failed');
    throw new AppError('scoring_failed');
  }
  await finishAssessment(deps.db, {
    recordingId: recording.id,
    status: result.status === 'scored' ? 'scored' : 'retake',
    score: result.status === 'scored' ? result.utterance.total : null,
    engineResult: result,
    error: null,
    at: deps.clock.now(),
  });
  if (recording.moduleId !== null) await refreshModuleScore(deps, { userId: recording.userId, moduleId: recording.moduleId });
  return result;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Retries the scoring of one of the learner's stored recordings (after a failure), from its blob. */
export async function rescoreRecording(deps: ScoringDeps, options: { userId: number; recordingId: number }): Promise<Assessment> {
  const recording = await findOwnRecording(deps, options);
  const blob = await deps.blobStore.get(recording.blobKey);
  if (!blob) throw new AppError('not_found', { message: 'We could not retrieve your message' });
  const kind = recording.kind === 'fluency' ? 'fluency' : 'pronunciation';
  return assessStoredRecording(deps, { recording, audio: await readAll(blob.stream), kind });
}

// ---------------------------------------------------------------- model voices

export function modelVoicePath(id: number): string {
  return `/api/model-voices/${id}/audio`;
}

/**
 * A model pronunciation of `text` (advice_voice, voice_urls): rendered once by the engine's
 * espeak-ng voice, kept as a blob, then served from the cache. Null when it cannot be rendered
 * (the result is still useful without it).
 */
export async function getModelVoiceUrl(deps: ScoringDeps, text: string): Promise<string | null> {
  const clean = text.trim().replace(/\s+/g, ' ');
  const cached = await findModelVoiceByText(deps.db, clean);
  if (cached) return modelVoicePath(cached.id);
  try {
    const audio = await deps.scoringEngine.renderModelVoice(clean);
    const blobKey = `model-voices/${createHash('sha256').update(clean).digest('hex').slice(0, 32)}.${audio.mimeType === 'audio/mpeg' ? 'mp3' : 'wav'}`;
    await deps.blobStore.put(blobKey, audio.data, { contentType: audio.mimeType });
    const row = await insertModelVoice(deps.db, { text: clean, blobKey, mimeType: audio.mimeType, at: deps.clock.now() });
    return modelVoicePath(row.id);
  } catch (err) {
    deps.log.warn({ err, text: clean }, 'model voice could not be rendered');
    return null;
  }
}

export async function openModelVoice(deps: { db: Db; blobStore: BlobStore }, options: { id: number }): Promise<{ stream: Readable; contentType: string; sizeBytes: number }> {
  const row = await findModelVoice(deps.db, options.id);
  const blob = row ? await deps.blobStore.get(row.blobKey) : null;
  if (!row || !blob) throw new AppError('not_found');
  return { stream: blob.stream, contentType: row.mimeType, sizeBytes: blob.sizeBytes };
}

// ---------------------------------------------------------------- wire shapes

/** spec §3 AI result and §9: phone scores on a 0–3 scale (the engine's 0–100 × 3 / 100). */
export function toThreeScale(score: number): number {
  return Math.round((score * 30) / 100) / 10;
}

/** spec §9 phone score colours: at most 1.5 red, above 1.5 up to 2 orange, above 2 green. */
export function phoneColor(scoreOf3: number): 'red' | 'orange' | 'green' {
  if (scoreOf3 <= 1.5) return 'red';
  if (scoreOf3 <= 2) return 'orange';
  return 'green';
}

function wordsOnWire(words: WordAssessment[]) {
  return words.map((w) => ({
    text: w.text,
    start_ms: w.startMs,
    end_ms: w.endMs,
    accuracy: w.accuracy,
    stress_ok: w.stress ? w.stress.isCorrect : null,
    phones: w.phones.map((p) => ({
      phone: p.arpabet,
      ipa: p.ipa,
      score: p.score,
      start_ms: p.startMs,
      end_ms: p.endMs,
      heard: p.heard?.arpabet ?? null,
      heard_ipa: p.heard?.ipa ?? null,
    })),
  }));
}

type AiSmartCoachData = z.infer<typeof AiSmartCoachDataSchema>;

/**
 * The recognising-tools result (spec §3 AI result, §7 Meaning of the answers): 200 with the
 * engine's scores, or 201 when the engine's quality check asks for a retake (too quiet, too short,
 * off script…) with its reason in `error_message`, and no scores at all rather than made-up ones.
 */
export function toAiSmartCoach(result: Assessment, recordingId: number, adviceLink: string | null): { status: 200 | 201; data: AiSmartCoachData } {
  const advice_voice = { has_voice: adviceLink !== null, link: adviceLink };
  if (result.status === 'retake') {
    return {
      status: 201,
      data: {
        alignment_info: [],
        letter_based: [],
        custom_result: [],
        advice_voice,
        score: 0,
        words: [],
        recording_id: recordingId,
        error_message: result.quality.message ?? 'Something went wrong, please record again',
      },
    };
  }
  const u = result.utterance;
  const improvement = result.advice.length
    ? result.advice.map((a) => `${a.arpabet} /${a.ipa}/ in ${a.words.map((w) => `“${w}”`).join(', ')} (${a.score}/100): ${a.tip}`).join('\n')
    : `Every sound scored ${Math.min(...result.words.flatMap((w) => w.phones.map((p) => p.score)))} or more: keep practising at this level.`;
  return {
    status: 200,
    data: {
      alignment_info: result.words.flatMap((w) => w.phones.map((p) => ({ phone: p.arpabet, score: toThreeScale(p.score) }))),
      letter_based: result.words.flatMap((w) =>
        w.letters.map((l) => {
          const score = toThreeScale(l.score);
          return { letter: l.letters, score, color: phoneColor(score) };
        }),
      ),
      custom_result: [
        { custom_title: 'Improvement advice', custom_value: improvement },
        // docs/decisions/009: Nativeness is the mean of accuracy, fluency and prosody.
        { custom_title: 'Nativeness', custom_value: `${Math.round((u.accuracy + u.fluency + u.prosody) / 3)}%` },
      ],
      advice_voice,
      score: u.total,
      words: wordsOnWire(result.words),
      recording_id: recordingId,
    },
  };
}

type FluencyData = z.infer<typeof FluencyDataSchema>;

/** A pause this long between words is called out (spec issue 4: 648 "long pauses"). */
export const LONG_PAUSE_MS = 700;
/** A word scored below this is reported as missing or unclear. */
export const MISSING_WORD_BELOW = 40;

/** Vowel-centred syllables of a scored word: consonants before a vowel join it, trailing ones the last. */
function syllablesOf(word: WordAssessment) {
  const VOWEL = /^(AA|AE|AH|AO|AW|AY|EH|ER|EY|IH|IY|OW|OY|UH|UW)$/;
  const groups: WordAssessment['phones'][] = [];
  let current: WordAssessment['phones'] = [];
  for (const p of word.phones) {
    current.push(p);
    if (VOWEL.test(p.arpabet)) {
      groups.push(current);
      current = [];
    }
  }
  if (current.length) {
    const last = groups[groups.length - 1];
    if (last) last.push(...current);
    else groups.push(current);
  }
  return groups.map((phones) => ({
    syllable: phones.map((p) => p.ipa).join(''),
    word: word.text,
    score: Math.min(...phones.map((p) => p.score)),
    stress_ok: word.stress ? word.stress.isCorrect : null,
  }));
}

/** The fluency result (spec §3 Fluency result, §7): 653 evaluated, 648 evaluated with warnings. */
export function toFluency(result: Assessment & { status: 'scored' }, recordingId: number, voiceUrls: { word: string; url: string }[]): FluencyData {
  const u = result.utterance;
  const warnings: string[] = [];
  result.words.forEach((w, i) => {
    const previous = result.words[i - 1];
    if (previous && w.startMs - previous.endMs >= LONG_PAUSE_MS) {
      warnings.push(`Long pause (${((w.startMs - previous.endMs) / 1000).toFixed(1)} s) before “${w.text}”.`);
    }
  });
  const missing = result.words.filter((w) => w.accuracy < MISSING_WORD_BELOW).map((w) => `“${w.text}”`);
  if (missing.length) warnings.push(`Some words were missing or unclear: ${missing.join(', ')}.`);
  if (u.completeness < 90 && !missing.length) warnings.push(`Part of the text seems to be missing (${u.completeness}% said).`);
  return {
    status: warnings.length ? 648 : 653,
    widgets: [
      {
        widget_data: {
          words: result.words.map((w) => ({ word: w.text, score: w.accuracy })),
          speech_rate_wpm: u.speechRateWpm,
          pause_count: u.pauseCount,
          pause_ms: u.pauseMs,
          fluency: u.fluency,
          prosody: u.prosody,
          accuracy: u.accuracy,
          completeness: u.completeness,
        },
      },
    ],
    score: [{ score: u.total }],
    voice_urls: voiceUrls,
    analysis: {
      syllable_score_list: result.words.flatMap(syllablesOf),
      phone_score_list: result.words.flatMap((w) => w.phones.map((p) => ({ phone: p.arpabet, ipa: p.ipa, word: w.text, score: p.score }))),
    },
    warnings,
    recording_id: recordingId,
  };
}

// ---------------------------------------------------------------- the AI calls

/** POST /v3/ai-smart-coach: store, then score the word phone by phone (recognising tools). */
export async function coachRecognisingTool(
  deps: ScoringDeps,
  options: { userId: number; moduleCode: string; text: string; recording: CheckedRecording },
): Promise<{ status: 200 | 201; data: AiSmartCoachData }> {
  const module = await loadUnlockedModule(deps, { userId: options.userId, moduleCode: options.moduleCode });
  const lesson = matchLessonByText(await listModuleLessons(deps, module.id), options.text, (l) => l.guidedLessonType === 'recognising_tools');
  const recording = await storeRecording(deps, {
    userId: options.userId,
    moduleId: module.id,
    lessonId: lesson?.id ?? null,
    kind: 'recognising_tool',
    text: options.text,
    recording: options.recording,
  });
  const result = await assessStoredRecording(deps, { recording, audio: { path: options.recording.path }, kind: 'pronunciation' });
  // The model says the word of the weakest sound, or the whole prompt when nothing was weak.
  const adviceText = result.status === 'scored' ? (result.advice[0]?.words[0] ?? options.text) : options.text;
  return toAiSmartCoach(result, recording.id, await getModelVoiceUrl(deps, adviceText));
}

/** POST /fluency-evaluation: store, then evaluate the sentence word by word. */
export async function evaluateFluency(
  deps: ScoringDeps,
  options: { userId: number; moduleId: number; moduleCode: string; text: string; recording: CheckedRecording },
): Promise<FluencyData> {
  const module = await loadUnlockedModule(deps, { userId: options.userId, moduleId: options.moduleId });
  if (module.code !== options.moduleCode) throw new AppError('validation', { message: 'module_code does not match module_id.', errors: { module_code: 'does not match module_id' } });
  const lesson = matchLessonByText(await listModuleLessons(deps, module.id), options.text, (l) => l.lessonType === 'fluencyActivity');
  const recording = await storeRecording(deps, {
    userId: options.userId,
    moduleId: module.id,
    lessonId: lesson?.id ?? null,
    kind: 'fluency',
    text: options.text,
    recording: options.recording,
  });
  const result = await assessStoredRecording(deps, { recording, audio: { path: options.recording.path }, kind: 'fluency' });
  if (result.status === 'retake') {
    // Only 653 and 648 are results (§7); the client shows this message in its error dialog (§8).
    throw new AppError('validation', { message: result.quality.message ?? 'Something went wrong, please record again', errors: { recorded_file: result.quality.verdict } });
  }
  const voiceUrls: { word: string; url: string }[] = [];
  const sentence = await getModelVoiceUrl(deps, options.text);
  if (sentence) voiceUrls.push({ word: options.text, url: sentence });
  for (const w of result.words.filter((w) => w.accuracy < 70)) {
    const url = await getModelVoiceUrl(deps, w.text);
    if (url) voiceUrls.push({ word: w.text, url });
  }
  return toFluency(result, recording.id, voiceUrls);
}

/** POST /module/upload-final-record: store, then score against the item's text. */
export async function submitFinalRecording(
  deps: ScoringDeps,
  options: { userId: number; moduleId: number; lessonId: number; recording: CheckedRecording },
) {
  const { lesson } = await loadLessonForLearner(deps, { userId: options.userId, lessonId: options.lessonId, moduleId: options.moduleId });
  if (lesson.lessonType !== 'finalAssignment') throw new AppError('validation', { message: 'This lesson is not a final-assessment item.', errors: { assessment_id: 'not a final-assessment item' } });
  const recording = await storeRecording(deps, {
    userId: options.userId,
    moduleId: lesson.moduleId,
    lessonId: lesson.id,
    kind: 'final',
    text: lesson.text,
    recording: options.recording,
  });
  const result = await assessStoredRecording(deps, { recording, audio: { path: options.recording.path }, kind: 'pronunciation' });
  const aiScores =
    result.status === 'scored'
      ? {
          score: result.utterance.total,
          accuracy: result.utterance.accuracy,
          fluency: result.utterance.fluency,
          prosody: result.utterance.prosody,
          completeness: result.utterance.completeness,
          quality: result.quality.verdict,
        }
      : null;
  return { recording, aiScores, message: result.status === 'scored' ? 'Recording saved and scored.' : (result.quality.message ?? 'Please record again.') };
}
