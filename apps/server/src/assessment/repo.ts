import { sql } from 'kysely';
import type { Db } from '../lib/db.ts';
import type { AssessmentRecordStatus, SoundWeight } from './tables.ts';
import './tables.ts';

/** Who owns assessment data: a learner, or an anonymous visitor (accounts §3, §6). */
export type AssessmentOwner = { userId: number } | { anonymousId: string };

export interface AssessmentRecordRow {
  id: number;
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
  /** The engine's assessment once scored (or judged unscorable). */
  engineResult: unknown;
  createdAt: Date;
}

const RECORD_COLUMNS = ['id', 'userId', 'anonymousId', 'itemId', 'text', 'nativeLanguage', 'blobKey', 'mimeType', 'durationMs', 'sizeBytes', 'status', 'engineResult', 'createdAt'] as const;

// ---- anonymous visitors

export async function insertVisitor(db: Db, row: { id: string; createdAt: Date }): Promise<void> {
  await db.insertInto('anonymousVisitors').values({ id: row.id, createdAt: row.createdAt }).execute();
}

export async function findVisitor(db: Db, id: string): Promise<{ id: string; claimedByUserId: number | null } | undefined> {
  return db.selectFrom('anonymousVisitors').select(['id', 'claimedByUserId']).where('id', '=', id).executeTakeFirst();
}

