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
  pivot: z.object({ module_id: z.number().int(), fluency_activity_id: z.number().int().nullable() }),
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
