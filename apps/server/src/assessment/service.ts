import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AssessmentResult } from '@clearspeak/contract';
import {
  ASSESSMENT_LANGUAGES,
  assessmentWordImageKey,
  introVideoKey,
  listAssessmentWords,
  loadCourse,
  modelAudioKey,
  type AssessmentItem,
} from '@clearspeak/content';
import {
  ARTICULATION_TIPS,
  QueueFullError,
  type Assessment,
  type Phone,
  type WordAssessment,
} from '@clearspeak/speech';
import type { BlobStore } from '../lib/blob-store.ts';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import { mediaUrl } from '../media/urls.ts';
import { listModules } from '../modules/repo.ts';
import { listModulesForLearner } from '../modules/service.ts';
import { findLatestNotification, notifyUser } from '../notifications/service.ts';
import { storeUploadedAudio } from '../recordings/store.ts';
import type { CheckedRecording } from '../recordings/upload.ts';
import { getModelVoiceUrl, type ScoringDeps } from '../scoring/service.ts';
import { saveNativeLanguage } from '../users/service.ts';
import {
  claimVisitor,
  deleteVisitors,
  findLatestUserResult,
  findLatestVisitorResult,
  findOwnedRecords,
  findResultForRecords,
  findVariable,
  findVisitor,
  findVisitorNativeLanguage,
  hasStudyPlan,
  insertAssessmentRecord,
  insertAssessmentResult,
  insertVisitor,
  listStaleVisitors,
  listStudyPlan,
  moveVisitorData,
  replaceStudyPlan,
  updateRecordScore,
  type AssessmentOwner,
  type AssessmentRecordRow,
} from './repo.ts';
import type { SoundWeight } from './tables.ts';

// spec: accounts-assessment-plans §2 Fluency assessment, §3, §4, §6, §7 Assessment, §8, §9;
// learning-experience §3 (Initial assessment status, Assessment result), §7; issue 6.

/** A sound scoring below this failed (the engine's own advice threshold). */
export const WEAK_BELOW = 70;
/** Anonymous data never claimed is deleted after this (issue 6). */
export const ANONYMOUS_TTL_MS = 30 * 24 * 3600_000;
const MESSAGES = {
  unknownVisitor: 'We could not find your assessment. Please start the assessment again.',
  notRetrieved: 'We could not retrieve your message',
  noResult: 'You have not taken the fluency assessment yet.',
  anonymousDone:
    'You have finished the fluency assessment. Create your account to see your results.',
  nothingScored: 'Something went wrong, please record again',
};

type DbClock = { db: Db; clock: Clock };

// ---------------------------------------------------------------- items, visitors, variables

function items(): AssessmentItem[] {
  return loadCourse().assessment.items;
}

let assessmentWords: Set<string> | undefined;

/** The word card of an assessment word (content/src/media/word-cards.ts), built at build:media. */
export function wordImageUrl(word: string): string | null {
  assessmentWords ??= new Set(listAssessmentWords(items()));
  const lower = word.toLowerCase();
  return assessmentWords.has(lower) ? mediaUrl(assessmentWordImageKey(lower)) : null;
}

/** GET /initial-assessments and /v2/initial-assessments: the content's items and waiting tips. */
export function listAssessmentItems() {
  const { assessment } = loadCourse();
  return {
    initial_assessments: assessment.items.map((i) => ({
      id: i.id,
      title: i.text,
      kind: i.kind,
      sounds: i.sounds,
      audio_url: mediaUrl(modelAudioKey(i.text)),
    })),
    tips: assessment.waitingTips,
  };
}

export async function createAnonymousVisitor(deps: DbClock): Promise<string> {
  const id = randomUUID();
  await insertVisitor(deps.db, { id, createdAt: deps.clock.now() });
  return id;
}

