import type { ColumnType, Generated } from 'kysely';
import type { FactorScores } from '@clearspeak/contract';

// Table types of migration 20261121210000_create_coaching, merged into lib/db.ts's `Database`.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: written as a JSON string, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export type FeedbackRequestKind = 'module' | 'initial_assessment';
export type FeedbackRequestStatus = 'pending' | 'claimed' | 'answered' | 'cleared';

export interface FeedbackRequestsTable {
  id: Generated<number>;
  userId: number;
  kind: FeedbackRequestKind;
  moduleId: number | null;
  assessmentResultId: number | null;
  status: FeedbackRequestStatus;
  createdAt: Timestamp;
  claimedBy: number | null;
  claimedAt: Timestamp | null;
  answeredAt: Timestamp | null;
  clearedAt: Timestamp | null;
  timeSpentSeconds: Generated<number>;
}

export interface FeedbackRequestItemsTable {
  id: Generated<number>;
  requestId: number;
  position: number;
  recordingId: number | null;
  assessmentRecordId: number | null;
  title: string;
}

export interface CoachReplyAudiosTable {
  id: Generated<number>;
  requestItemId: number;
  coachId: number;
  blobKey: string;
  mimeType: string;
  durationMs: number;
  sizeBytes: number;
  createdAt: Timestamp;
}

export interface CoachFeedbacksTable {
  id: Generated<number>;
  requestId: number;
  coachId: number | null;
  coachName: string;
  summary: string;
  scores: Json<FactorScores>;
  createdAt: Timestamp;
}

export interface CoachFeedbackRepliesTable {
  id: Generated<number>;
  feedbackId: number;
  requestItemId: number;
  text: string;
  replyAudioId: number | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Timestamp;
  lastSuccessAt: Timestamp | null;
  failureCount: Generated<number>;
}

export interface AppSettingsTable {
  key: string;
  value: Json<unknown>;
  createdAt: Timestamp;
}

declare module '../lib/db.ts' {
  interface Database {
    feedbackRequests: FeedbackRequestsTable;
    feedbackRequestItems: FeedbackRequestItemsTable;
    coachReplyAudios: CoachReplyAudiosTable;
    coachFeedbacks: CoachFeedbacksTable;
    coachFeedbackReplies: CoachFeedbackRepliesTable;
    pushSubscriptions: PushSubscriptionsTable;
    appSettings: AppSettingsTable;
  }
}
