import { z } from 'zod';
import { defineRoute } from './route.ts';
import { EmptyRequestSchema } from './common.ts';

// spec: learning-experience §3 (Module list, Module detail, Lesson item, AI result, Fluency result)
// and §7 (the calls). Field names are the spec's, misspellings included.

const Id = z.coerce.number().int().positive();

export const LESSON_TYPES = [
  'preLesson',
  'guidedLesson',
  'fluencyActivity',
  'finalAssessment',
  'feedback',
  'review',
] as const;
export const LessonRouteTypeSchema = z.enum(LESSON_TYPES);

/** lesson_type on a lesson item (note `finalAssignment` here, `finalAssessment` in routes). */
export const LessonItemTypeSchema = z.enum([
  'preLesson',
  'guidedLesson',
  'fluencyActivity',
  'finalAssignment',
  'review',
  'feedback',
]);
export const GuidedLessonTypeSchema = z.enum([
  'lesson',
  'listen_records',
  'listen_options',
  'recognising_tools',
]);

export const ModuleCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  sub_title: z.string(),
  icon_url: z.string(),
  /** 0–100; shown when above 0 (spec §2). */
  score: z.number(),
  /** 0–100. */
  user_progress: z.number(),
  is_unlocked: z.boolean(),
  is_feed_back_avilable: z.boolean(),
  /** Feedback requested and not yet given (the sand-clock, spec §2). */
  is_feedback_pending: z.boolean(),
  intro_module: z.boolean(),
  /** ARPAbet sounds the module trains. */
  sounds: z.array(z.string()),
});
export type ModuleCard = z.infer<typeof ModuleCardSchema>;

export const ModuleGroupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  is_trial: z.boolean(),
  modules: z.array(ModuleCardSchema),
});

export const ModuleListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({
    introModules: z.array(ModuleCardSchema),
    trialModules: z.array(ModuleCardSchema),
    othModules: z.array(ModuleGroupSchema),
    is_subscribed: z.boolean(),
  }),
});

export const moduleListV3 = defineRoute({
  method: 'GET',
  path: '/module/list/v3',
  auth: 'learner',
  summary: 'The module list: intro, trial and grouped modules with progress and scores.',
  request: EmptyRequestSchema,
  response: ModuleListResponseSchema,
});
export const moduleList = defineRoute({
  method: 'GET',
  path: '/module/list',
  auth: 'learner',
  summary: 'Older module list; same body as v3.',
  request: EmptyRequestSchema,
  response: ModuleListResponseSchema,
});

export const ListenSelectOptionSchema = z.object({ title: z.string(), correct: z.boolean() });

export const LessonItemSchema = z.object({
  id: z.number().int(),
  module_id: z.number().int(),
  unique_id: z.string(),
  lesson_title: z.string(),
  title: z.string(),
  lesson_type: LessonItemTypeSchema,
  guided_lesson_type: GuidedLessonTypeSchema.nullable(),
  start_message: z.string().nullable(),
  end_message: z.string().nullable(),
  description: z.string().nullable(),
  description_first: z.string().nullable(),
  description_second: z.string().nullable(),
  file_type: z.enum(['video', 'audio', 'text']).nullable(),
  file_url: z.string().nullable(),
  /** WebVTT captions for video lessons. */
  caption_url: z.string().nullable(),
  audio_url: z.string().nullable(),
  word: z.string().nullable(),
  words: z.array(z.string()),
  is_completed: z.boolean(),
  isCompleted: z.boolean(),
  icon_url: z.string().nullable(),
  type: z.string().nullable(),
  hasFeedback: z.boolean(),
  assignment_file: z.string().nullable(),
  /** URL of the learner's latest recording for this item, if any. */
  user_recorded_file: z.string().nullable(),
  text_to_speech: z.string().nullable(),
  voice_url: z.string().nullable(),
  pivot: z.object({
    module_id: z.number().int(),
    fluency_activity_id: z.number().int().nullable(),
  }),
  listen_select_options: z.array(ListenSelectOptionSchema),
  score: z.number().nullable(),
});
export type LessonItem = z.infer<typeof LessonItemSchema>;

