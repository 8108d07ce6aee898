import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  COACH_CLAIM_EXPIRY_HOURS,
  FEEDBACK_OVERDUE_HOURS,
  type CoachItemAssessmentSchema,
  type CoachQueueItem,
  type CoachRequestDetail,
  type CoachStatsSchema,
  type FactorScores,
} from '@clearspeak/contract';
import type { BlobStore } from '../lib/blob-store.ts';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import { mediaUrl } from '../media/urls.ts';
import { toWireNotification } from '../notifications/service.ts';
import { storeUploadedAudio } from '../recordings/store.ts';
import type { CheckedRecording } from '../recordings/upload.ts';
import {
  claimPendingRequest,
  countCoachStats,
  findFeedbackOfRequest,
  findItemWithAccess,
  findRequest,
  findRequestView,
  findUserNames,
  insertFeedbackAnswering,
  insertReplyAudioIfHeld,
  listClaimedBy,
  listPendingRequests,
  listReplyAudios,
  listRequestItems,
  releaseClaimsHeldSince,
  releaseHeldRequest,
  RequestNotHeldError,
  type NameParts,
  type RequestItemRow,
  type RequestRow,
  type RequestView,
} from './console-repo.ts';

// The coach console (issue 5, coach side; the specs leave coach roles out). A coach takes the
// oldest pending request, claims it (one coach per request), reviews each learner recording with
// the engine's phone-level assessment, records or writes a reply per item, stars the factors and
// submits: feedback, the learner's notification and the request's state in one transaction.

type DbClock = { db: Db; clock: Clock };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;
/** The console's "last 7 days" count. */
const RECENT_DAYS = 7;
const FLUENCY_ASSESSMENT_TITLE = 'Fluency assessment';

const TEXTS = {
  notHeld: 'You are not working on this request. Claim it from the queue first.',
  answered: 'This request has already been answered.',
  notFound: 'This feedback request no longer exists.',
  itemNotInRequest: 'This recording is not part of the request.',
  replyMissing: 'Please record or write a reply for every recording.',
  replyAudioNotYours: 'This audio reply was not recorded for this recording.',
  duplicateItem: 'Each recording takes one reply.',
  released: 'The request is back in the queue.',
} as const;

/** What to call a person: their name, else first and last name, else the e-mail's local part. */
export function displayName(p: NameParts): string {
  const full =
    p.name?.trim() ||
    [p.firstName, p.lastName]
      .filter((s) => s?.trim())
      .join(' ')
      .trim();
  return full || (p.email.split('@')[0] ?? p.email);
}

/** `/api/coach/items/:id/audio`: the learner recording of a request item (coaches, bearer token). */
export function coachItemAudioPath(itemId: number): string {
  return `/api/coach/items/${itemId}/audio`;
}

/** `/api/coach-replies/:id/audio`: a coach's recorded reply (contract getCoachReplyAudio). */
export function coachReplyAudioPath(replyAudioId: number): string {
  return `/api/coach-replies/${replyAudioId}/audio`;
}

function requestTitle(view: Pick<RequestView, 'kind' | 'moduleTitle'>): string {
  return view.kind === 'module' ? (view.moduleTitle ?? 'Module') : FLUENCY_ASSESSMENT_TITLE;
}

function toQueueItem(view: RequestView, coachId: number, now: Date): CoachQueueItem {
  const waitingMs = Math.max(0, now.getTime() - view.createdAt.getTime());
  return {
    id: view.id,
    kind: view.kind,
    status: view.status,
    learner_name: displayName(view.learner),
    title: requestTitle(view),
    module_id: view.moduleId,
    item_count: view.itemCount,
    created_at: view.createdAt.toISOString(),
    waiting_minutes: Math.floor(waitingMs / MINUTE_MS),
    is_overdue: waitingMs > FEEDBACK_OVERDUE_HOURS * 3600_000,
    claimed_by_me: view.status === 'claimed' && view.claimedBy === coachId,
    claimed_by_name: view.claimer ? displayName(view.claimer) : null,
  };
}