/** Claims an unclaimed visitor for a user; false when unknown or already claimed. */
export async function claimVisitor(db: Db, row: { id: string; userId: number; at: Date }): Promise<boolean> {
  const claimed = await db
    .updateTable('anonymousVisitors')
    .set({ claimedByUserId: row.userId, claimedAt: row.at })
    .where('id', '=', row.id)
    .where('claimedByUserId', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function moveVisitorData(db: Db, row: { anonymousId: string; userId: number }): Promise<void> {
  await db.updateTable('assessmentRecords').set({ userId: row.userId }).where('anonymousId', '=', row.anonymousId).where('userId', 'is', null).execute();
  await db.updateTable('assessmentResults').set({ userId: row.userId }).where('anonymousId', '=', row.anonymousId).where('userId', 'is', null).execute();
}

export async function listStaleVisitors(db: Db, before: Date): Promise<{ id: string; blobKeys: string[] }[]> {
  const visitors = await db
    .selectFrom('anonymousVisitors')
    .select('id')
    .where('claimedByUserId', 'is', null)
    .where('createdAt', '<', before)
    .execute();
  if (visitors.length === 0) return [];
  const ids = visitors.map((v) => v.id);
  const records = await db.selectFrom('assessmentRecords').select(['anonymousId', 'blobKey']).where('anonymousId', 'in', ids).where('userId', 'is', null).execute();
  return ids.map((id) => ({ id, blobKeys: records.filter((r) => r.anonymousId === id).map((r) => r.blobKey) }));
}

/** Deletes unclaimed visitors (their records and results go with them: ON DELETE CASCADE). */
export async function deleteVisitors(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('anonymousVisitors').where('id', 'in', ids).where('claimedByUserId', 'is', null).execute();
}

// ---- records

export async function insertAssessmentRecord(
  db: Db,
  row: Omit<AssessmentRecordRow, 'id' | 'status' | 'engineResult'> & { status?: AssessmentRecordStatus },
): Promise<AssessmentRecordRow> {
  return db
    .insertInto('assessmentRecords')
    .values({ ...row, status: row.status ?? 'stored' })
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The owner's records among `ids` (others' are simply absent). */
export async function findOwnedRecords(db: Db, owner: AssessmentOwner, ids: number[]): Promise<AssessmentRecordRow[]> {
  let q = db.selectFrom('assessmentRecords').select(RECORD_COLUMNS).where('id', 'in', ids);
  // An anonymous id owns only what is not yet claimed by an account.
  q = 'userId' in owner ? q.where('userId', '=', owner.userId) : q.where('anonymousId', '=', owner.anonymousId).where('userId', 'is', null);
  return q.execute();
}

export async function updateRecordScore(
  db: Db,
  row: { id: number; status: AssessmentRecordStatus; score: number | null; engineResult: unknown },
): Promise<void> {
  await db
    .updateTable('assessmentRecords')
    .set({ status: row.status, score: row.score, engineResult: row.engineResult === null ? null : JSON.stringify(row.engineResult) })
    .where('id', '=', row.id)
    .execute();
}

/** The native language the visitor chose most recently (step 1 of the assessment), if any. */
export async function findVisitorNativeLanguage(db: Db, anonymousId: string): Promise<string | null> {
  const row = await db
    .selectFrom('assessmentRecords')
    .select('nativeLanguage')
    .where('anonymousId', '=', anonymousId)
    .where('nativeLanguage', 'is not', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.nativeLanguage ?? null;
}

// ---- results

export interface AssessmentResultRow {
  id: number;
  userId: number | null;
  anonymousId: string | null;
  result: unknown;
  soundWeights: SoundWeight[];
  overallScore: number;
  createdAt: Date;
}
const RESULT_COLUMNS = ['id', 'userId', 'anonymousId', 'soundWeights', 'overallScore', 'createdAt'] as const;
// Read as text: the CamelCasePlugin would rename the wire JSON's snake_case keys of a parsed jsonb.
const resultText = sql<string>`result::text`.as('resultText');

function withParsedResult({ resultText: text, ...row }: Omit<AssessmentResultRow, 'result'> & { resultText: string }): AssessmentResultRow {
  return { ...row, result: JSON.parse(text) as unknown };
}

/** Inserts a result whose JSON needs its own id (`assessment_id`): one transaction, insert then fill. */
export async function insertAssessmentResult(
  db: Db,
  row: { owner: AssessmentOwner; recordIds: string; soundWeights: SoundWeight[]; overallScore: number; createdAt: Date; build: (id: number) => unknown },
): Promise<AssessmentResultRow> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('assessmentResults')
      .values({
        userId: 'userId' in row.owner ? row.owner.userId : null,
        anonymousId: 'anonymousId' in row.owner ? row.owner.anonymousId : null,
        result: '{}',
        soundWeights: JSON.stringify(row.soundWeights),
        overallScore: row.overallScore,
        recordIds: row.recordIds,
        createdAt: row.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const updated = await trx
      .updateTable('assessmentResults')
      .set({ result: JSON.stringify(row.build(id)) })
      .where('id', '=', id)
      .returning([...RESULT_COLUMNS, resultText])
      .executeTakeFirstOrThrow();
    return withParsedResult(updated);
  });
}

export async function findLatestUserResult(db: Db, userId: number): Promise<AssessmentResultRow | undefined> {
  const row = await db.selectFrom('assessmentResults').select([...RESULT_COLUMNS, resultText]).where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && withParsedResult(row);
}

/** The owner's result for exactly this set of recordings, if it was scored before. */
export async function findResultForRecords(db: Db, owner: AssessmentOwner, recordIds: string): Promise<AssessmentResultRow | undefined> {
  let q = db.selectFrom('assessmentResults').select([...RESULT_COLUMNS, resultText]).where('recordIds', '=', recordIds);
  q = 'userId' in owner ? q.where('userId', '=', owner.userId) : q.where('anonymousId', '=', owner.anonymousId).where('userId', 'is', null);
  const row = await q.orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && withParsedResult(row);
}

export async function findLatestVisitorResult(db: Db, anonymousId: string): Promise<AssessmentResultRow | undefined> {
  const row = await db.selectFrom('assessmentResults').select([...RESULT_COLUMNS, resultText]).where('anonymousId', '=', anonymousId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && withParsedResult(row);
}

// ---- study plan

export async function replaceStudyPlan(
  db: Db,
  row: { userId: number; assessmentId: number; modules: { moduleId: number; priority: number; sounds: string[] }[]; at: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('studyPlanModules').where('userId', '=', row.userId).execute();
    if (row.modules.length === 0) return;
    await trx
      .insertInto('studyPlanModules')
      .values(row.modules.map((m) => ({ userId: row.userId, moduleId: m.moduleId, assessmentId: row.assessmentId, priority: m.priority, sounds: JSON.stringify(m.sounds), createdAt: row.at })))
      .execute();
  });
}

export async function listStudyPlan(db: Db, userId: number): Promise<{ moduleId: number; priority: number; sounds: string[] }[]> {
  return db.selectFrom('studyPlanModules').select(['moduleId', 'priority', 'sounds']).where('userId', '=', userId).execute();
}

export async function hasStudyPlan(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('studyPlanModules').select(sql<number>`1`.as('one')).where('userId', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

// ---- variables

export async function findVariable(db: Db, key: string): Promise<{ key: string; value: number } | undefined> {
  return db.selectFrom('variables').select(['key', 'value']).where('key', '=', key).executeTakeFirst();
}