export const ModuleDetailSchema = z.object({
  module_id: z.number().int(),
  module_code: z.string(),
  title: z.string(),
  description: z.string(),
  list_icon: z.string(),
  intro_module: z.boolean(),
  is_unlocked: z.boolean(),
  sounds: z.array(z.string()),
  prelesson: z.object({
    prelessons: z.array(LessonItemSchema),
    pre_lesson_start_msg: z.string(),
    pre_lesson_completion_msg: z.string(),
  }),
  guided_lesson: z.object({
    video_lessons: z.object({
      lessons: z.array(LessonItemSchema),
      video_lesson_start_msg: z.string(),
      video_lesson_completion_msg: z.string(),
    }),
    listen_and_records: z.object({
      lesson_and_records: z.array(LessonItemSchema),
      title: z.string(),
      icon_url: z.string(),
      gray_icon_url: z.string(),
      is_completed: z.boolean(),
      listen_record_start_msg: z.string(),
      listen_record_completion_msg: z.string(),
    }),
    listen_and_choose_correct_option: z.object({
      listen_and_choose_correct_options: z.array(LessonItemSchema),
      title: z.string(),
      icons: z.string(),
      listen_choose_start_msg: z.string(),
      listen_option_result_msg: z.string(),
    }),
    recognising_tools: z.object({
      recognising_tools: z.array(LessonItemSchema),
      title: z.string(),
      icons: z.string(),
      recognising_tool_start_msg: z.string(),
      recognising_tool_completion_msg: z.string(),
    }),
  }),
  fluency_activity: z.object({
    fluency_activities: z.array(LessonItemSchema),
    fluency_activity_start_msg: z.string(),
    fluency_activity_completion_msg: z.string(),
  }),
  final_assignment: z.array(
    LessonItemSchema.extend({ start_msg: z.string(), completion_msg: z.string() }),
  ),
});
export type ModuleDetail = z.infer<typeof ModuleDetailSchema>;

export const ModuleIdRequestSchema = z.object({ module_id: Id });

export const moduleDetail = defineRoute({
  method: 'POST',
  path: '/module/detail',
  auth: 'learner',
  summary: 'One module with every section and lesson item, and the learner’s completion.',
  request: ModuleIdRequestSchema,
  response: z.object({ isError: z.literal(false), data: ModuleDetailSchema }),
});

// ---- progress and position ----

/** The player's position in a module; `step` is the route's lesson type. Decision: docs/decisions/008. */
export const SaveStepRequestSchema = z.object({
  module_id: Id,
  step: LessonRouteTypeSchema,
  step_id: z.coerce.string().min(1).max(100),
});
export const saveStep = defineRoute({
  method: 'POST',
  path: '/module/save/step',
  auth: 'learner',
  summary: 'Remember where the learner is in a module (resume point).',
  request: SaveStepRequestSchema,
  response: z.object({ isError: z.literal(false), message: z.string() }),
});

/** Progress call (learning §4 Progress reporting): a finished step that was not yet completed. */
export const stepProgress = defineRoute({
  method: 'POST',
  path: '/module/step',
  auth: 'learner',
  summary: 'Mark a step (a lesson item, or a whole section for its last item) completed.',
  request: SaveStepRequestSchema,
  response: z.object({
    isError: z.literal(false),
    message: z.string(),
    user_progress: z.number(),
    is_completed: z.boolean(),
  }),
});

export const getListenOptions = defineRoute({
  method: 'POST',
  path: '/module/getlisten-options',
  auth: 'learner',
  summary: 'The listen-and-choose items of a module with their options.',
  request: ModuleIdRequestSchema,
  response: z.object({ isError: z.literal(false), data: z.array(LessonItemSchema) }),
});

export const FluencyCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  module_ids: z.array(z.number().int()),
});
export const fluencyCategories = defineRoute({
  method: 'GET',
  path: '/fluency/categories',
  auth: 'learner',
  summary: 'Categories of fluency activities (linking, stress, intonation, …).',
  request: EmptyRequestSchema,
  response: z.object({ isError: z.literal(false), data: z.array(FluencyCategorySchema) }),
});

export const moduleScore = defineRoute({
  method: 'POST',
  path: '/v1/module/score',
  auth: 'learner',
  summary: 'The learner’s score for a module, 0–100, from its scored recordings and choices.',
  request: ModuleIdRequestSchema,
  response: z.object({
    isError: z.literal(false),
    module_score: z.number(),
    section_scores: z.record(z.string(), z.number().nullable()),
  }),
});