// ---------------------------------------------------------------- queue

/** GET /coach/queue: pending oldest first, the caller's claimed ones, the caller's counts. */
export async function getCoachQueue(
  deps: DbClock,
  options: { coachId: number },
): Promise<{
  pending: CoachQueueItem[];
  mine: CoachQueueItem[];
  stats: z.infer<typeof CoachStatsSchema>;
}> {
  const now = deps.clock.now();
  const [pending, mine, stats] = await Promise.all([
    listPendingRequests(deps.db),
    listClaimedBy(deps.db, options.coachId),
    countCoachStats(deps.db, {
      coachId: options.coachId,
      since: new Date(now.getTime() - RECENT_DAYS * DAY_MS),
    }),
  ]);
  return {
    pending: pending.map((v) => toQueueItem(v, options.coachId, now)),
    mine: mine.map((v) => toQueueItem(v, options.coachId, now)),
    stats: {
      answered_total: stats.answeredTotal,
      answered_last_7_days: stats.answeredSince,
      average_minutes:
        stats.averageSeconds === null ? null : Math.round((stats.averageSeconds / 60) * 10) / 10,
      in_progress: stats.inProgress,
      pending_total: stats.pendingTotal,
    },
  };
}

// ---------------------------------------------------------------- claim, release

/** Why a request is not the caller's to work on: 404 when gone or not theirs, 409 when someone else's or answered. */
function notHeldError(row: RequestRow | undefined, coachId: number): AppError {
  if (!row || row.status === 'cleared')
    return new AppError('not_found', { message: TEXTS.notFound });
  if (row.status === 'answered') return new AppError('claim_conflict', { message: TEXTS.answered });
  if (row.status === 'claimed' && row.claimedBy !== coachId) return new AppError('claim_conflict');
  return new AppError('not_found', { message: TEXTS.notHeld });
}

/** Hourly housekeeping: claims older than COACH_CLAIM_EXPIRY_HOURS go back to the queue. */
export async function releaseExpiredClaims(deps: DbClock): Promise<{ released: number[] }> {
  const heldBefore = new Date(deps.clock.now().getTime() - COACH_CLAIM_EXPIRY_HOURS * 3600_000);
  return { released: await releaseClaimsHeldSince(deps.db, { heldBefore }) };
}

/** POST /coach/requests/:id/claim: pending → claimed by the caller; a repeat by the holder is a no-op. */
export async function claimRequest(
  deps: DbClock,
  options: { coachId: number; requestId: number },
): Promise<CoachRequestDetail> {
  const claimed = await claimPendingRequest(deps.db, {
    id: options.requestId,
    coachId: options.coachId,
    now: deps.clock.now(),
  });
  if (!claimed) {
    const row = await findRequest(deps.db, options.requestId);
    const isHolder = row?.status === 'claimed' && row.claimedBy === options.coachId;
    if (!isHolder) throw notHeldError(row, options.coachId);
  }
  return getRequestDetail(deps, options);
}

/** POST /coach/requests/:id/release: claimed → pending, the claim's time added to the request. */
export async function releaseRequest(
  deps: DbClock,
  options: { coachId: number; requestId: number },
): Promise<{ message: string }> {
  const released = await releaseHeldRequest(deps.db, {
    id: options.requestId,
    coachId: options.coachId,
    now: deps.clock.now(),
  });
  if (!released) throw notHeldError(await findRequest(deps.db, options.requestId), options.coachId);
  return { message: TEXTS.released };
}

// ---------------------------------------------------------------- detail

