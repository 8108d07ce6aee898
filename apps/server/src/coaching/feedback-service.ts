import {
  FEEDBACK_FACTOR_NAMES,
  FEEDBACK_FACTORS,
  FEEDBACK_MESSAGES,
  feedbackItemAudioPath,
  recordingAudioPath,
  ROLE,
  type FactorScores,
  type FeedbackStatus,
  type HumanCoachFeedback,
  type ModuleFeedbackAll,
} from '@clearspeak/contract';
import { coachPhotoKey, coachReplyAudioKey, SampleFeedbackSchema } from '@clearspeak/content';
import type { Readable } from 'node:stream';
import type { BlobStore } from '../lib/blob-store.ts';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { mediaUrl } from '../media/urls.ts';
import { listLessons, type LessonRow, type ModuleRow } from '../modules/repo.ts';
import { loadUnlockedModule } from '../modules/service.ts';
import { consumeOnceIn, creditBalance, findCurrentCreditSubscription, lockUser } from './repo.ts';
import { isCreditEnabled } from './service.ts';
import {
  clearModuleFinal,
  findAssessmentFeedback,
  findFeedbackOfRequest,
  findLiveAssessmentRequest,
  findLiveModuleRequest,
  findOwnAssessmentResult,
  findOwnItemAudio,
  findReplyAudioAccess,
  findSampleFeedbackJson,
  insertRequestWithItems,
  listFeedbackItems,
  listLatestRecordingsByLesson,
  listModuleCompletions,
  listOwnAssessmentRecords,
  type AnsweredFeedback,
  type LiveRequestRow,
  type NewRequestItem,
} from './feedback-repo.ts';

// The learner side of coaching (issue 5; spec: learning §2 Module feedback, §4 Feedback lesson
// states, Final assessment, Practice Again; docs/decisions/011-coaching-requests.md).

type Deps = { db: Db; clock: Clock };

/** Practice Again's answer (learning §4). */
export const PRACTICE_AGAIN_MESSAGE = 'Your final assessment is cleared. Practise again!';
const NO_FEEDBACK_MESSAGE = 'There is no coach feedback for this module yet.';
const STILL_PREPARING_MESSAGE = 'Your coach is still preparing your feedback. You can practise again once it is ready.';

/** `/api/coach-replies/:id/audio` (contract getCoachReplyAudio; bearer token). */
export function coachReplyAudioUrl(replyAudioId: number): string {
  return `/api/coach-replies/${replyAudioId}/audio`;
}

/** A user's avatar (users/service.ts serves photos under /api/media). */
function userPhotoUrl(photoKey: string | null): string | null {
  return photoKey ? `/api/media/${photoKey}` : null;
}

function scoreRows(scores: FactorScores): { factor_name: string; score: number }[] {
  return FEEDBACK_FACTORS.map((f) => ({ factor_name: FEEDBACK_FACTOR_NAMES[f], score: scores[f] }));
}

// ---------------------------------------------------------------- plan and module state

interface CoachingPlan {
  isWithFeedback: boolean;
  /** Credit limits requests only for with_feedback subscriptions created after 2022-05-06 (accounts §4). */
  isCreditLimited: boolean;
  subscriptionId: number | null;
}

async function coachingPlanOf(db: Db, userId: number): Promise<CoachingPlan> {
  const sub = await findCurrentCreditSubscription(db, userId);
  return { isWithFeedback: sub?.planType === 'with_feedback', isCreditLimited: sub !== undefined && isCreditEnabled(sub), subscriptionId: sub?.id ?? null };
}

const isFinal = (l: LessonRow) => l.lessonType === 'finalAssignment';

interface ModuleFinalState {
  lessons: LessonRow[];
  finalLessons: LessonRow[];
  completions: Map<number, Date>;
  latestFinal: Map<number, { id: number; createdAt: Date }>;
  allLessonsComplete: boolean;
  /**
   * Every final item completed and recorded. Completions count too: Practice Again removes them
   * and keeps the recordings, and the final must then be taken again.
   */
  finalComplete: boolean;
}

