import type { FactorScores } from '@clearspeak/contract';
import type { Db } from '../lib/db.ts';
import type { FeedbackRequestKind, FeedbackRequestStatus } from './tables.ts';
import '../assessment/tables.ts';
import '../modules/tables.ts';
import './tables.ts';

// SQL of the learner side of coaching: feedback requests, the answered feedback, Practice Again.

/** Statuses of a request that is still the module's (or assessment's) one live request. */
export const LIVE_STATUSES: FeedbackRequestStatus[] = ['pending', 'claimed', 'answered'];

export interface LiveRequestRow {
  id: number;
  status: FeedbackRequestStatus;
  createdAt: Date;
}

/** The learner's live (not cleared) request for a module; at most one (a partial unique index). */
export async function findLiveModuleRequest(db: Db, userId: number, moduleId: number): Promise<LiveRequestRow | undefined> {
  return db
    .selectFrom('feedbackRequests')
    .select(['id', 'status', 'createdAt'])
    .where('userId', '=', userId)
    .where('kind', '=', 'module')
    .where('moduleId', '=', moduleId)
    .where('status', 'in', LIVE_STATUSES)
    .executeTakeFirst();
}

export async function findLiveAssessmentRequest(db: Db, userId: number, assessmentResultId: number): Promise<LiveRequestRow | undefined> {
  return db
    .selectFrom('feedbackRequests')
    .select(['id', 'status', 'createdAt'])
    .where('userId', '=', userId)
    .where('kind', '=', 'initial_assessment')
    .where('assessmentResultId', '=', assessmentResultId)
    .where('status', 'in', LIVE_STATUSES)
    .executeTakeFirst();
}

/** The status of each module's live request of the learner (module list and detail flags). */
export async function listLiveModuleRequestStatuses(db: Db, userId: number): Promise<Map<number, FeedbackRequestStatus>> {
  const rows = await db
    .selectFrom('feedbackRequests')
    .select(['moduleId', 'status'])
    .where('userId', '=', userId)
    .where('kind', '=', 'module')
    .where('status', 'in', LIVE_STATUSES)
    .execute();
  return new Map(rows.flatMap((r) => (r.moduleId === null ? [] : [[r.moduleId, r.status] as const])));
}

export interface NewRequestItem {
  recordingId: number | null;
  assessmentRecordId: number | null;
  title: string;
}