// The engine's stored result (`@clearspeak/speech` Assessment), read leniently: only what the
// coach's error map draws. A result of another shape shows as "no assessment" rather than failing.
const StoredPhoneSchema = z.object({
  arpabet: z.string(),
  ipa: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  score: z.number(),
  heard: z.object({ arpabet: z.string(), ipa: z.string() }).nullable().optional(),
});
const StoredAssessmentSchema = z.object({
  status: z.enum(['scored', 'retake']),
  quality: z.object({ verdict: z.string() }).nullable().optional(),
  utterance: z
    .object({ total: z.number(), accuracy: z.number(), fluency: z.number(), prosody: z.number() })
    .nullable()
    .optional(),
  words: z
    .array(
      z.object({
        text: z.string(),
        startMs: z.number(),
        endMs: z.number(),
        accuracy: z.number(),
        phones: z.array(StoredPhoneSchema),
      }),
    )
    .default([]),
});

type CoachItemAssessment = z.infer<typeof CoachItemAssessmentSchema>;

/** Maps a recording's stored engine result to the error map; null when it was never scored. */
export function toCoachAssessment(
  status: RequestItemRow['assessmentStatus'],
  engineResult: unknown,
): CoachItemAssessment | null {
  if (status === null) return null;
  const empty = {
    total: null,
    accuracy: null,
    fluency: null,
    prosody: null,
    quality: null,
    words: [],
  };
  // assessment_records say `stored` until scored.
  if (status === 'stored' || status === 'pending') return { status: 'pending', ...empty };
  if (status === 'failed') return { status: 'failed', ...empty };
  const parsed = StoredAssessmentSchema.safeParse(engineResult);
  if (!parsed.success) return { status, ...empty };
  const result = parsed.data;
  const u = status === 'scored' ? (result.utterance ?? null) : null;
  return {
    status,
    total: u?.total ?? null,
    accuracy: u?.accuracy ?? null,
    fluency: u?.fluency ?? null,
    prosody: u?.prosody ?? null,
    quality: result.quality?.verdict ?? null,
    words: result.words.map((w) => ({
      text: w.text,
      start_ms: w.startMs,
      end_ms: w.endMs,
      accuracy: w.accuracy,
      phones: w.phones.map((p) => ({
        arpabet: p.arpabet,
        ipa: p.ipa,
        start_ms: p.startMs,
        end_ms: p.endMs,
        score: p.score,
        heard_arpabet: p.heard?.arpabet ?? null,
        heard_ipa: p.heard?.ipa ?? null,
      })),
    })),
  };
}

/** The holder, or the coach who answered it (read-only); anyone else gets 404 (no hint it exists). */
function canSee(
  view: Pick<RequestView, 'status' | 'claimedBy' | 'answeredBy'>,
  coachId: number,
): boolean {
  if (view.status === 'claimed') return view.claimedBy === coachId;
  return view.answeredBy !== null && view.answeredBy === coachId;
}

/** GET /coach/requests/:id. */
export async function getRequestDetail(
  deps: DbClock,
  options: { coachId: number; requestId: number },
): Promise<CoachRequestDetail> {
  const view = await findRequestView(deps.db, options.requestId);
  if (!view || !canSee(view, options.coachId))
    throw new AppError('not_found', { message: TEXTS.notHeld });
  const [items, feedback] = await Promise.all([
    listRequestItems(deps.db, view.id),
    findFeedbackOfRequest(deps.db, view.id),
  ]);
  const replyOf = new Map(feedback?.replies.map((r) => [r.requestItemId, r]));
  return {
    ...toQueueItem(view, options.coachId, deps.clock.now()),
    learner: {
      name: displayName(view.learner),
      native_language:
        view.learner.nativeLanguage ??
        items.find((i) => i.recordNativeLanguage)?.recordNativeLanguage ??
        null,
    },
    claimed_at: view.claimedAt?.toISOString() ?? null,
    answered_at: view.answeredAt?.toISOString() ?? null,
    time_spent_seconds: view.timeSpentSeconds,
    items: items.map((item) => {
      const reply = replyOf.get(item.id);
      return {
        id: item.id,
        title: item.title,
        recording_url: coachItemAudioPath(item.id),
        duration_ms: item.durationMs ?? 0,
        assessment: toCoachAssessment(item.assessmentStatus, item.engineResult),
        reply: reply
          ? {
              text: reply.text,
              reply_audio_id: reply.replyAudioId,
              audio_url:
                reply.replyAudioId === null ? null : coachReplyAudioPath(reply.replyAudioId),
            }
          : null,
      };
    }),
    summary: feedback?.summary ?? null,
    scores: feedback?.scores ?? null,
  };
}