async function loadModuleFinal(db: Db, userId: number, moduleId: number): Promise<ModuleFinalState> {
  const [lessons, completions, latestFinal] = await Promise.all([
    listLessons(db, moduleId),
    listModuleCompletions(db, userId, moduleId),
    listLatestRecordingsByLesson(db, { userId, moduleId, kind: 'final' }),
  ]);
  const finalLessons = lessons.filter(isFinal);
  return {
    lessons,
    finalLessons,
    completions,
    latestFinal,
    allLessonsComplete: lessons.length > 0 && lessons.every((l) => completions.has(l.id)),
    finalComplete: finalLessons.length > 0 && finalLessons.every((l) => completions.has(l.id) && latestFinal.has(l.id)),
  };
}

type SampleFeedback = ReturnType<typeof SampleFeedbackSchema.parse>;

async function loadSample(db: Db, module: ModuleRow): Promise<SampleFeedback | null> {
  if (!module.isIntro) return null;
  const parsed = SampleFeedbackSchema.safeParse(await findSampleFeedbackJson(db, module.id));
  return parsed.success ? parsed.data : null;
}

/** What the module's feedback lesson shows: the answered request, the intro sample, or nothing. */
type FeedbackSource =
  | { kind: 'answered'; request: LiveRequestRow; feedback: AnsweredFeedback }
  | { kind: 'sample'; sample: SampleFeedback; state: ModuleFinalState; request: LiveRequestRow | undefined }
  | { kind: 'none'; state: ModuleFinalState; request: LiveRequestRow | undefined };

async function feedbackSourceOf(db: Db, userId: number, module: ModuleRow): Promise<FeedbackSource> {
  const request = await findLiveModuleRequest(db, userId, module.id);
  if (request?.status === 'answered') {
    const feedback = await findFeedbackOfRequest(db, request.id);
    if (feedback) return { kind: 'answered', request, feedback };
  }
  const state = await loadModuleFinal(db, userId, module.id);
  // learning §4: for intro modules, completing all lessons enables the sample feedback.
  if (state.allLessonsComplete) {
    const sample = await loadSample(db, module);
    if (sample) return { kind: 'sample', sample, state, request };
  }
  return { kind: 'none', state, request };
}

// ---------------------------------------------------------------- status

/** POST /module/feedback-status: learning §4 Feedback lesson states (see the contract's FeedbackStatusSchema). */
export async function getFeedbackStatus(deps: Deps, options: { userId: number; moduleId: number }): Promise<FeedbackStatus> {
  const module = await loadUnlockedModule(deps, options);
  const source = await feedbackSourceOf(deps.db, options.userId, module);
  if (source.kind === 'answered') return { state: 'available', is_sample: false, request_id: source.request.id };
  if (source.kind === 'sample') return { state: 'available', is_sample: true, request_id: source.request?.id ?? null };
  const requestId = source.request?.id ?? null;
  if (source.request) return { state: 'preparing', is_sample: false, request_id: requestId };
  const plan = await coachingPlanOf(deps.db, options.userId);
  // An intro module's sample needs no coaching plan: until it unlocks, the final is what is missing.
  if (!plan.isWithFeedback && !module.isIntro) return { state: 'upgrade', is_sample: false, request_id: null };
  if (!source.state.finalComplete || !plan.isWithFeedback) return { state: 'final_incomplete', is_sample: false, request_id: null };
  return { state: 'not_requested', is_sample: false, request_id: null };
}

// ---------------------------------------------------------------- requests

interface RequestOutcome {
  requestId: number;
  remaining: number;
  created: boolean;
}

/**
 * Creates a request with its items and takes one credit keyed `request:<id>`, all in the caller's
 * transaction with the learner's row locked (see repo.lockUser). Legacy with_feedback
 * subscriptions (created on or before 2022-05-06) are not limited by credit and take none.
 */
async function createRequestIn(
  trx: Db,
  options: { userId: number; plan: CoachingPlan; now: Date; request: Omit<Parameters<typeof insertRequestWithItems>[1], 'userId' | 'now'> },
): Promise<RequestOutcome> {
  const { id } = await insertRequestWithItems(trx, { ...options.request, userId: options.userId, now: options.now });
  if (!options.plan.isCreditLimited) return { requestId: id, remaining: await creditBalance(trx, options.userId), created: true };
  const outcome = await consumeOnceIn(trx, {
    userId: options.userId,
    subscriptionId: options.plan.subscriptionId,
    reason: 'feedback_request',
    key: `request:${id}`,
    now: options.now,
  });
  if (outcome.kind === 'no_credit') throw new AppError('coaching_limit');
  return { requestId: id, remaining: outcome.remaining, created: true };
}

