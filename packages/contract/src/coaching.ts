import { z } from 'zod';
import { defineRoute } from './route.ts';
import { EmptyRequestSchema } from './common.ts';

// spec: learning-experience §3 Credit info, §4 Credits dropdown text, §7 GET /user-credit-info,
// §8 Coaching limit; accounts-assessment-plans §4 coaching credit rules.

/** learning §8: the default text of the 'Coaching limit reached' dialog. */
export const COACHING_LIMIT_MESSAGE = 'You are out of coaching credit, please wait until the renewal date.';

export const UserCreditInfoSchema = z.object({
  can_submit_new_coaching_request: z.boolean(),
  remaining_coaching_credit: z.number().int().nonnegative(),
  is_coach_credit_enable: z.boolean(),
  is_with_feedback: z.boolean(),
  is_trialing: z.boolean(),
  /** The day the next credits arrive (YYYY-MM-DD), null without a with_feedback subscription. */
  renewal_date: z.string().nullable(),
  /** The credits dropdown text (§4), then the limit message when no credit is left (§8). */
  messages: z.array(z.string()),
});
export type UserCreditInfo = z.infer<typeof UserCreditInfoSchema>;

export const userCreditInfo = defineRoute({
  method: 'GET',
  path: '/user-credit-info',
  auth: 'learner',
  summary: 'The learner’s coaching credit: remaining sessions, whether a new request may be sent, and the texts to show.',
  request: EmptyRequestSchema,
  response: z.object({
    isError: z.literal(false),
    user_credit_info: z.object({ data: UserCreditInfoSchema }),
  }),
});

// ---------------------------------------------------------------- feedback (learner side)
// spec: learning §2 Module feedback, §3 Module feedback / Human coach feedback, §4 Feedback lesson
// states and Practice Again, §7 the feedback calls, §8 their messages. Issue 5.

const Id = z.coerce.number().int().positive();

/** The factors a coach stars, 1–5 each (issue 5: at least these four). */
export const FEEDBACK_FACTORS = ['pronunciation', 'fluency', 'intonation', 'stress'] as const;
export type FeedbackFactor = (typeof FEEDBACK_FACTORS)[number];
export const FEEDBACK_FACTOR_NAMES: Record<FeedbackFactor, string> = {
  pronunciation: 'Pronunciation',
  fluency: 'Fluency',
  intonation: 'Intonation',
  stress: 'Stress',
};
export const StarSchema = z.number().int().min(1).max(5);
export const FactorScoresSchema = z.object({
  pronunciation: StarSchema,
  fluency: StarSchema,
  intonation: StarSchema,
  stress: StarSchema,
});
export type FactorScores = z.infer<typeof FactorScoresSchema>;

/** spec §3 "scores (factor_name, score as star rating)". */
export const FactorScoreRowSchema = z.object({ factor_name: z.string(), score: StarSchema });

/**
 * The feedback lesson's state (spec: learning §4 Feedback lesson states), computed by the server:
 * - `available` (1): the coach's feedback, or an intro module's sample once every lesson is done;
 * - `upgrade` (2): no coaching on the learner's plan (app-only, or not subscribed);
 * - `final_incomplete` (3): 'You haven't completed your final assessment.';
 * - `preparing` (4): requested, not answered yet ('Your coach is preparing your feedback…');
 * - `not_requested`: final done on a coaching plan but never sent (sent with
 *   POST /module/request-feedback; the limit dialog when no credit is left).
 */
export const FEEDBACK_STATES = ['available', 'upgrade', 'final_incomplete', 'preparing', 'not_requested'] as const;
export const FeedbackStateSchema = z.enum(FEEDBACK_STATES);
export type FeedbackState = z.infer<typeof FeedbackStateSchema>;

/** spec §4 state 4 and state 3 texts. */
export const FEEDBACK_MESSAGES = {
  preparing:
    'Your coach is preparing your feedback. It will be ready in 1-2 days and you will receive a notification when it is ready to view.',
  finalIncomplete: "You haven't completed your final assessment.",
  practiceAgainFailed: 'Something went wrong, please try again later',
  notificationModuleMissing: 'Something went wrong',
  claimedByOther: 'Another coach is already working on this request.',
} as const;

export const FeedbackStatusSchema = z.object({
  state: FeedbackStateSchema,
  /** True when `available` comes from the intro module's sample feedback. */
  is_sample: z.boolean(),
  /** The open or answered request, if any. */
  request_id: z.number().int().nullable(),
});
export type FeedbackStatus = z.infer<typeof FeedbackStatusSchema>;

export const moduleFeedbackStatus = defineRoute({
  method: 'POST',
  path: '/module/feedback-status',
  auth: 'learner',
  summary: 'The feedback lesson state of a module for the caller (learning §4 Feedback lesson states).',
  request: z.object({ module_id: Id }),
  response: z.object({ isError: z.literal(false), data: FeedbackStatusSchema }),
});

