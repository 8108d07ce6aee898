import { z } from 'zod';
import { defineRoute } from './route.ts';
import { EmptyRequestSchema } from './common.ts';
import { DurationSchema } from './modules.ts';

// spec: accounts-assessment-plans §2 Fluency assessment, §3 (Initial assessment item, Assessment
// record, upload payloads), §4, §6 (anonymous visitors), §7 Assessment, §8, §9; learning §3
// (Initial assessment status, Assessment result), §7 (personalized-training-plan).

const AnonymousIdSchema = z.string().uuid('That visitor id is not valid.');

/**
 * accounts §9: the languages with an intro video of their own (lower case, as the
 * `{language}-asmtvideo` variables and the content's video keys name them). One list for the
 * content (which builds the videos), the server and the web client (which picks one).
 */
export const INTRO_VIDEO_LANGUAGES = [
  'english',
  'spanish',
  'bengali',
  'chinese',
  'hindi',
  'portuguese',
  'french',
  'arabic',
] as const;
export type IntroVideoLanguage = (typeof INTRO_VIDEO_LANGUAGES)[number];

/** Native-language radios and dropdown of the assessment (accounts §9). */
export const ASSESSMENT_LANGUAGE_RADIOS = [
  'Spanish',
  'Chinese',
  'Hindi',
  'Portuguese',
  'Persian',
  'Arabic',
  'Other',
] as const;
export const ASSESSMENT_LANGUAGE_DROPDOWN = [
  'Bengali',
  'Russian',
  'Japanese',
  'Punjabi',
  'German',
  'Javanese',
  'Malay/Indonesian',
  'Korean',
  'Telugu',
  'Vietnamese',
  'French',
  'Marathi',
  'Tamil',
  'Urdu',
  'Turkish',
  'Italian',
  'Thai',
  'Polish',
  'Others',
] as const;

export const InitialAssessmentItemSchema = z.object({
  id: z.number().int(),
  /** The text to say. */
  title: z.string(),
  kind: z.enum(['word', 'sentence']),
  /** ARPAbet sounds the item tests. */
  sounds: z.array(z.string()),
  /** Model pronunciation. */
  audio_url: z.string().nullable(),
});

const ItemsResponseSchema = z.object({
  isError: z.literal(false),
  initial_assessments: z.array(InitialAssessmentItemSchema),
  /** Waiting-screen tips; the first starts "Hang Tight!..." (accounts §2 step 3). */
  tips: z.array(z.string()),
});

export const generateAnonymousId = defineRoute({
  method: 'GET',
  path: '/generate-anonymous-id',
  auth: 'public',
  summary: 'A new anonymous visitor id for taking the assessment signed out.',
  request: EmptyRequestSchema,
  response: z.object({ isError: z.literal(false), gen_uuid: z.string().uuid() }),
});

export const initialAssessments = defineRoute({
  method: 'GET',
  path: '/initial-assessments',
  auth: 'learner',
  summary: 'The assessment items, for a signed-in learner.',
  request: EmptyRequestSchema,
  response: ItemsResponseSchema,
});

export const initialAssessmentsV2 = defineRoute({
  method: 'GET',
  path: '/v2/initial-assessments',
  auth: 'public',
  summary: 'The assessment items, for an anonymous visitor.',
  request: z.object({ anonymousUserId: AnonymousIdSchema }),
  response: ItemsResponseSchema,
});

/** Multipart: `recorded_file` plus these fields (accounts §3 Upload payload). */
export const UploadAssessmentRecordFieldsSchema = z.object({
  initial_assessment_id: z.coerce.number().int().positive(),
  text: z.string().min(1).max(500),
  duration: DurationSchema,
  native_language: z.string().max(60).optional(),
});
const UploadAssessmentRecordResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
  assessment_record_id: z.number().int(),
});

export const uploadInitialAssessmentRecord = defineRoute({
  method: 'POST',
  path: '/upload-initial-assessment-record',
  auth: 'learner',
  multipart: true,
  summary: 'Store one assessment recording of a signed-in learner (scored later, with the others).',
  request: UploadAssessmentRecordFieldsSchema,
  response: UploadAssessmentRecordResponseSchema,
});

export const uploadInitialAssessmentRecordV2 = defineRoute({
  method: 'POST',
  path: '/v2/upload-initial-assessment-record',
  auth: 'public',
  multipart: true,
  summary: 'Store one assessment recording of an anonymous visitor.',
  request: UploadAssessmentRecordFieldsSchema.extend({ anonymousUserId: AnonymousIdSchema }),
  response: UploadAssessmentRecordResponseSchema,
});

export const AssessmentWordSchema = z.object({
  word: z.string(),
  score: z.number(),
  /** Picture for the word, when the content has one. */
  image_url: z.string().nullable(),
  /** Model pronunciation. */
  voice_url: z.string().nullable(),
  weak_sounds: z.array(z.object({ phone: z.string(), ipa: z.string(), score: z.number() })),
});