async function requirePlanAndCredit(trx: Db, userId: number): Promise<CoachingPlan> {
  const plan = await coachingPlanOf(trx, userId);
  if (!plan.isWithFeedback) throw new AppError('no_coaching');
  if (plan.isCreditLimited && (await creditBalance(trx, userId)) <= 0) throw new AppError('coaching_limit');
  return plan;
}

/**
 * POST /module/request-feedback: sends the module's final recordings to a coach. Idempotent: the
 * module's live request answers itself, without a second credit.
 */
export async function requestModuleFeedback(deps: Deps, options: { userId: number; moduleId: number }): Promise<RequestOutcome> {
  const module = await loadUnlockedModule(deps, options);
  return deps.db.transaction().execute(async (trx) => {
    await lockUser(trx, options.userId);
    const live = await findLiveModuleRequest(trx, options.userId, module.id);
    if (live) return { requestId: live.id, remaining: await creditBalance(trx, options.userId), created: false };
    const plan = await requirePlanAndCredit(trx, options.userId);
    const state = await loadModuleFinal(trx, options.userId, module.id);
    if (!state.finalComplete) {
      throw new AppError('validation', { message: FEEDBACK_MESSAGES.finalIncomplete, errors: { module_id: 'the final assessment is not complete' } });
    }
    const items: NewRequestItem[] = state.finalLessons.map((l) => ({
      recordingId: state.latestFinal.get(l.id)?.id ?? null,
      assessmentRecordId: null,
      title: l.text ?? l.title,
    }));
    return createRequestIn(trx, {
      userId: options.userId,
      plan,
      now: deps.clock.now(),
      request: { kind: 'module', moduleId: module.id, assessmentResultId: null, items },
    });
  });
}

/**
 * POST /initial-assessment/request-coach-feedback: the recordings a fluency-assessment result was
 * built from go to a coach, for one credit (docs/decisions/011). Idempotent like module requests.
 */