export const CoachDataSchema = z.object({ name: z.string(), photo: z.string().nullable() });

export const moduleFeedback = defineRoute({
  method: 'POST',
  path: '/module/feedback',
  auth: 'learner',
  summary: 'The coach of the module’s feedback (name, photo); 404 when no feedback is available.',
  request: z.object({ module_id: Id }),
  response: z.object({ isError: z.literal(false), coachData: CoachDataSchema }),
});

export const PostLessonFeedbackSchema = z.object({
  id: z.number().int(),
  coach_photo: z.string().nullable(),
  coach_name: z.string(),
  created_at: z.string(),
  /** The coach's recorded reply (auth-protected for real feedback, public media for a sample). */
  audio_url: z.string().nullable(),
  /** The coach's written reply. */
  text: z.string(),
});

export const FeedbackRecordSchema = z.object({
  id: z.number().int(),
  /** What the learner was asked to say. */
  title: z.string(),
  /** The learner's recording (`/api/recordings/:id/audio`, bearer token), null when none. */
  recording_path: z.string().nullable(),
  created_at: z.string().nullable(),
});

export const FinalFeedbackRecordSchema = FeedbackRecordSchema.extend({
  post_lesson_title: z.string(),
  postlesson_feedbacks: z.array(PostLessonFeedbackSchema),
});

export const ModuleFeedbackAllSchema = z.object({
  module: z.object({ id: z.number().int(), title: z.string(), sub_title: z.string(), icon_url: z.string() }),
  /** The coach's summary. */
  description: z.string(),
  is_sample: z.boolean(),
  coach: CoachDataSchema,
  created_at: z.string(),
  userdata: z.object({
    prelessonRecords: z.array(FeedbackRecordSchema),
    finalRecords: z.array(FinalFeedbackRecordSchema),
  }),
  scores: z.array(FactorScoreRowSchema),
});
export type ModuleFeedbackAll = z.infer<typeof ModuleFeedbackAllSchema>;

export const moduleFeedbackAll = defineRoute({
  method: 'POST',
  path: '/module/feedback-all',
  auth: 'learner',
  summary: 'The whole module feedback: learner recordings, coach replies per final item, star scores. 404 when none is available.',
  request: z.object({ module_id: Id }),
  response: z.object({ isError: z.literal(false), data: ModuleFeedbackAllSchema }),
});

export const requestModuleFeedback = defineRoute({
  method: 'POST',
  path: '/module/request-feedback',
  auth: 'learner',
  summary:
    'Send the module’s final assessment to a coach, taking one coaching credit (idempotent: the open request is returned). 403 code `coaching_limit` with the limit message when no credit is left; 403 `no_coaching` without a coaching plan; 422 when the final assessment is incomplete.',
  request: z.object({ module_id: Id }),
  response: z.object({
    isError: z.literal(false),
    request_id: z.number().int(),
    remaining_coaching_credit: z.number().int().nonnegative(),
  }),
});

export const clearPostLesson = defineRoute({
  method: 'POST',
  path: '/clear-post-lesson',
  auth: 'learner',
  summary: 'Practice Again: archive the module’s feedback and clear the final assessment so it can be taken again.',
  request: z.object({ module_id: Id }),
  response: z.object({ isError: z.literal(false), message: z.string() }),
});

export const HumanCoachFeedbackSchema = z.object({
  id: z.number().int(),
  /** The initial assessment the feedback is about. */
  assessment_id: z.number().int().nullable(),
  coach_reply: z.string(),
  audio_records: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      /** The coach's recorded reply. */
      audio_url: z.string().nullable(),
      text: z.string(),
      /** The learner's recording the reply is about. */
      recording_path: z.string().nullable(),
    }),
  ),
  coach: z.object({ name: z.string(), photo_url: z.string().nullable() }),
  scores: z.array(FactorScoreRowSchema),
  created_at: z.string(),
});
export type HumanCoachFeedback = z.infer<typeof HumanCoachFeedbackSchema>;

export const getHumanCoachFeedback = defineRoute({
  method: 'GET',
  path: '/get-human-coach-feedback',
  auth: 'learner',
  summary:
    'The coach’s feedback on the caller’s fluency assessment: the one named by `feedback_id` (a notification’s object_id), else the latest; data null when there is none.',
  request: z.object({ feedback_id: Id.optional() }),
  response: z.object({ isError: z.literal(false), data: HumanCoachFeedbackSchema.nullable() }),
});

