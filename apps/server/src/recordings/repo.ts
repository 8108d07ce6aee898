import type { Db } from '../lib/db.ts';
import type { RecordingKind } from '../modules/tables.ts';
import '../modules/tables.ts';

export interface RecordingRow {
  id: number;
  userId: number;
  moduleId: number | null;
  lessonId: number | null;
  kind: RecordingKind;
  text: string | null;
  blobKey: string;
  mimeType: string;
  durationMs: number;
  sizeBytes: number;
  createdAt: Date;
}

const COLUMNS = ['id', 'userId', 'moduleId', 'lessonId', 'kind', 'text', 'blobKey', 'mimeType', 'durationMs', 'sizeBytes', 'createdAt'] as const;

export async function insertRecording(db: Db, row: Omit<RecordingRow, 'id'>): Promise<RecordingRow> {
  return db.insertInto('recordings').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function findRecording(db: Db, id: number): Promise<RecordingRow | undefined> {
  return db.selectFrom('recordings').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}