/** GET /coach/items/:id/audio: the learner recording, for the request's holder or answering coach. */
export async function openCoachItemAudio(
  deps: { db: Db; blobStore: BlobStore },
  options: { coachId: number; itemId: number },
): Promise<{ stream: Readable; contentType: string; sizeBytes: number }> {
  const item = await findItemWithAccess(deps.db, options.itemId);
  if (!item || !canSee(item, options.coachId) || !item.blobKey)
    throw new AppError('not_found', { message: 'We could not find this recording.' });
  const blob = await deps.blobStore.get(item.blobKey);
  if (!blob) throw new AppError('not_found', { message: 'We could not find this recording.' });
  return {
    stream: blob.stream,
    contentType: item.mimeType ?? blob.contentType,
    sizeBytes: blob.sizeBytes,
  };
}

// ---------------------------------------------------------------- reply audio

/**
 * POST /coach/requests/:id/reply-audio: a recorded reply for one item, checked like a learner's
 * upload (registerUploadRoute). Only the holder, only items of the request. The blob is stored
 * before its row (DESIGN "Nothing is lost"); the row goes in only while the claim still holds,
 * else the blob is removed again.
 */
export async function storeCoachReplyAudio(
  deps: DbClock & { blobStore: BlobStore },
  options: { coachId: number; requestId: number; itemId: number; recording: CheckedRecording },
): Promise<{ replyAudioId: number; audioUrl: string }> {
  const request = await findRequest(deps.db, options.requestId);
  if (request?.status !== 'claimed' || request.claimedBy !== options.coachId)
    throw notHeldError(request, options.coachId);
  const items = await listRequestItems(deps.db, options.requestId);
  if (!items.some((i) => i.id === options.itemId))
    throw fieldError('item_id', TEXTS.itemNotInRequest);

  const row = await storeUploadedAudio(
    deps,
    { folder: `coach-replies/${options.coachId}`, recording: options.recording },
    (audio) =>
      insertReplyAudioIfHeld(deps.db, {
        requestId: options.requestId,
        requestItemId: options.itemId,
        coachId: options.coachId,
        ...audio,
      }),
  );
  if (!row) {
    // Released or taken over while uploading: storeUploadedAudio removed the blob nothing points at.
    throw notHeldError(await findRequest(deps.db, options.requestId), options.coachId);
  }
  return { replyAudioId: row.id, audioUrl: coachReplyAudioPath(row.id) };
}

// ---------------------------------------------------------------- submit

export interface SubmitInput {
  summary: string;
  scores: FactorScores;
  replies: { item_id: number; text: string; reply_audio_id: number | null }[];
}

/** Hands a committed notification to live delivery (SSE, Web Push); never fails the submit. */
export type NotificationAnnouncer = (
  userId: number,
  notification: ReturnType<typeof toWireNotification>,
) => Promise<void>;

/**
 * POST /coach/requests/:id/submit. Validates (every item of the request has exactly one reply with
 * text or an audio the caller recorded for that item), then writes the request's state, the
 * feedback, its replies and the learner's notification in one transaction; after the commit the
 * notification is announced live.
 */