export const requestAssessmentCoachFeedback = defineRoute({
  method: 'POST',
  path: '/initial-assessment/request-coach-feedback',
  auth: 'learner',
  summary:
    'Ask a coach to review the caller’s completed fluency assessment, taking one coaching credit (idempotent). Same errors as /module/request-feedback.',
  request: z.object({ assessment_id: Id }),
  response: z.object({
    isError: z.literal(false),
    request_id: z.number().int(),
    remaining_coaching_credit: z.number().int().nonnegative(),
  }),
});

/** Playback of a coach's recorded reply: the learner it was for, coaches and admins. */
export const getCoachReplyAudio = defineRoute({
  method: 'GET',
  path: '/coach-replies/:id/audio',
  auth: 'user',
  summary: 'The audio of a coach reply (404 for anyone but its learner, coaches and admins). Bearer token; play as a blob URL.',
  request: z.object({ id: Id }),
  response: z.unknown(),
});

/** Playback of the learner's own recording in a feedback request (also fluency-assessment ones, which have no other route). */
export const getFeedbackItemAudio = defineRoute({
  method: 'GET',
  path: '/feedback-items/:id/audio',
  auth: 'learner',
  summary: 'The caller’s own recording of one item of their feedback request (404 for anyone else’s). Bearer token; play as a blob URL.',
  request: z.object({ id: Id }),
  response: z.unknown(),
});

/** Where a learner plays back the recording of a feedback request item. */
export function feedbackItemAudioPath(itemId: number): string {
  return `/api/feedback-items/${itemId}/audio`;
}

// ---------------------------------------------------------------- coach console (role 3)
// The specs leave coach roles out ("not shown"); issue 5 defines the console. Paths under /coach.

export const FEEDBACK_REQUEST_KINDS = ['module', 'initial_assessment'] as const;
export const FeedbackRequestKindSchema = z.enum(FEEDBACK_REQUEST_KINDS);
/** pending → claimed → answered; cleared by Practice Again. Release puts claimed back to pending. */
export const FEEDBACK_REQUEST_STATUSES = ['pending', 'claimed', 'answered', 'cleared'] as const;
export const FeedbackRequestStatusSchema = z.enum(FEEDBACK_REQUEST_STATUSES);

/** Requests waiting longer than this are marked overdue (feedback promised in 1–2 days). */
export const FEEDBACK_OVERDUE_HOURS = 48;

/**
 * A claim not submitted within this many hours goes back to the queue (hourly housekeeping), so a
 * coach who walks away never keeps a learner waiting past the 1–2 days promised.
 */
export const COACH_CLAIM_EXPIRY_HOURS = 12;

export const CoachQueueItemSchema = z.object({
  id: z.number().int(),
  kind: FeedbackRequestKindSchema,
  status: FeedbackRequestStatusSchema,
  learner_name: z.string(),
  /** The module's title, or 'Fluency assessment'. */
  title: z.string(),
  module_id: z.number().int().nullable(),
  item_count: z.number().int(),
  created_at: z.string(),
  waiting_minutes: z.number().int(),
  /** Waiting longer than FEEDBACK_OVERDUE_HOURS. */
  is_overdue: z.boolean(),
  claimed_by_me: z.boolean(),
  claimed_by_name: z.string().nullable(),
});
export type CoachQueueItem = z.infer<typeof CoachQueueItemSchema>;

export const CoachStatsSchema = z.object({
  answered_total: z.number().int(),
  answered_last_7_days: z.number().int(),
  /** Mean minutes from claim to submit over the coach's answered requests; null before the first. */
  average_minutes: z.number().nullable(),
  in_progress: z.number().int(),
  pending_total: z.number().int(),
});

export const coachQueue = defineRoute({
  method: 'GET',
  path: '/coach/queue',
  auth: 'coach',
  summary: 'Pending requests oldest first, the caller’s claimed ones, and the caller’s own counts.',
  request: EmptyRequestSchema,
  response: z.object({
    isError: z.literal(false),
    pending: z.array(CoachQueueItemSchema),
    mine: z.array(CoachQueueItemSchema),
    stats: CoachStatsSchema,
  }),
});

export const EnginePhoneSchema = z.object({
  arpabet: z.string(),
  ipa: z.string(),
  start_ms: z.number(),
  end_ms: z.number(),
  score: z.number(),
  heard_arpabet: z.string().nullable(),
  heard_ipa: z.string().nullable(),
});
export const EngineWordSchema = z.object({
  text: z.string(),
  start_ms: z.number(),
  end_ms: z.number(),
  accuracy: z.number(),
  phones: z.array(EnginePhoneSchema),
});
/** The engine's assessment of a learner recording, as the coach's error map draws it. */
export const CoachItemAssessmentSchema = z.object({
  status: z.enum(['pending', 'scored', 'retake', 'failed']),
  total: z.number().nullable(),
  accuracy: z.number().nullable(),
  fluency: z.number().nullable(),
  prosody: z.number().nullable(),
  quality: z.string().nullable(),
  words: z.array(EngineWordSchema),
});