export const moduleReview = defineRoute({
  method: 'POST',
  path: '/module/review',
  auth: 'learner',
  summary: 'Review screen data: the module and the learner’s results in it.',
  request: ModuleIdRequestSchema,
  response: z.object({
    isError: z.literal(false),
    data: z.object({
      module: ModuleCardSchema,
      userdata: z.object({
        module_score: z.number(),
        completed_steps: z.number().int(),
        total_steps: z.number().int(),
        weakest_sounds: z.array(
          z.object({ phone: z.string(), ipa: z.string(), score: z.number() }),
        ),
        recordings: z.array(
          z.object({
            id: z.number().int(),
            title: z.string(),
            url: z.string(),
            score: z.number().nullable(),
            created_at: z.string(),
          }),
        ),
      }),
    }),
  }),
});

export const storeReview = defineRoute({
  method: 'POST',
  path: '/review/store',
  auth: 'learner',
  summary: 'The learner’s rating (1–5) and comment on a fluency activity.',
  request: z.object({
    fluency_activities_id: Id,
    rating: z.coerce.number().int().min(1).max(5),
    review: z.string().max(2000).default(''),
  }),
  response: z.object({ isError: z.literal(false), message: z.string() }),
});

// ---- AI results (learning §3 AI result, Fluency result; §7 Meaning of the answers) ----

/** A sound as the engine judged it; explainable down to the phone. */
export const PhoneAssessmentSchema = z.object({
  phone: z.string(),
  ipa: z.string(),
  /** 0–100. */
  score: z.number(),
  start_ms: z.number(),
  end_ms: z.number(),
  /** What the engine heard most likely, when it differs from the expected sound. */
  heard: z.string().nullable(),
  heard_ipa: z.string().nullable(),
});
export const WordAssessmentSchema = z.object({
  text: z.string(),
  start_ms: z.number(),
  end_ms: z.number(),
  accuracy: z.number(),
  stress_ok: z.boolean().nullable(),
  phones: z.array(PhoneAssessmentSchema),
});

export const AiSmartCoachDataSchema = z.object({
  /** Phone scores on the spec's 0–3 scale (colours: ≤1.5 red, ≤2 orange, >2 green). */
  alignment_info: z.array(z.object({ phone: z.string(), score: z.number() })),
  /** Letters aligned to phones; bar height is score/3. */
  letter_based: z.array(z.object({ letter: z.string(), score: z.number(), color: z.string() })),
  custom_result: z.array(
    z.object({
      custom_title: z.enum(['Improvement advice', 'Nativeness']),
      custom_value: z.string(),
    }),
  ),
  advice_voice: z.object({ has_voice: z.boolean(), link: z.string().nullable() }),
  /** Overall 0–100. */
  score: z.number(),
  words: z.array(WordAssessmentSchema),
  recording_id: z.number().int(),
  /** Status 201: why the recording should be made again. */
  error_message: z.string().optional(),
});
export const aiSmartCoach = defineRoute({
  method: 'POST',
  path: '/v3/ai-smart-coach',
  auth: 'learner',
  multipart: true,
  summary: 'Store a recording of a word, then score it phone by phone (recognising tools).',
  request: z.object({ module_code: z.string().min(1).max(50), text: z.string().min(1).max(500) }),
  response: z.object({
    isError: z.literal(false),
    ai_data: z.object({
      status: z.union([z.literal(200), z.literal(201)]),
      data: AiSmartCoachDataSchema,
    }),
  }),
});

