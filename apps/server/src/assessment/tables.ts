import type { ColumnType, Generated } from 'kysely';

// Table types of migration 20261121200000_create_assessment_and_notifications (assessment side),
// merged into lib/db.ts's `Database` like modules/tables.ts.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: written as a JSON string, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export type AssessmentRecordStatus = 'stored' | 'scored' | 'retake' | 'failed';

/** How often and how badly one sound failed in an assessment (the study plan's weights). */
export interface SoundWeight {
  phone: string;
  ipa: string;
  /** Times the sound scored below the advice threshold. */
  failures: number;
  /** Times it was said at all. */
  occurrences: number;
  /** Lowest score, 0–100. */
  lowestScore: number;
  /** Mean score, 0–100. */
  meanScore: number;
  /** Sum over its failures of (threshold − score): how often × how badly. */
  weight: number;
}

export interface AnonymousVisitorsTable {
  id: string;
  createdAt: Timestamp;
  claimedByUserId: number | null;
  claimedAt: Timestamp | null;
}

export interface AssessmentRecordsTable {
  id: Generated<number>;
  userId: number | null;
  anonymousId: string | null;
  itemId: number;
  text: string;
  nativeLanguage: string | null;
  blobKey: string;
  mimeType: string;
  durationMs: number;
  sizeBytes: number;
  status: AssessmentRecordStatus;
  score: number | null;
  engineResult: Json<unknown> | null;
  createdAt: Timestamp;
}

export interface AssessmentResultsTable {
  id: Generated<number>;
  userId: number | null;
  anonymousId: string | null;
  result: Json<unknown>;
  soundWeights: Json<SoundWeight[]>;
  overallScore: number;
  /** Sorted ids of the scored recordings, comma-separated (migration 20261121200100; null before it). */
  recordIds: string | null;
  createdAt: Timestamp;
}

export interface StudyPlanModulesTable {
  userId: number;
  moduleId: number;
  assessmentId: number;
  priority: number;
  sounds: Json<string[]>;
  createdAt: Timestamp;
}

export interface VariablesTable {
  key: string;
  value: number;
}

declare module '../lib/db.ts' {
  interface Database {
    anonymousVisitors: AnonymousVisitorsTable;
    assessmentRecords: AssessmentRecordsTable;
    assessmentResults: AssessmentResultsTable;
    studyPlanModules: StudyPlanModulesTable;
    variables: VariablesTable;
  }
}