export const CoachReplySchema = z.object({
  text: z.string(),
  reply_audio_id: z.number().int().nullable(),
  audio_url: z.string().nullable(),
});

export const CoachRequestItemSchema = z.object({
  /** The request item's id (one learner recording of the request). */
  id: z.number().int(),
  /** What the learner was asked to say. */
  title: z.string(),
  /** `/api/coach/items/:id/audio` (bearer token). */
  recording_url: z.string(),
  duration_ms: z.number().int(),
  assessment: CoachItemAssessmentSchema.nullable(),
  /** The submitted reply (answered requests), else null. */
  reply: CoachReplySchema.nullable(),
});

export const CoachRequestDetailSchema = CoachQueueItemSchema.extend({
  learner: z.object({ name: z.string(), native_language: z.string().nullable() }),
  claimed_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  /** Seconds spent, claim to submit, summed over claims. */
  time_spent_seconds: z.number().int(),
  items: z.array(CoachRequestItemSchema),
  /** Submitted feedback (answered requests), else null. */
  summary: z.string().nullable(),
  scores: FactorScoresSchema.nullable(),
});
export type CoachRequestDetail = z.infer<typeof CoachRequestDetailSchema>;

const RequestIdParams = z.object({ id: Id });

export const coachRequestDetail = defineRoute({
  method: 'GET',
  path: '/coach/requests/:id',
  auth: 'coach',
  summary: 'One request with its recordings and the engine’s error map; the caller must hold the claim (or have answered it).',
  request: RequestIdParams,
  response: z.object({ isError: z.literal(false), request: CoachRequestDetailSchema }),
});

export const claimFeedbackRequest = defineRoute({
  method: 'POST',
  path: '/coach/requests/:id/claim',
  auth: 'coach',
  summary: 'Claim a pending request (idempotent for its holder); 409 when another coach holds it.',
  request: RequestIdParams,
  response: z.object({ isError: z.literal(false), request: CoachRequestDetailSchema }),
});

export const releaseFeedbackRequest = defineRoute({
  method: 'POST',
  path: '/coach/requests/:id/release',
  auth: 'coach',
  summary: 'Give a claimed request back to the queue.',
  request: RequestIdParams,
  response: z.object({ isError: z.literal(false), message: z.string() }),
});

export const uploadCoachReplyAudio = defineRoute({
  method: 'POST',
  path: '/coach/requests/:id/reply-audio',
  auth: 'coach',
  multipart: true,
  summary: 'Store a recorded reply for one item before submitting (checked like learner uploads). Field `recorded_file`.',
  request: z.object({ id: Id, item_id: Id, duration: z.string().optional() }),
  response: z.object({ isError: z.literal(false), reply_audio_id: z.number().int(), audio_url: z.string() }),
});

export const SubmitCoachFeedbackSchema = z.object({
  id: Id,
  summary: z.string().trim().min(1, 'Please write a short summary for the learner.').max(4000),
  scores: FactorScoresSchema,
  replies: z
    .array(
      z.object({
        item_id: Id,
        text: z.string().trim().max(4000).default(''),
        reply_audio_id: Id.nullable().default(null),
      }),
    )
    .min(1),
});

export const submitCoachFeedback = defineRoute({
  method: 'POST',
  path: '/coach/requests/:id/submit',
  auth: 'coach',
  summary:
    'Submit the feedback atomically (feedback, replies, the learner’s notification and the request’s state, or nothing). Every item needs an audio or a written reply.',
  request: SubmitCoachFeedbackSchema,
  response: z.object({ isError: z.literal(false), feedback_id: z.number().int(), notification_id: z.number().int() }),
});

/** Coaches play learner recordings of requests they hold or answered. */
export const getCoachRecordingAudio = defineRoute({
  method: 'GET',
  path: '/coach/items/:id/audio',
  auth: 'coach',
  summary: 'The learner recording of a request item the caller holds or answered (404 otherwise).',
  request: z.object({ id: Id }),
  response: z.unknown(),
});

export const coachingRoutes = {
  userCreditInfo,
  moduleFeedbackStatus,
  moduleFeedback,
  moduleFeedbackAll,
  requestModuleFeedback,
  clearPostLesson,
  getHumanCoachFeedback,
  requestAssessmentCoachFeedback,
  getCoachReplyAudio,
  getFeedbackItemAudio,
} as const;

export const coachConsoleRoutes = {
  coachQueue,
  coachRequestDetail,
  claimFeedbackRequest,
  releaseFeedbackRequest,
  uploadCoachReplyAudio,
  submitCoachFeedback,
  getCoachRecordingAudio,
} as const;