export const FluencyDataSchema = z.object({
  /** 653 evaluated; 648 evaluated with warnings (long pauses, missing words). */
  status: z.union([z.literal(653), z.literal(648)]),
  widgets: z.array(
    z.object({
      widget_data: z.object({
        words: z.array(z.object({ word: z.string(), score: z.number() })),
        speech_rate_wpm: z.number(),
        pause_count: z.number().int(),
        pause_ms: z.number(),
        fluency: z.number(),
        prosody: z.number(),
        accuracy: z.number(),
        completeness: z.number(),
      }),
    }),
  ),
  score: z.array(z.object({ score: z.number() })),
  voice_urls: z.array(z.object({ word: z.string(), url: z.string() })),
  analysis: z.object({
    syllable_score_list: z.array(
      z.object({
        syllable: z.string(),
        word: z.string(),
        score: z.number(),
        stress_ok: z.boolean().nullable(),
      }),
    ),
    phone_score_list: z.array(
      z.object({ phone: z.string(), ipa: z.string(), word: z.string(), score: z.number() }),
    ),
  }),
  warnings: z.array(z.string()),
  recording_id: z.number().int(),
});
export const fluencyEvaluation = defineRoute({
  method: 'POST',
  path: '/fluency-evaluation',
  auth: 'learner',
  multipart: true,
  summary: 'Store a recording of a sentence, then evaluate its fluency word by word.',
  request: z.object({
    module_id: Id,
    module_code: z.string().min(1).max(50),
    text: z.string().min(1).max(1000),
  }),
  response: z.object({ isError: z.literal(false), ai_data: FluencyDataSchema }),
});

// ---- uploads (multipart; `recorded_file` is the audio part) ----

/** "mm:ss" as the client sends it. */
export const DurationSchema = z.string().regex(/^\d{1,2}:\d{2}$/, 'Duration must be mm:ss.');

const UploadResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
  recording_id: z.number().int(),
  file_url: z.string(),
});

export const uploadRecord = defineRoute({
  method: 'POST',
  path: '/module/upload-record',
  auth: 'learner',
  multipart: true,
  summary: 'Store a recording (pre lesson uses assessment_type pre_lesson).',
  request: z.object({
    assessment_id: Id,
    assessment_type: z.enum(['pre_lesson', 'final', 'other']).default('other'),
    duration: DurationSchema,
  }),
  response: UploadResponseSchema,
});

export const uploadListenRecord = defineRoute({
  method: 'POST',
  path: '/module/upload-listen-record',
  auth: 'learner',
  multipart: true,
  summary: 'Store a listen-and-record recording.',
  request: z.object({ listen_record_id: Id, duration: DurationSchema }),
  response: UploadResponseSchema,
});

export const uploadFinalRecord = defineRoute({
  method: 'POST',
  path: '/module/upload-final-record',
  auth: 'learner',
  multipart: true,
  summary: 'Store a final-assessment recording, then score it.',
  request: z.object({
    assessment_id: Id,
    module_id: Id,
    assessment_type: z.literal('final').default('final'),
    duration: DurationSchema,
  }),
  response: UploadResponseSchema.extend({
    ai_scores: z
      .object({
        score: z.number(),
        accuracy: z.number(),
        fluency: z.number(),
        prosody: z.number(),
        completeness: z.number(),
        quality: z.string(),
      })
      .nullable(),
  }),
});

/** Upload limits (issue 4): audio types only, at most 45 s plus a margin, at most 5 MB. */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxDurationMs: 45_000,
  durationMarginMs: 2_000,
  mimeTypes: [
    'audio/mpeg',
    'audio/mp3',
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
    'audio/webm',
    'audio/ogg',
    'audio/mp4',
    'audio/aac',
    'audio/x-m4a',
    'audio/flac',
  ],
} as const;

/**
 * A listen-and-choose answer (spec §4 Listen-and-choose answer, §5 one answer per item): the
 * server keeps the first answer per item, so the module score's 10 × correct / total (§9) counts
 * what the learner chose. A repeat answers the stored result. Added with issue 4's server.
 */
export const listenAnswer = defineRoute({
  method: 'POST',
  path: '/module/listen-answer',
  auth: 'learner',
  summary: 'Record the learner’s choice for a listen-and-choose item (first answer counts).',
  request: z.object({
    module_id: Id,
    step_id: z.coerce.string().min(1).max(100),
    answer: z.string().trim().min(1).max(60),
  }),
  response: z.object({
    isError: z.literal(false),
    is_correct: z.boolean(),
    /** The answer that counts: the first one sent for this item. */
    answer: z.string(),
    correct_answer: z.string(),
  }),
});

export const modulesRoutes = {
  moduleListV3,
  moduleList,
  moduleDetail,
  saveStep,
  stepProgress,
  getListenOptions,
  fluencyCategories,
  moduleScore,
  moduleReview,
  storeReview,
  aiSmartCoach,
  fluencyEvaluation,
  uploadRecord,
  uploadListenRecord,
  uploadFinalRecord,
  listenAnswer,
} as const;