/** An anonymous id may act only while it exists and no account has claimed it (accounts §6). */
export async function requireOpenVisitor(deps: { db: Db }, anonymousId: string): Promise<void> {
  const visitor = await findVisitor(deps.db, anonymousId);
  if (!visitor || visitor.claimedByUserId !== null)
    throw new AppError('not_found', { message: MESSAGES.unknownVisitor });
}

/** accounts §2: `{language}-asmtvideo`; even → the English intro video, odd → the native-language one. */
export async function getVariable(
  deps: { db: Db },
  key: string,
): Promise<{ key: string; value: number; video_url: string | null }> {
  const row = await findVariable(deps.db, key);
  if (!row) throw new AppError('not_found');
  const match = /^(.+)-asmtvideo$/.exec(row.key);
  if (!match) return { key: row.key, value: row.value, video_url: null };
  const language = match[1] as string;
  const hasNative = (ASSESSMENT_LANGUAGES as readonly string[]).includes(language);
  const videoLanguage = row.value % 2 === 1 && hasNative ? language : 'english';
  return { key: row.key, value: row.value, video_url: mediaUrl(introVideoKey(videoLanguage)) };
}

// ---------------------------------------------------------------- uploads

/**
 * Stores one assessment recording (blob first, then the row; DESIGN "Nothing is lost"): it is
 * scored later with the others by `scoreAssessment`. The text scored is the content's item text.
 */
export async function storeAssessmentRecord(
  deps: DbClock & { blobStore: BlobStore },
  options: {
    owner: AssessmentOwner;
    itemId: number;
    nativeLanguage: string | undefined;
    recording: CheckedRecording;
  },
): Promise<AssessmentRecordRow> {
  const item = items().find((i) => i.id === options.itemId);
  if (!item) throw fieldError('initial_assessment_id', 'This assessment item does not exist.');
  if ('anonymousId' in options.owner) await requireOpenVisitor(deps, options.owner.anonymousId);
  const { recording, owner } = options;
  const folder = 'userId' in owner ? `user-${owner.userId}` : `anonymous-${owner.anonymousId}`;
  const row = await storeUploadedAudio(
    deps,
    { folder: `assessment/${folder}`, recording },
    (audio) =>
      insertAssessmentRecord(deps.db, {
        userId: 'userId' in owner ? owner.userId : null,
        anonymousId: 'anonymousId' in owner ? owner.anonymousId : null,
        itemId: item.id,
        text: item.text,
        nativeLanguage: options.nativeLanguage ?? null,
        ...audio,
      }),
  );
  // The language a signed-in learner just chose is their profile's from now on; a visitor's
  // choice waits for the claim at sign-up (claimAnonymousData).
  if ('userId' in owner)
    await saveNativeLanguage(deps, {
      userId: owner.userId,
      language: options.nativeLanguage,
      onlyIfEmpty: false,
    });
  return row;
}

// ---------------------------------------------------------------- scoring and the result

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function scoreRecord(deps: ScoringDeps, record: AssessmentRecordRow): Promise<Assessment> {
  // The engine is deterministic: a verdict already stored is reused, not paid for twice.
  if ((record.status === 'scored' || record.status === 'retake') && record.engineResult)
    return record.engineResult as Assessment;
  const blob = await deps.blobStore.get(record.blobKey);
  if (!blob) throw new AppError('not_found', { message: MESSAGES.notRetrieved });
  let result: Assessment;
  try {
    result = await deps.scoringEngine.assess({
      audio: await readAll(blob.stream),
      text: record.text,
    });
  } catch (err) {
    // The recording stays stored (status failed): the same call can be retried.
    await updateRecordScore(deps.db, {
      id: record.id,
      status: 'failed',
      score: null,
      engineResult: null,
    });
    if (err instanceof QueueFullError) throw err;
    deps.log.error({ err, assessmentRecordId: record.id }, 'assessment scoring failed');
    throw new AppError('scoring_failed');
  }
  await updateRecordScore(deps.db, {
    id: record.id,
    status: result.status,
    score: result.status === 'scored' ? result.utterance.total : null,
    engineResult: result,
  });
  return result;
}

