import type { ColumnType, Generated } from 'kysely';

// Table types of migration 20261121190000_create_course_and_progress, merged into lib/db.ts's
// `Database` (declaration merging keeps the accounts tables' file untouched).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: written as a JSON string, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export type LessonTypeColumn = 'preLesson' | 'guidedLesson' | 'fluencyActivity' | 'finalAssignment';
export type GuidedLessonTypeColumn = 'lesson' | 'listen_records' | 'listen_options' | 'recognising_tools';
export type RecordingKind = 'pre_lesson' | 'listen_record' | 'recognising_tool' | 'fluency' | 'final' | 'other';
export type AssessmentStatus = 'pending' | 'scored' | 'retake' | 'failed';

/** A section's title and card messages, as the module detail shows them. */
export interface SectionTexts {
  title: string;
  startMessage: string;
  completionMessage: string;
}
export type SectionKey = 'preLesson' | 'videoLessons' | 'listenAndRecord' | 'listenAndChoose' | 'recognisingTools' | 'fluencyActivities' | 'finalAssessment';
export type ModuleSections = Record<SectionKey, SectionTexts>;

export interface ModuleGroupsTable {
  id: Generated<number>;
  code: string;
  title: string;
  sortOrder: number;
  isTrial: boolean;
  isActive: Generated<boolean>;
}

export interface ModulesTable {
  id: number;
  code: string;
  slug: string;
  groupId: number;
  sortOrder: number;
  title: string;
  subTitle: string;
  description: string;
  iconKey: string;
  grayIconKey: string;
  isIntro: boolean;
  focus: 'sounds' | 'prosody';
  sounds: Json<string[]>;
  sections: Json<ModuleSections>;
  sampleFeedback: Json<unknown> | null;
  isActive: Generated<boolean>;
}

export interface LessonsTable {
  id: Generated<number>;
  uniqueId: string;
  moduleId: number;
  lessonType: LessonTypeColumn;
  guidedLessonType: GuidedLessonTypeColumn | null;
  position: number;
  title: string;
  text: string | null;
  description: string | null;
  tip: string | null;
  focus: Json<string[]>;
  options: Json<{ title: string; correct: boolean }[]>;
  videoKey: string | null;
  captionKey: string | null;
  audioKey: string | null;
  isActive: Generated<boolean>;
}

export interface LessonCompletionsTable {
  userId: number;
  lessonId: number;
  completedAt: Timestamp;
}

export interface ModulePositionsTable {
  userId: number;
  moduleId: number;
  step: string;
  stepId: string;
  updatedAt: Timestamp;
}

export interface ListenChooseAnswersTable {
  userId: number;
  lessonId: number;
  answer: string;
  isCorrect: boolean;
  answeredAt: Timestamp;
}

export interface ModuleScoresTable {
  userId: number;
  moduleId: number;
  score: number;
  sectionScores: Json<Record<string, number | null>>;
  updatedAt: Timestamp;
}

export interface FluencyReviewsTable {
  userId: number;
  lessonId: number;
  rating: number;
  review: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RecordingsTable {
  id: Generated<number>;
  userId: number;
  moduleId: number | null;
  lessonId: number | null;
  kind: RecordingKind;
  text: string | null;
  blobKey: string;
  mimeType: string;
  durationMs: number;
  sizeBytes: number;
  createdAt: Timestamp;
}

export interface AssessmentsTable {
  id: Generated<number>;
  recordingId: number;
  kind: 'pronunciation' | 'fluency';
  status: AssessmentStatus;
  score: number | null;
  engineResult: Json<unknown> | null;
  error: string | null;
  attempts: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ModelVoicesTable {
  id: Generated<number>;
  text: string;
  blobKey: string;
  mimeType: string;
  createdAt: Timestamp;
}

declare module '../lib/db.ts' {
  interface Database {
    moduleGroups: ModuleGroupsTable;
    modules: ModulesTable;
    lessons: LessonsTable;
    lessonCompletions: LessonCompletionsTable;
    modulePositions: ModulePositionsTable;
    listenChooseAnswers: ListenChooseAnswersTable;
    moduleScores: ModuleScoresTable;
    fluencyReviews: FluencyReviewsTable;
    recordings: RecordingsTable;
    assessments: AssessmentsTable;
    modelVoices: ModelVoicesTable;
  }
}