/** The AI result of the assessment (learning §3 Assessment result; issue 6). */
export const AssessmentResultSchema = z.object({
  assessment_id: z.number().int(),
  /** 0–100. */
  overall_score: z.number(),
  summary: z.string(),
  strengths: z.array(z.string()),
  /** The three sounds to work on first, weakest first. */
  focus_sounds: z.array(
    z.object({ phone: z.string(), ipa: z.string(), score: z.number(), tip: z.string() }),
  ),
  items: z.array(
    z.object({
      initial_assessment_id: z.number().int(),
      text: z.string(),
      score: z.number().nullable(),
      /** Why the item could not be judged (quality verdict), if so. */
      retake_reason: z.string().nullable(),
      words: z.array(AssessmentWordSchema),
    }),
  ),
  words: z.array(AssessmentWordSchema),
  text_tips: z.array(z.string()),
  voice_tips: z.array(z.object({ text: z.string(), voice_url: z.string() })),
  created_at: z.string(),
});
export type AssessmentResult = z.infer<typeof AssessmentResultSchema>;

export const UploadAiServerRequestSchema = z.object({
  assessment_record_ids: z.array(z.coerce.number().int().positive()).min(1).max(50),
  texts: z.array(z.string().max(500)).max(50),
  questions: z.array(z.coerce.number().int()).max(50),
  native_language: z.string().max(60).optional(),
});
const UploadAiServerResponseSchema = z.object({
  isError: z.literal(false),
  ai_response: z.object({ data: AssessmentResultSchema }),
});

export const uploadAiServer = defineRoute({
  method: 'POST',
  path: '/upload-ai-server',
  auth: 'learner',
  summary: 'Score the stored assessment recordings, build the study plan and notify the learner.',
  request: UploadAiServerRequestSchema,
  response: UploadAiServerResponseSchema,
});

export const uploadAiServerV2 = defineRoute({
  method: 'POST',
  path: '/v2/upload-ai-server',
  auth: 'public',
  summary:
    'Score an anonymous visitor’s assessment; the result is shown after sign-up (accounts §6).',
  request: UploadAiServerRequestSchema.extend({ anonymousUserId: AnonymousIdSchema }),
  response: z.object({
    isError: z.literal(false),
    message: z.string(),
    assessment_id: z.number().int(),
  }),
});

export const initialAssessmentStatus = defineRoute({
  method: 'GET',
  path: '/initial-assessment-status',
  auth: 'learner',
  summary: 'Whether the learner completed the assessment and has a study plan.',
  request: EmptyRequestSchema,
  response: z.object({
    isError: z.literal(false),
    is_user_completed: z.boolean(),
    is_recommended_module_avilable: z.boolean(),
    /** The initial-assessment-ai-feedback notification, when there is one. */
    notification_id: z.number().int().nullable(),
  }),
});

/** The variables endpoint on the company API: key "{language}-asmtvideo" (accounts §2, §7). */
export const getVariable = defineRoute({
  method: 'GET',
  path: '/variables',
  auth: 'public',
  summary: 'A public variable; "{language}-asmtvideo" chooses the intro video (even: English).',
  request: z.object({ key: z.string().regex(/^[a-z-]{1,60}$/) }),
  response: z.object({
    isError: z.literal(false),
    key: z.string(),
    value: z.number().int(),
    video_url: z.string().nullable(),
  }),
});

export const getAiCoachFeedback = defineRoute({
  method: 'GET',
  path: '/get-ai-coach-feedback',
  auth: 'learner',
  summary: 'The learner’s latest assessment AI result.',
  request: EmptyRequestSchema,
  response: UploadAiServerResponseSchema,
});

// ---- study plan (learning §7: sorted by user_progress ascending) ----

export const personalizedTrainingPlan = defineRoute({
  method: 'GET',
  path: '/personalized-training-plan',
  auth: 'learner',
  summary: 'The learner’s study plan: modules training their weakest sounds first.',
  request: EmptyRequestSchema,
  response: z.object({
    isError: z.literal(false),
    data: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        sub_title: z.string(),
        icon_url: z.string(),
        user_progress: z.number(),
        score: z.number(),
        is_unlocked: z.boolean(),
        /** Higher = more urgent; from how often and how badly the module's sounds failed. */
        priority: z.number(),
        /** The weak sounds this module trains. */
        sounds: z.array(z.string()),
      }),
    ),
  }),
});

export const assessmentRoutes = {
  generateAnonymousId,
  initialAssessments,
  initialAssessmentsV2,
  uploadInitialAssessmentRecord,
  uploadInitialAssessmentRecordV2,
  uploadAiServer,
  uploadAiServerV2,
  initialAssessmentStatus,
  getVariable,
  getAiCoachFeedback,
  personalizedTrainingPlan,
} as const;