/** Inserts a pending request and its items (call inside the request's transaction). */
export async function insertRequestWithItems(
  trx: Db,
  row: { userId: number; kind: FeedbackRequestKind; moduleId: number | null; assessmentResultId: number | null; now: Date; items: NewRequestItem[] },
): Promise<{ id: number }> {
  const request = await trx
    .insertInto('feedbackRequests')
    .values({ userId: row.userId, kind: row.kind, moduleId: row.moduleId, assessmentResultId: row.assessmentResultId, status: 'pending', createdAt: row.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('feedbackRequestItems')
    .values(row.items.map((item, position) => ({ requestId: request.id, position, recordingId: item.recordingId, assessmentRecordId: item.assessmentRecordId, title: item.title })))
    .execute();
  return request;
}

/** The learner's latest recording of each lesson among `kind` in a module (newest first per lesson). */
export async function listLatestRecordingsByLesson(
  db: Db,
  options: { userId: number; moduleId: number; kind: 'final' | 'pre_lesson' },
): Promise<Map<number, { id: number; createdAt: Date }>> {
  const rows = await db
    .selectFrom('recordings')
    .select(['id', 'lessonId', 'createdAt'])
    .where('userId', '=', options.userId)
    .where('moduleId', '=', options.moduleId)
    .where('kind', '=', options.kind)
    .where('lessonId', 'is not', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const latest = new Map<number, { id: number; createdAt: Date }>();
  for (const r of rows) if (r.lessonId !== null && !latest.has(r.lessonId)) latest.set(r.lessonId, { id: r.id, createdAt: r.createdAt });
  return latest;
}

/** The learner's completions of a module's lessons, with when. */
export async function listModuleCompletions(db: Db, userId: number, moduleId: number): Promise<Map<number, Date>> {
  const rows = await db
    .selectFrom('lessonCompletions')
    .innerJoin('lessons', 'lessons.id', 'lessonCompletions.lessonId')
    .select(['lessonCompletions.lessonId', 'lessonCompletions.completedAt'])
    .where('lessonCompletions.userId', '=', userId)
    .where('lessons.moduleId', '=', moduleId)
    .execute();
  return new Map(rows.map((r) => [r.lessonId, r.completedAt]));
}

export interface OwnAssessmentResult {
  id: number;
  recordIds: string | null;
}

export async function findOwnAssessmentResult(db: Db, userId: number, id: number): Promise<OwnAssessmentResult | undefined> {
  return db.selectFrom('assessmentResults').select(['id', 'recordIds']).where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

/** The learner's assessment records among `ids`, in id order (others' are absent). */
export async function listOwnAssessmentRecords(db: Db, userId: number, ids: number[]): Promise<{ id: number; text: string }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('assessmentRecords').select(['id', 'text']).where('id', 'in', ids).where('userId', '=', userId).orderBy('id').execute();
}

// ---------------------------------------------------------------- answered feedback

export interface AnsweredFeedback {
  id: number;
  requestId: number;
  assessmentResultId: number | null;
  coachName: string;
  coachPhotoKey: string | null;
  summary: string;
  scores: FactorScores;
  createdAt: Date;
}

function feedbackQuery(db: Db) {
  return db
    .selectFrom('coachFeedbacks as f')
    .innerJoin('feedbackRequests as r', 'r.id', 'f.requestId')
    .leftJoin('users as c', 'c.id', 'f.coachId')
    .select(['f.id', 'f.requestId', 'r.assessmentResultId', 'f.coachName', 'c.photoKey as coachPhotoKey', 'f.summary', 'f.scores', 'f.createdAt']);
}

export async function findFeedbackOfRequest(db: Db, requestId: number): Promise<AnsweredFeedback | undefined> {
  return feedbackQuery(db).where('f.requestId', '=', requestId).executeTakeFirst();
}

/** The learner's fluency-assessment feedback: the one with `feedbackId`, else the newest. */
export async function findAssessmentFeedback(db: Db, options: { userId: number; feedbackId?: number }): Promise<AnsweredFeedback | undefined> {
  let q = feedbackQuery(db).where('r.userId', '=', options.userId).where('r.kind', '=', 'initial_assessment');
  if (options.feedbackId !== undefined) q = q.where('f.id', '=', options.feedbackId);
  return q.orderBy('f.createdAt', 'desc').orderBy('f.id', 'desc').limit(1).executeTakeFirst();
}

export interface FeedbackItemRow {
  id: number;
  title: string;
  recordingId: number | null;
  recordingCreatedAt: Date | null;
  lessonTitle: string | null;
  assessmentRecordId: number | null;
  assessmentRecordCreatedAt: Date | null;
  replyId: number | null;
  replyText: string | null;
  replyAudioId: number | null;
}

/** A request's items in order, with the learner's recording and the coach's reply (if answered). */
export async function listFeedbackItems(db: Db, options: { requestId: number; feedbackId: number | null }): Promise<FeedbackItemRow[]> {
  return db
    .selectFrom('feedbackRequestItems as i')
    .leftJoin('recordings as rec', 'rec.id', 'i.recordingId')
    .leftJoin('lessons as l', 'l.id', 'rec.lessonId')
    .leftJoin('assessmentRecords as ar', 'ar.id', 'i.assessmentRecordId')
    .leftJoin('coachFeedbackReplies as rep', (join) => join.onRef('rep.requestItemId', '=', 'i.id').on('rep.feedbackId', '=', options.feedbackId ?? -1))
    .select([
      'i.id',
      'i.title',
      'i.recordingId',
      'rec.createdAt as recordingCreatedAt',
      'l.title as lessonTitle',
      'i.assessmentRecordId',
      'ar.createdAt as assessmentRecordCreatedAt',
      'rep.id as replyId',
      'rep.text as replyText',
      'rep.replyAudioId',
    ])
    .where('i.requestId', '=', options.requestId)
    .orderBy('i.position')
    .execute();
}

// ---------------------------------------------------------------- Practice Again

/**
 * Practice Again in one transaction: the module's answered request is marked cleared (kept, with
 * its feedback, as history) and the final-assessment completions are removed. Recordings stay.
 */
export async function clearModuleFinal(
  trx: Db,
  options: { userId: number; moduleId: number; finalLessonIds: number[]; now: Date },
): Promise<{ clearedRequestId: number | null; removedCompletions: number }> {
  const cleared = await trx
    .updateTable('feedbackRequests')
    .set({ status: 'cleared', clearedAt: options.now })
    .where('userId', '=', options.userId)
    .where('kind', '=', 'module')
    .where('moduleId', '=', options.moduleId)
    .where('status', '=', 'answered')
    .returning('id')
    .executeTakeFirst();
  let removed = 0;
  if (options.finalLessonIds.length > 0) {
    const result = await trx
      .deleteFrom('lessonCompletions')
      .where('userId', '=', options.userId)
      .where('lessonId', 'in', options.finalLessonIds)
      .executeTakeFirst();
    removed = Number(result.numDeletedRows);
  }
  return { clearedRequestId: cleared?.id ?? null, removedCompletions: removed };
}

// ---------------------------------------------------------------- reply audio

export interface ReplyAudioAccessRow {
  blobKey: string;
  mimeType: string;
  learnerId: number;
  /** True once the reply is part of a submitted feedback. */
  isSubmitted: boolean;
}

export async function findReplyAudioAccess(db: Db, replyAudioId: number): Promise<ReplyAudioAccessRow | undefined> {
  const row = await db
    .selectFrom('coachReplyAudios as a')
    .innerJoin('feedbackRequestItems as i', 'i.id', 'a.requestItemId')
    .innerJoin('feedbackRequests as r', 'r.id', 'i.requestId')
    .select((eb) => [
      'a.blobKey',
      'a.mimeType',
      'r.userId as learnerId',
      eb.exists(eb.selectFrom('coachFeedbackReplies as rep').select('rep.id').whereRef('rep.replyAudioId', '=', 'a.id')).as('isSubmitted'),
    ])
    .where('a.id', '=', replyAudioId)
    .executeTakeFirst();
  return row && { ...row, isSubmitted: Boolean(row.isSubmitted) };
}

/** The module's shipped sample feedback (intro modules), as stored by the course seed. */
export async function findSampleFeedbackJson(db: Db, moduleId: number): Promise<unknown> {
  const row = await db.selectFrom('modules').select('sampleFeedback').where('id', '=', moduleId).executeTakeFirst();
  return row?.sampleFeedback ?? null;
}

/** The stored audio of an item of the learner's own request: a module recording or an assessment record. */
export async function findOwnItemAudio(db: Db, options: { userId: number; itemId: number }): Promise<{ blobKey: string; mimeType: string } | undefined> {
  const row = await db
    .selectFrom('feedbackRequestItems as i')
    .innerJoin('feedbackRequests as r', 'r.id', 'i.requestId')
    .leftJoin('recordings as rec', 'rec.id', 'i.recordingId')
    .leftJoin('assessmentRecords as ar', 'ar.id', 'i.assessmentRecordId')
    .select(['rec.blobKey as recordingBlobKey', 'rec.mimeType as recordingMimeType', 'ar.blobKey as recordBlobKey', 'ar.mimeType as recordMimeType'])
    .where('i.id', '=', options.itemId)
    .where('r.userId', '=', options.userId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.recordingBlobKey !== null && row.recordingMimeType !== null) return { blobKey: row.recordingBlobKey, mimeType: row.recordingMimeType };
  if (row.recordBlobKey !== null && row.recordMimeType !== null) return { blobKey: row.recordBlobKey, mimeType: row.recordMimeType };
  return undefined;
}