/**
 * Runs `fn` over `items`, at most `limit` at a time, keeping the order. One assessment (up to 16
 * recordings) then holds no more queue places than the pool has decoders, so two learners
 * finishing together do not fill the engine's bounded queue (503) between them.
 */
async function mapWithConcurrency<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** ARPAbet without stress digits (content lists "AH0"; the engine scores "AH"). */
function baseSound(sound: string): string {
  return sound.replace(/\d$/, '');
}

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z']/g, '');

/** How often and how badly each sound failed across the scored items. */
export function weighSounds(words: WordAssessment[]): SoundWeight[] {
  const bySound = new Map<string, SoundWeight & { sum: number }>();
  for (const w of words) {
    for (const p of w.phones) {
      const s = bySound.get(p.arpabet) ?? {
        phone: p.arpabet,
        ipa: p.ipa,
        failures: 0,
        occurrences: 0,
        lowestScore: 100,
        meanScore: 0,
        weight: 0,
        sum: 0,
      };
      s.occurrences += 1;
      s.sum += p.score;
      s.lowestScore = Math.min(s.lowestScore, p.score);
      if (p.score < WEAK_BELOW) {
        s.failures += 1;
        s.weight += WEAK_BELOW - p.score;
      }
      bySound.set(p.arpabet, s);
    }
  }
  return [...bySound.values()]
    .map(({ sum, ...s }) => ({ ...s, meanScore: Math.round(sum / s.occurrences) }))
    .sort((a, b) => b.weight - a.weight || a.lowestScore - b.lowestScore);
}

type ScoredItem = {
  record: AssessmentRecordRow;
  item: AssessmentItem | undefined;
  result: Assessment;
};

