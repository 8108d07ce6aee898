import { sql, type Expression, type RawBuilder } from 'kysely';
import type { FactorScores } from '@clearspeak/contract';
import type { Db } from '../lib/db.ts';
import type { NotificationRow } from '../notifications/repo.ts';
import { insertNotification } from '../notifications/repo.ts';
import type { NotificationType } from '../notifications/tables.ts';
import type { AssessmentRecordStatus } from '../assessment/tables.ts';
import type { AssessmentStatus } from '../modules/tables.ts';
import type { FeedbackRequestKind, FeedbackRequestStatus } from './tables.ts';
import '../assessment/tables.ts';
import '../modules/tables.ts';
import '../notifications/tables.ts';
import './tables.ts';

// The coach console's SQL (issue 5, coach side). Claims, releases and submits are single
// conditional UPDATEs on the request row, so two coaches never hold or answer the same request.

/** A person's name parts as stored; the service picks what to show. */
export interface NameParts {
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

export interface RequestRow {
  id: number;
  userId: number;
  kind: FeedbackRequestKind;
  moduleId: number | null;
  assessmentResultId: number | null;
  status: FeedbackRequestStatus;
  createdAt: Date;
  claimedBy: number | null;
  claimedAt: Date | null;
  answeredAt: Date | null;
  timeSpentSeconds: number;
}

const REQUEST_COLUMNS = [
  'r.id',
  'r.userId',
  'r.kind',
  'r.moduleId',
  'r.assessmentResultId',
  'r.status',
  'r.createdAt',
  'r.claimedBy',
  'r.claimedAt',
  'r.answeredAt',
  'r.timeSpentSeconds',
] as const;

/** A request with what the queue and the detail show about it. */
export interface RequestView extends RequestRow {
  moduleTitle: string | null;
  moduleIconKey: string | null;
  learner: NameParts & { nativeLanguage: string | null };
  claimer: NameParts | null;
  itemCount: number;
  /** The coach whose feedback answered it, if any. */
  answeredBy: number | null;
}

function requestViews(db: Db) {
  return db
    .selectFrom('feedbackRequests as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('modules as m', 'm.id', 'r.moduleId')
    .leftJoin('users as c', 'c.id', 'r.claimedBy')
    .leftJoin('coachFeedbacks as f', 'f.requestId', 'r.id')
    .select(REQUEST_COLUMNS)
    .select([
      'm.title as moduleTitle',
      'm.iconKey as moduleIconKey',
      'u.name as learnerName',
      'u.firstName as learnerFirstName',
      'u.lastName as learnerLastName',
      'u.email as learnerEmail',
      'u.nativeLanguage as learnerNativeLanguage',
      'c.name as claimerName',
      'c.firstName as claimerFirstName',
      'c.lastName as claimerLastName',
      'c.email as claimerEmail',
      'f.coachId as answeredBy',
    ])
    .select((eb) =>
      eb
        .selectFrom('feedbackRequestItems as i')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('i.requestId', '=', 'r.id')
        .as('itemCount'),
    );
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof requestViews>['execute']>>[number];

function toView(row: ViewRow): RequestView {
  return {
    id: row.id,
    userId: row.userId,
    kind: row.kind,
    moduleId: row.moduleId,
    assessmentResultId: row.assessmentResultId,
    status: row.status,
    createdAt: row.createdAt,
    claimedBy: row.claimedBy,
    claimedAt: row.claimedAt,
    answeredAt: row.answeredAt,
    timeSpentSeconds: row.timeSpentSeconds,
    moduleTitle: row.moduleTitle,
    moduleIconKey: row.moduleIconKey,
    learner: {
      name: row.learnerName,
      firstName: row.learnerFirstName,
      lastName: row.learnerLastName,
      email: row.learnerEmail,
      nativeLanguage: row.learnerNativeLanguage,
    },
    claimer:
      row.claimerEmail === null
        ? null
        : { name: row.claimerName, firstName: row.claimerFirstName, lastName: row.claimerLastName, email: row.claimerEmail },
    itemCount: Number(row.itemCount ?? 0),
    answeredBy: row.answeredBy,
  };
}

/** Pending requests, oldest first (ties by id: the order they were sent). */
export async function listPendingRequests(db: Db): Promise<RequestView[]> {
  const rows = await requestViews(db).where('r.status', '=', 'pending').orderBy('r.createdAt', 'asc').orderBy('r.id', 'asc').execute();
  return rows.map(toView);
}

/** The requests the coach holds now, oldest first. */
export async function listClaimedBy(db: Db, coachId: number): Promise<RequestView[]> {
  const rows = await requestViews(db)
    .where('r.status', '=', 'claimed')
    .where('r.claimedBy', '=', coachId)
    .orderBy('r.createdAt', 'asc')
    .orderBy('r.id', 'asc')
    .execute();
  return rows.map(toView);
}

export async function findRequestView(db: Db, id: number): Promise<RequestView | undefined> {
  const row = await requestViews(db).where('r.id', '=', id).executeTakeFirst();
  return row ? toView(row) : undefined;
}

export async function findRequest(db: Db, id: number): Promise<RequestRow | undefined> {
  return db.selectFrom('feedbackRequests as r').select(REQUEST_COLUMNS).where('r.id', '=', id).executeTakeFirst();
}

export interface CoachStatsRow {
  answeredTotal: number;
  answeredSince: number;
  averageSeconds: number | null;
  inProgress: number;
  pendingTotal: number;
}

/** The coach's own counts; `since` bounds `answeredSince`. */
export async function countCoachStats(db: Db, options: { coachId: number; since: Date }): Promise<CoachStatsRow> {
  const answered = await db
    .selectFrom('coachFeedbacks as f')
    .innerJoin('feedbackRequests as r', 'r.id', 'f.requestId')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.countAll<string>().filterWhere('f.createdAt', '>=', options.since).as('since'),
      eb.fn.avg<string | number | null>('r.timeSpentSeconds').as('averageSeconds'),
    ])
    .where('f.coachId', '=', options.coachId)
    .executeTakeFirstOrThrow();
  const open = await db
    .selectFrom('feedbackRequests')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('status', '=', 'pending').as('pending'),
      eb.fn
        .countAll<string>()
        .filterWhere((w) => w.and([w('status', '=', 'claimed'), w('claimedBy', '=', options.coachId)]))
        .as('inProgress'),
    ])
    .executeTakeFirstOrThrow();
  return {
    answeredTotal: Number(answered.total),
    answeredSince: Number(answered.since),
    averageSeconds: answered.averageSeconds === null ? null : Number(answered.averageSeconds),
    inProgress: Number(open.inProgress),
    pendingTotal: Number(open.pending),
  };
}