export async function submitCoachFeedback(
  deps: DbClock & { log?: FastifyBaseLogger; announce?: NotificationAnnouncer },
  options: { coachId: number; requestId: number; input: SubmitInput },
): Promise<{ feedbackId: number; notificationId: number }> {
  const view = await findRequestView(deps.db, options.requestId);
  if (view?.status !== 'claimed' || view.claimedBy !== options.coachId) {
    throw notHeldError(view, options.coachId);
  }
  const items = await listRequestItems(deps.db, view.id);
  const itemIds = new Set(items.map((i) => i.id));
  const { replies } = options.input;

  const seen = new Set<number>();
  for (const [i, reply] of replies.entries()) {
    if (!itemIds.has(reply.item_id))
      throw fieldError(`replies.${i}.item_id`, TEXTS.itemNotInRequest);
    if (seen.has(reply.item_id)) throw fieldError(`replies.${i}.item_id`, TEXTS.duplicateItem);
    seen.add(reply.item_id);
  }
  const audios = new Map(
    (
      await listReplyAudios(
        deps.db,
        replies.flatMap((r) => (r.reply_audio_id === null ? [] : [r.reply_audio_id])),
      )
    ).map((a) => [a.id, a]),
  );
  for (const [i, reply] of replies.entries()) {
    if (reply.reply_audio_id === null) continue;
    const audio = audios.get(reply.reply_audio_id);
    if (!audio || audio.requestItemId !== reply.item_id || audio.coachId !== options.coachId) {
      throw fieldError(`replies.${i}.reply_audio_id`, TEXTS.replyAudioNotYours);
    }
  }
  const byItem = new Map(replies.map((r) => [r.item_id, r]));
  for (const item of items) {
    const reply = byItem.get(item.id);
    if (!reply || (reply.text.trim() === '' && reply.reply_audio_id === null)) {
      const index = reply ? replies.indexOf(reply) : replies.length;
      throw fieldError(`replies.${index}`, TEXTS.replyMissing);
    }
  }

  const coach = await findUserNames(deps.db, options.coachId);
  if (!coach) throw new AppError('unauthenticated', { extra: { errorCode: 401 } });
  const coachName = displayName(coach);
  const isModule = view.kind === 'module' && view.moduleId !== null;
  const now = deps.clock.now();
  let written;
  try {
    written = await insertFeedbackAnswering(deps.db, {
      requestId: view.id,
      coachId: options.coachId,
      now,
      coachName,
      summary: options.input.summary.trim(),
      scores: options.input.scores,
      replies: items.map((item) => {
        const reply = byItem.get(item.id);
        return {
          requestItemId: item.id,
          text: reply?.text.trim() ?? '',
          replyAudioId: reply?.reply_audio_id ?? null,
        };
      }),
      notification: {
        userId: view.userId,
        // spec: learning §2 Notifications, §4 Notification click: module feedback opens the module's
        // feedback page (object_id = module id); assessment feedback opens the feedback (its id).
        type: isModule ? 'module-assessment-coach-feedback' : 'initial-assessment-coach-feedback',
        objectId: isModule && view.moduleId !== null ? view.moduleId : 'feedback',
        header: 'Coach feedback',
        title: isModule
          ? `Your coach reviewed ${requestTitle(view)}`
          : 'Your coach reviewed your fluency assessment',
        subtitle: replies.some((r) => r.reply_audio_id !== null)
          ? `${coachName} sent you feedback on your recordings. Open it to listen to the replies.`
          : `${coachName} sent you feedback on your recordings. Open it to read the replies.`,
        icon: isModule
          ? mediaUrl(view.moduleIconKey)
          : coach.photoKey
            ? `/api/media/${coach.photoKey}`
            : null,
      },
    });
  } catch (err) {
    if (err instanceof RequestNotHeldError)
      throw notHeldError(await findRequest(deps.db, view.id), options.coachId);
    throw err;
  }
  if (deps.announce) {
    // Only now, after the commit: a page must never hear of feedback that was rolled back.
    const notification = toWireNotification(written.notification);
    await deps
      .announce(view.userId, notification)
      .catch((err: unknown) =>
        deps.log?.warn(
          { err, requestId: view.id },
          'coach feedback notification not announced live',
        ),
      );
  }
  return { feedbackId: written.feedbackId, notificationId: written.notification.id };
}
