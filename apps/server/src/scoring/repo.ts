import type { Db } from '../lib/db.ts';
import type { AssessmentStatus } from '../modules/tables.ts';
import '../modules/tables.ts';

/** Starts (or restarts, for a retry) the assessment of a recording: status pending, one more attempt. */
export async function beginAssessment(db: Db, row: { recordingId: number; kind: 'pronunciation' | 'fluency'; at: Date }): Promise<void> {
  await db
    .insertInto('assessments')
    .values({ recordingId: row.recordingId, kind: row.kind, status: 'pending', attempts: 1, createdAt: row.at, updatedAt: row.at })
    .onConflict((oc) =>
      oc.column('recordingId').doUpdateSet((eb) => ({ status: 'pending', error: null, attempts: eb('assessments.attempts', '+', 1), updatedAt: row.at })),
    )
    .execute();
}

export async function finishAssessment(
  db: Db,
  row: { recordingId: number; status: AssessmentStatus; score: number | null; engineResult: unknown; error: string | null; at: Date },
): Promise<void> {
  await db
    .updateTable('assessments')
    .set({
      status: row.status,
      score: row.score,
      engineResult: row.engineResult === null ? null : JSON.stringify(row.engineResult),
      error: row.error,
      updatedAt: row.at,
    })
    .where('recordingId', '=', row.recordingId)
    .execute();
}

export async function findAssessment(
  db: Db,
  recordingId: number,
): Promise<{ status: AssessmentStatus; score: number | null; attempts: number; error: string | null; kind: 'pronunciation' | 'fluency' } | undefined> {
  return db.selectFrom('assessments').select(['status', 'score', 'attempts', 'error', 'kind']).where('recordingId', '=', recordingId).executeTakeFirst();
}

export async function findModelVoiceByText(db: Db, text: string): Promise<{ id: number; blobKey: string; mimeType: string } | undefined> {
  return db.selectFrom('modelVoices').select(['id', 'blobKey', 'mimeType']).where('text', '=', text).executeTakeFirst();
}

export async function findModelVoice(db: Db, id: number): Promise<{ id: number; blobKey: string; mimeType: string } | undefined> {
  return db.selectFrom('modelVoices').select(['id', 'blobKey', 'mimeType']).where('id', '=', id).executeTakeFirst();
}

/** Two requests may render the same text at once: the first row wins, both answer it. */
export async function insertModelVoice(db: Db, row: { text: string; blobKey: string; mimeType: string; at: Date }): Promise<{ id: number; blobKey: string; mimeType: string }> {
  await db
    .insertInto('modelVoices')
    .values({ text: row.text, blobKey: row.blobKey, mimeType: row.mimeType, createdAt: row.at })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return db.selectFrom('modelVoices').select(['id', 'blobKey', 'mimeType']).where('text', '=', row.text).executeTakeFirstOrThrow();
}