export async function requestAssessmentFeedback(deps: Deps, options: { userId: number; assessmentId: number }): Promise<RequestOutcome> {
  const result = await findOwnAssessmentResult(deps.db, options.userId, options.assessmentId);
  if (!result) throw new AppError('not_found', { message: 'This assessment does not exist.' });
  const ids = (result.recordIds ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return deps.db.transaction().execute(async (trx) => {
    await lockUser(trx, options.userId);
    const live = await findLiveAssessmentRequest(trx, options.userId, result.id);
    if (live) return { requestId: live.id, remaining: await creditBalance(trx, options.userId), created: false };
    const plan = await requirePlanAndCredit(trx, options.userId);
    const records = await listOwnAssessmentRecords(trx, options.userId, ids);
    if (records.length === 0) {
      throw new AppError('validation', { message: 'This assessment has no recordings for a coach to review.', errors: { assessment_id: 'no recordings' } });
    }
    return createRequestIn(trx, {
      userId: options.userId,
      plan,
      now: deps.clock.now(),
      request: {
        kind: 'initial_assessment',
        moduleId: null,
        assessmentResultId: result.id,
        items: records.map((r) => ({ recordingId: null, assessmentRecordId: r.id, title: r.text })),
      },
    });
  });
}

// ---------------------------------------------------------------- module feedback

async function requireFeedbackSource(deps: Deps, options: { userId: number; moduleId: number }) {
  const module = await loadUnlockedModule(deps, options);
  const source = await feedbackSourceOf(deps.db, options.userId, module);
  // The client redirects to /modules on a failed feedback call (learning §8).
  if (source.kind === 'none') throw new AppError('not_found', { message: NO_FEEDBACK_MESSAGE });
  return { module, source };
}

function sampleCoach(sample: SampleFeedback): { name: string; photo: string } {
  return { name: sample.coach.name, photo: mediaUrl(coachPhotoKey(sample.coach.name)) };
}

/** POST /module/feedback: the coach of the module's feedback. */
export async function getModuleFeedbackCoach(deps: Deps, options: { userId: number; moduleId: number }): Promise<{ name: string; photo: string | null }> {
  const { source } = await requireFeedbackSource(deps, options);
  if (source.kind === 'sample') return sampleCoach(source.sample);
  return { name: source.feedback.coachName, photo: userPhotoUrl(source.feedback.coachPhotoKey) };
}

async function preLessonRecords(deps: Deps, userId: number, moduleId: number, lessons: LessonRow[]): Promise<ModuleFeedbackAll['userdata']['prelessonRecords']> {
  const latest = await listLatestRecordingsByLesson(deps.db, { userId, moduleId, kind: 'pre_lesson' });
  return lessons.flatMap((l) => {
    const rec = l.lessonType === 'preLesson' ? latest.get(l.id) : undefined;
    return rec ? [{ id: rec.id, title: l.text ?? l.title, recording_path: recordingAudioPath(rec.id), created_at: rec.createdAt.toISOString() }] : [];
  });
}

/** POST /module/feedback-all: learning §2 Module feedback, §3 Module feedback. */
export async function getModuleFeedbackAll(deps: Deps, options: { userId: number; moduleId: number }): Promise<ModuleFeedbackAll> {
  const { module, source } = await requireFeedbackSource(deps, options);
  const moduleView = { id: module.id, title: module.title, sub_title: module.subTitle, icon_url: mediaUrl(module.iconKey) };

  if (source.kind === 'sample') {
    const { sample, state } = source;
    const coach = sampleCoach(sample);
    // The sample "arrives" when it unlocks: the learner's last lesson completion.
    const unlockedAt = new Date(Math.max(...[...state.completions.values()].map((d) => d.getTime()))).toISOString();
    return {
      module: moduleView,
      description: sample.summary,
      is_sample: true,
      coach,
      created_at: unlockedAt,
      userdata: {
        prelessonRecords: await preLessonRecords(deps, options.userId, module.id, state.lessons),
        finalRecords: state.finalLessons.map((l, i) => {
          const rec = state.latestFinal.get(l.id);
          const reply = sample.replies[i];
          return {
            id: l.id,
            title: l.text ?? l.title,
            recording_path: rec ? recordingAudioPath(rec.id) : null,
            created_at: rec ? rec.createdAt.toISOString() : null,
            post_lesson_title: l.title,
            postlesson_feedbacks:
              reply === undefined
                ? []
                : [{ id: i + 1, coach_photo: coach.photo, coach_name: coach.name, created_at: unlockedAt, audio_url: mediaUrl(coachReplyAudioKey(module.code, i)), text: reply }],
          };
        }),
      },
      scores: scoreRows(sample.scores),
    };
  }

  const { feedback } = source;
  const [items, lessons] = await Promise.all([listFeedbackItems(deps.db, { requestId: feedback.requestId, feedbackId: feedback.id }), listLessons(deps.db, module.id)]);
  const coach = { name: feedback.coachName, photo: userPhotoUrl(feedback.coachPhotoKey) };
  const createdAt = feedback.createdAt.toISOString();
  return {
    module: moduleView,
    description: feedback.summary,
    is_sample: false,
    coach,
    created_at: createdAt,
    userdata: {
      prelessonRecords: await preLessonRecords(deps, options.userId, module.id, lessons),
      finalRecords: items.map((item, i) => ({
        id: item.id,
        title: item.title,
        recording_path: item.recordingId !== null ? recordingAudioPath(item.recordingId) : null,
        created_at: item.recordingCreatedAt ? item.recordingCreatedAt.toISOString() : null,
        post_lesson_title: item.lessonTitle ?? `Final Assessment ${i + 1}`,
        postlesson_feedbacks:
          item.replyId === null
            ? []
            : [
                {
                  id: item.replyId,
                  coach_photo: coach.photo,
                  coach_name: coach.name,
                  created_at: createdAt,
                  audio_url: item.replyAudioId !== null ? coachReplyAudioUrl(item.replyAudioId) : null,
                  text: item.replyText ?? '',
                },
              ],
      })),
    },
    scores: scoreRows(feedback.scores),
  };
}

// ---------------------------------------------------------------- Practice Again

/**
 * POST /clear-post-lesson (learning §4 Practice Again): the answered request becomes history
 * ('cleared'), the final assessment's completions go so it can be taken again; recordings and
 * feedback stay. Idempotent. A request still with the coaches is not withdrawn (the credit is
 * spent and a coach may be working on it).
 */
export async function clearPostLesson(deps: Deps, options: { userId: number; moduleId: number }): Promise<{ message: string }> {
  const module = await loadUnlockedModule(deps, options);
  const lessons = await listLessons(deps.db, module.id);
  await deps.db.transaction().execute(async (trx) => {
    await lockUser(trx, options.userId);
    const live = await findLiveModuleRequest(trx, options.userId, module.id);
    if (live && live.status !== 'answered') throw new AppError('validation', { message: STILL_PREPARING_MESSAGE, errors: { module_id: 'feedback still being prepared' } });
    await clearModuleFinal(trx, { userId: options.userId, moduleId: module.id, finalLessonIds: lessons.filter(isFinal).map((l) => l.id), now: deps.clock.now() });
  });
  return { message: PRACTICE_AGAIN_MESSAGE };
}

// ---------------------------------------------------------------- fluency-assessment feedback

/** GET /get-human-coach-feedback: the caller's own only; another's id is simply not found. */
export async function getHumanCoachFeedback(deps: Deps, options: { userId: number; feedbackId?: number }): Promise<HumanCoachFeedback | null> {
  const feedback = await findAssessmentFeedback(deps.db, options);
  if (!feedback) {
    if (options.feedbackId !== undefined) throw new AppError('not_found', { message: 'This feedback does not exist.' });
    return null;
  }
  const items = await listFeedbackItems(deps.db, { requestId: feedback.requestId, feedbackId: feedback.id });
  return {
    id: feedback.id,
    assessment_id: feedback.assessmentResultId,
    coach_reply: feedback.summary,
    audio_records: items.map((item) => ({
      id: item.id,
      title: item.title,
      audio_url: item.replyAudioId !== null ? coachReplyAudioUrl(item.replyAudioId) : null,
      text: item.replyText ?? '',
      recording_path: item.recordingId !== null ? recordingAudioPath(item.recordingId) : item.assessmentRecordId !== null ? feedbackItemAudioPath(item.id) : null,
    })),
    coach: { name: feedback.coachName, photo_url: userPhotoUrl(feedback.coachPhotoKey) },
    scores: scoreRows(feedback.scores),
    created_at: feedback.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------- reply audio

/**
 * GET /coach-replies/:id/audio: the learner the reply was for (once the feedback is submitted),
 * coaches and admins. Anyone else gets 404, with no hint that it exists.
 */
export async function openCoachReplyAudio(
  deps: { db: Db; blobStore: BlobStore },
  options: { userId: number; roleId: number; replyAudioId: number },
): Promise<{ stream: Readable; contentType: string; sizeBytes: number }> {
  const notFound = () => new AppError('not_found', { message: 'We could not find this reply.' });
  const row = await findReplyAudioAccess(deps.db, options.replyAudioId);
  if (!row) throw notFound();
  const isStaff = options.roleId === ROLE.coach || options.roleId === ROLE.admin;
  if (!isStaff && !(row.learnerId === options.userId && row.isSubmitted)) throw notFound();
  const blob = await deps.blobStore.get(row.blobKey);
  if (!blob) throw notFound();
  return { stream: blob.stream, contentType: row.mimeType, sizeBytes: blob.sizeBytes };
}

/** GET /feedback-items/:id/audio: the learner's own recording in one of their requests; 404 otherwise. */
export async function openFeedbackItemAudio(
  deps: { db: Db; blobStore: BlobStore },
  options: { userId: number; itemId: number },
): Promise<{ stream: Readable; contentType: string; sizeBytes: number }> {
  const notFound = () => new AppError('not_found', { message: 'We could not retrieve your message' });
  const row = await findOwnItemAudio(deps.db, options);
  if (!row) throw notFound();
  const blob = await deps.blobStore.get(row.blobKey);
  if (!blob) throw notFound();
  return { stream: blob.stream, contentType: row.mimeType, sizeBytes: blob.sizeBytes };
}