async function buildResult(
  deps: ScoringDeps,
  scored: ScoredItem[],
  weights: SoundWeight[],
): Promise<{ overall: number; build: (id: number, createdAt: Date) => AssessmentResult }> {
  const ok = scored.filter(
    (s): s is ScoredItem & { result: Assessment & { status: 'scored' } } =>
      s.result.status === 'scored',
  );
  const overall = Math.round(ok.reduce((sum, s) => sum + s.result.utterance.total, 0) / ok.length);
  const allWords = ok.flatMap((s) => s.result.words.map((w) => ({ w, s })));

  // Model voices for the weakest words (voice_tips), rendered once and cached by the scoring domain.
  const weakWords = allWords
    .filter(({ w }) => w.accuracy < WEAK_BELOW)
    .sort((a, b) => a.w.accuracy - b.w.accuracy);
  const voiceOf = new Map<string, string | null>();
  for (const { w } of weakWords) {
    const key = normalise(w.text);
    if (!voiceOf.has(key)) voiceOf.set(key, await getModelVoiceUrl(deps, w.text));
  }
  const wordVoice = (w: WordAssessment, item: AssessmentItem | undefined): string | null => {
    // A one-word item has its model pronunciation in the course media.
    if (item && item.kind === 'word' && normalise(item.text) === normalise(w.text))
      return mediaUrl(modelAudioKey(item.text));
    return voiceOf.get(normalise(w.text)) ?? null;
  };
  const wireWord = (w: WordAssessment, item: AssessmentItem | undefined) => ({
    word: w.text,
    score: w.accuracy,
    image_url: wordImageUrl(w.text),
    voice_url: wordVoice(w, item),
    weak_sounds: w.phones
      .filter((p) => p.score < WEAK_BELOW)
      .map((p) => ({ phone: p.arpabet, ipa: p.ipa, score: p.score })),
  });

  const failing = weights.filter((s) => s.failures > 0);
  const focus = failing.slice(0, 3);
  const strengths = weights
    .filter((s) => s.failures === 0 && s.occurrences >= 2)
    .sort((a, b) => b.meanScore - a.meanScore)
    .slice(0, 3)
    .map((s) => {
      const example = allWords.find(({ w }) => w.phones.some((p) => p.arpabet === s.phone))?.w.text;
      return example ? `${s.phone} /${s.ipa}/ as in “${example}”` : `${s.phone} /${s.ipa}/`;
    });
  const unjudged = scored.length - ok.length;
  const summary = [
    `Your overall score is ${overall} out of 100 across ${ok.length} recording${ok.length === 1 ? '' : 's'}.`,
    strengths.length ? `You already say ${strengths.join(', ')} clearly.` : '',
    focus.length
      ? `Work first on ${focus.map((f) => `${f.phone} /${f.ipa}/`).join(', ')}: your study plan starts there.`
      : 'Every sound scored well: keep practising to stay sharp.',
    unjudged
      ? `${unjudged} recording${unjudged === 1 ? '' : 's'} could not be judged and ${unjudged === 1 ? 'is' : 'are'} left out.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');

  // The content's tip of an item that tests a focus sound and where that sound failed.
  const textTips: string[] = [];
  for (const f of focus) {
    const failedIn = ok.find(
      (s) =>
        s.item &&
        s.item.sounds.some((snd) => baseSound(snd) === f.phone) &&
        s.result.words.some((w) =>
          w.phones.some((p) => p.arpabet === f.phone && p.score < WEAK_BELOW),
        ),
    );
    const tip = failedIn?.item?.tip;
    if (tip && !textTips.includes(tip)) textTips.push(tip);
  }
  const voiceTips: { text: string; voice_url: string }[] = [];
  for (const { w } of weakWords) {
    const url = voiceOf.get(normalise(w.text));
    if (url && !voiceTips.some((v) => normalise(v.text) === normalise(w.text)))
      voiceTips.push({ text: w.text, voice_url: url });
    if (voiceTips.length === 3) break;
  }
  const seen = new Set<string>();
  const words = weakWords
    .filter(({ w }) => {
      const key = normalise(w.text);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(({ w, s }) => wireWord(w, s.item));

  return {
    overall,
    build: (id, createdAt) => ({
      assessment_id: id,
      overall_score: overall,
      summary,
      strengths,
      focus_sounds: focus.map((f) => ({
        phone: f.phone,
        ipa: f.ipa,
        score: f.lowestScore,
        tip: ARTICULATION_TIPS[f.phone as Phone] ?? '',
      })),
      items: scored.map((s) => ({
        initial_assessment_id: s.record.itemId,
        text: s.record.text,
        score: s.result.status === 'scored' ? s.result.utterance.total : null,
        retake_reason:
          s.result.status === 'scored'
            ? null
            : (s.result.quality.message ?? MESSAGES.nothingScored),
        words: s.result.words.map((w) => wireWord(w, s.item)),
      })),
      words,
      text_tips: textTips,
      voice_tips: voiceTips,
      created_at: createdAt.toISOString(),
    }),
  };
}

/**
 * The study plan (issue 6): every module whose sounds include a failed sound. A module is as urgent
 * as the weakest sound it trains; each further weak sound it trains adds half as much as the one
 * before, so a module listing many sounds does not outrank the one for the learner's worst sound.
 */
export async function buildStudyPlan(
  deps: DbClock,
  options: { userId: number; assessmentId: number; weights: SoundWeight[] },
): Promise<void> {
  const weightOf = new Map(
    options.weights.filter((w) => w.failures > 0).map((w) => [w.phone, w.weight]),
  );
  const modules = await listModules(deps.db);
  const plan = modules
    .map((m) => {
      const sounds = [...new Set(m.sounds.map(baseSound))]
        .filter((s) => weightOf.has(s))
        .sort((a, b) => (weightOf.get(b) ?? 0) - (weightOf.get(a) ?? 0));
      const priority = sounds.reduce((sum, s, i) => sum + (weightOf.get(s) ?? 0) / 2 ** i, 0);
      return { moduleId: m.id, priority: Math.round(priority * 10) / 10, sounds };
    })
    .filter((m) => m.priority > 0);
  await replaceStudyPlan(deps.db, {
    userId: options.userId,
    assessmentId: options.assessmentId,
    modules: plan,
    at: deps.clock.now(),
  });
}

async function notifyResult(
  deps: DbClock,
  options: { userId: number; assessmentId: number; overall: number },
): Promise<void> {
  const plan = await getStudyPlan(deps, { userId: options.userId });
  const first = plan[0];
  await notifyUser(deps, {
    userId: options.userId,
    type: 'initial-assessment-ai-feedback',
    objectId: options.assessmentId,
    header: 'AI Feedback',
    title: 'Your fluency assessment results are ready',
    subtitle: first
      ? `You scored ${options.overall}/100. Your study plan starts with ${first.title}.`
      : `You scored ${options.overall}/100.`,
    icon: first?.icon_url ?? null,
  });
}

/**
 * POST /upload-ai-server and /v2/upload-ai-server: scores the owner's stored recordings with the
 * engine, stores the result; for a learner also the study plan and the notification.
 */
export async function scoreAssessment(
  deps: ScoringDeps,
  options: { owner: AssessmentOwner; recordIds: number[] },
): Promise<{ result: AssessmentResult }> {
  if ('anonymousId' in options.owner) await requireOpenVisitor(deps, options.owner.anonymousId);
  const ids = [...new Set(options.recordIds)];
  const records = await findOwnedRecords(deps.db, options.owner, ids);
  // Someone else's record (or a made-up id) is "not found", with no hint that it exists.
  if (records.length !== ids.length)
    throw new AppError('not_found', { message: MESSAGES.notRetrieved });
  const ordered = ids.map((id) => records.find((r) => r.id === id) as AssessmentRecordRow);
  // A repeat with the same recordings (a client retry) answers the stored result: no second
  // result, plan or notification.
  const recordKey = [...ids].sort((a, b) => a - b).join(',');
  const earlier = await findResultForRecords(deps.db, options.owner, recordKey);
  if (earlier) return { result: earlier.result as AssessmentResult };
  const results = await mapWithConcurrency(
    ordered,
    Math.max(1, deps.scoringEngine.stats().size),
    (record) => scoreRecord(deps, record),
  );
  const scored: ScoredItem[] = ordered.map((record, i) => ({
    record,
    item: items().find((it) => it.id === record.itemId),
    result: results[i] as Assessment,
  }));
  const okWords = scored.flatMap((s) => (s.result.status === 'scored' ? s.result.words : []));
  if (!scored.some((s) => s.result.status === 'scored')) {
    const reason = scored.find((s) => s.result.quality.message)?.result.quality.message;
    throw new AppError('validation', {
      message: reason ?? MESSAGES.nothingScored,
      errors: { assessment_record_ids: 'no recording could be judged' },
    });
  }
  const weights = weighSounds(okWords);
  const { overall, build } = await buildResult(deps, scored, weights);
  const createdAt = deps.clock.now();
  const row = await insertAssessmentResult(deps.db, {
    owner: options.owner,
    recordIds: recordKey,
    soundWeights: weights,
    overallScore: overall,
    createdAt,
    build: (id) => build(id, createdAt),
  });
  if ('userId' in options.owner) {
    await buildStudyPlan(deps, { userId: options.owner.userId, assessmentId: row.id, weights });
    await notifyResult(deps, { userId: options.owner.userId, assessmentId: row.id, overall });
  }
  return { result: row.result as AssessmentResult };
}

export const ANONYMOUS_DONE_MESSAGE = MESSAGES.anonymousDone;

// ---------------------------------------------------------------- learner reads

export async function getLatestResult(
  deps: { db: Db },
  options: { userId: number },
): Promise<AssessmentResult> {
  const row = await findLatestUserResult(deps.db, options.userId);
  if (!row) throw new AppError('not_found', { message: MESSAGES.noResult });
  return row.result as AssessmentResult;
}

export async function getAssessmentStatus(deps: { db: Db }, options: { userId: number }) {
  const [result, planned, notification] = await Promise.all([
    findLatestUserResult(deps.db, options.userId),
    hasStudyPlan(deps.db, options.userId),
    findLatestNotification(deps, {
      userId: options.userId,
      type: 'initial-assessment-ai-feedback',
    }),
  ]);
  return {
    is_user_completed: result !== undefined,
    is_recommended_module_avilable: planned,
    notification_id: notification?.id ?? null,
  };
}

/** learning §7: the plan's modules, sorted by user_progress ascending, then priority descending. */
export async function getStudyPlan(deps: { db: Db }, options: { userId: number }) {
  const [plan, list] = await Promise.all([
    listStudyPlan(deps.db, options.userId),
    listModulesForLearner(deps, { userId: options.userId }),
  ]);
  const cards = new Map(
    [...list.introModules, ...list.othModules.flatMap((g) => g.modules)].map((c) => [c.id, c]),
  );
  return plan
    .flatMap((p) => {
      const card = cards.get(p.moduleId);
      if (!card) return [];
      return [
        {
          id: card.id,
          title: card.title,
          sub_title: card.sub_title,
          icon_url: card.icon_url,
          user_progress: card.user_progress,
          score: card.score,
          is_unlocked: card.is_unlocked,
          priority: p.priority,
          sounds: p.sounds,
        },
      ];
    })
    .sort((a, b) => a.user_progress - b.user_progress || b.priority - a.priority || a.id - b.id);
}

// ---------------------------------------------------------------- carry-over and clean-up

/**
 * Moves an anonymous visitor's recordings and result to the account that signed up with its id
 * (issue 6), then builds the plan and the notification from that result. An id already claimed,
 * or unknown, moves nothing: an anonymous id never gives access to someone else's data.
 */
export async function claimAnonymousData(
  deps: DbClock,
  options: { anonymousId: string; userId: number },
): Promise<boolean> {
  const claimed = await deps.db.transaction().execute(async (trx) => {
    if (
      !(await claimVisitor(trx, {
        id: options.anonymousId,
        userId: options.userId,
        at: deps.clock.now(),
      }))
    )
      return false;
    await moveVisitorData(trx, { anonymousId: options.anonymousId, userId: options.userId });
    return true;
  });
  if (!claimed) return false;
  // The language chosen in the assessment fills the profile, never replaces what the account has.
  await saveNativeLanguage(deps, {
    userId: options.userId,
    language: await findVisitorNativeLanguage(deps.db, options.anonymousId),
    onlyIfEmpty: true,
  });
  const result = await findLatestVisitorResult(deps.db, options.anonymousId);
  if (result) {
    // The plan follows the account's newest result (a learner may have taken it signed in since).
    const latest = (await findLatestUserResult(deps.db, options.userId)) ?? result;
    await buildStudyPlan(deps, {
      userId: options.userId,
      assessmentId: latest.id,
      weights: latest.soundWeights,
    });
    await notifyResult(deps, {
      userId: options.userId,
      assessmentId: result.id,
      overall: result.overallScore,
    });
  }
  return true;
}

/** Deletes anonymous visitors never claimed within 30 days, their blobs first (hourly housekeeping). */
export async function cleanUpAnonymousData(
  deps: DbClock & { blobStore: BlobStore },
): Promise<number> {
  const stale = await listStaleVisitors(
    deps.db,
    new Date(deps.clock.now().getTime() - ANONYMOUS_TTL_MS),
  );
  for (const visitor of stale) for (const key of visitor.blobKeys) await deps.blobStore.delete(key);
  await deleteVisitors(
    deps.db,
    stale.map((v) => v.id),
  );
  return stale.length;
}