/** Seconds from the claim to `now`, never negative (the claim's share of time_spent_seconds). */
function secondsSinceClaim(now: Date): RawBuilder<number> {
  return sql<number>`greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - claimed_at))))::int`;
}

function addClaimTime(now: Date): Expression<number> {
  return sql<number>`time_spent_seconds + ${secondsSinceClaim(now)}`;
}

/**
 * The claim: one conditional UPDATE, so of two coaches claiming at once exactly one row update
 * happens (the second sees the first's committed status and matches nothing). Undefined when the
 * request was not pending.
 */
export async function claimPendingRequest(db: Db, options: { id: number; coachId: number; now: Date }): Promise<{ id: number } | undefined> {
  return db
    .updateTable('feedbackRequests')
    .set({ status: 'claimed', claimedBy: options.coachId, claimedAt: options.now })
    .where('id', '=', options.id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
}

/** Back to the queue, adding the claim's seconds; undefined unless the coach held it. */
export async function releaseHeldRequest(db: Db, options: { id: number; coachId: number; now: Date }): Promise<{ id: number } | undefined> {
  return db
    .updateTable('feedbackRequests')
    .set({ status: 'pending', claimedBy: null, claimedAt: null, timeSpentSeconds: addClaimTime(options.now) })
    .where('id', '=', options.id)
    .where('status', '=', 'claimed')
    .where('claimedBy', '=', options.coachId)
    .returning('id')
    .executeTakeFirst();
}

/**
 * Claims taken before `heldBefore` and never submitted go back to the queue. They add no time:
 * nothing tells how long the coach really worked. Answers the released ids.
 */
export async function releaseClaimsHeldSince(db: Db, options: { heldBefore: Date }): Promise<number[]> {
  const rows = await db
    .updateTable('feedbackRequests')
    .set({ status: 'pending', claimedBy: null, claimedAt: null })
    .where('status', '=', 'claimed')
    .where('claimedAt', '<', options.heldBefore)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface RequestItemRow {
  id: number;
  position: number;
  title: string;
  recordingId: number | null;
  assessmentRecordId: number | null;
  durationMs: number | null;
  blobKey: string | null;
  mimeType: string | null;
  /** The module recording's assessment status, or the fluency record's status. */
  assessmentStatus: AssessmentStatus | AssessmentRecordStatus | null;
  engineResult: unknown;
  /** The fluency record's native language (asked during the assessment). */
  recordNativeLanguage: string | null;
}

function itemRows(db: Db) {
  return db
    .selectFrom('feedbackRequestItems as i')
    .leftJoin('recordings as rec', 'rec.id', 'i.recordingId')
    .leftJoin('assessments as a', 'a.recordingId', 'i.recordingId')
    .leftJoin('assessmentRecords as ar', 'ar.id', 'i.assessmentRecordId')
    .select([
      'i.id',
      'i.requestId',
      'i.position',
      'i.title',
      'i.recordingId',
      'i.assessmentRecordId',
      'rec.durationMs as recordingDurationMs',
      'rec.blobKey as recordingBlobKey',
      'rec.mimeType as recordingMimeType',
      'a.status as recordingStatus',
      'a.engineResult as recordingResult',
      'ar.durationMs as recordDurationMs',
      'ar.blobKey as recordBlobKey',
      'ar.mimeType as recordMimeType',
      'ar.status as recordStatus',
      'ar.engineResult as recordResult',
      'ar.nativeLanguage as recordNativeLanguage',
    ]);
}

type ItemQueryRow = Awaited<ReturnType<ReturnType<typeof itemRows>['execute']>>[number];

function toItemRow(row: ItemQueryRow): RequestItemRow {
  const isRecording = row.recordingId !== null;
  return {
    id: row.id,
    position: row.position,
    title: row.title,
    recordingId: row.recordingId,
    assessmentRecordId: row.assessmentRecordId,
    durationMs: isRecording ? row.recordingDurationMs : row.recordDurationMs,
    blobKey: isRecording ? row.recordingBlobKey : row.recordBlobKey,
    mimeType: isRecording ? row.recordingMimeType : row.recordMimeType,
    assessmentStatus: isRecording ? row.recordingStatus : row.recordStatus,
    engineResult: isRecording ? row.recordingResult : row.recordResult,
    recordNativeLanguage: row.recordNativeLanguage,
  };
}

export async function listRequestItems(db: Db, requestId: number): Promise<RequestItemRow[]> {
  const rows = await itemRows(db).where('i.requestId', '=', requestId).orderBy('i.position').execute();
  return rows.map(toItemRow);
}

/** One item with its request's holder and answering coach (who may hear it). */
export async function findItemWithAccess(
  db: Db,
  itemId: number,
): Promise<(RequestItemRow & { requestId: number; status: FeedbackRequestStatus; claimedBy: number | null; answeredBy: number | null }) | undefined> {
  const row = await itemRows(db)
    .innerJoin('feedbackRequests as r', 'r.id', 'i.requestId')
    .leftJoin('coachFeedbacks as f', 'f.requestId', 'r.id')
    .select(['r.status', 'r.claimedBy', 'f.coachId as answeredBy'])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
  return row ? { ...toItemRow(row), requestId: row.requestId, status: row.status, claimedBy: row.claimedBy, answeredBy: row.answeredBy } : undefined;
}

export interface FeedbackRow {
  id: number;
  coachId: number | null;
  summary: string;
  scores: FactorScores;
  createdAt: Date;
  replies: { requestItemId: number; text: string; replyAudioId: number | null }[];
}

export async function findFeedbackOfRequest(db: Db, requestId: number): Promise<FeedbackRow | undefined> {
  const feedback = await db
    .selectFrom('coachFeedbacks')
    .select(['id', 'coachId', 'summary', 'scores', 'createdAt'])
    .where('requestId', '=', requestId)
    .executeTakeFirst();
  if (!feedback) return undefined;
  const replies = await db
    .selectFrom('coachFeedbackReplies')
    .select(['requestItemId', 'text', 'replyAudioId'])
    .where('feedbackId', '=', feedback.id)
    .orderBy('id')
    .execute();
  return { ...feedback, replies };
}

export async function findUserNames(db: Db, userId: number): Promise<(NameParts & { photoKey: string | null }) | undefined> {
  return db.selectFrom('users').select(['name', 'firstName', 'lastName', 'email', 'photoKey']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Stores a reply audio's row while the coach still holds the request: the request row is locked
 * (FOR SHARE) in the same transaction, so a release or another submit cannot slip in between.
 * Undefined when the coach no longer holds it.
 */
export async function insertReplyAudioIfHeld(
  db: Db,
  row: { requestId: number; requestItemId: number; coachId: number; blobKey: string; mimeType: string; durationMs: number; sizeBytes: number; createdAt: Date },
): Promise<{ id: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('feedbackRequests')
      .select('id')
      .where('id', '=', row.requestId)
      .where('status', '=', 'claimed')
      .where('claimedBy', '=', row.coachId)
      .forShare()
      .executeTakeFirst();
    if (!held) return undefined;
    return trx
      .insertInto('coachReplyAudios')
      .values({
        requestItemId: row.requestItemId,
        coachId: row.coachId,
        blobKey: row.blobKey,
        mimeType: row.mimeType,
        durationMs: row.durationMs,
        sizeBytes: row.sizeBytes,
        createdAt: row.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

export async function listReplyAudios(db: Db, ids: number[]): Promise<{ id: number; requestItemId: number; coachId: number }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('coachReplyAudios').select(['id', 'requestItemId', 'coachId']).where('id', 'in', ids).execute();
}

/** Thrown inside the submit transaction when the request is no longer the coach's to answer. */
export class RequestNotHeldError extends Error {
  override name = 'RequestNotHeldError';
}

/**
 * The submit, in ONE transaction: the request moves claimed → answered (guarded by status and
 * holder; it goes first, so it also takes the row lock and a second submit waits, then matches
 * nothing), then the feedback, its replies and the learner's notification. Any failure rolls
 * everything back.
 */
export async function insertFeedbackAnswering(
  db: Db,
  options: {
    requestId: number;
    coachId: number;
    now: Date;
    coachName: string;
    summary: string;
    scores: FactorScores;
    replies: { requestItemId: number; text: string; replyAudioId: number | null }[];
    notification: { userId: number; type: NotificationType; objectId: number | 'feedback'; header: string; title: string; subtitle: string; icon: string | null };
  },
): Promise<{ feedbackId: number; notification: NotificationRow }> {
  return db.transaction().execute(async (trx) => {
    const answered = await trx
      .updateTable('feedbackRequests')
      .set({ status: 'answered', answeredAt: options.now, timeSpentSeconds: addClaimTime(options.now) })
      .where('id', '=', options.requestId)
      .where('status', '=', 'claimed')
      .where('claimedBy', '=', options.coachId)
      .returning('id')
      .executeTakeFirst();
    if (!answered) throw new RequestNotHeldError(`Request ${options.requestId} is not held by coach ${options.coachId}`);
    const feedback = await trx
      .insertInto('coachFeedbacks')
      .values({
        requestId: options.requestId,
        coachId: options.coachId,
        coachName: options.coachName,
        summary: options.summary,
        scores: JSON.stringify(options.scores),
        createdAt: options.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('coachFeedbackReplies')
      .values(options.replies.map((r) => ({ feedbackId: feedback.id, requestItemId: r.requestItemId, text: r.text, replyAudioId: r.replyAudioId })))
      .execute();
    const n = options.notification;
    const notification = await insertNotification(trx, {
      userId: n.userId,
      notificationType: n.type,
      objectId: n.objectId === 'feedback' ? feedback.id : n.objectId,
      header: n.header,
      title: n.title,
      subtitle: n.subtitle,
      icon: n.icon,
      createdAt: options.now,
    });
    return { feedbackId: feedback.id, notification };
  });
}
