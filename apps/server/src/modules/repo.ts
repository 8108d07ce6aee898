import type { Db } from '../lib/db.ts';
import type { GuidedLessonTypeColumn, LessonTypeColumn, ModuleSections, RecordingKind } from './tables.ts';

export interface ModuleRow {
  id: number;
  code: string;
  groupId: number;
  title: string;
  subTitle: string;
  description: string;
  iconKey: string;
  grayIconKey: string;
  isIntro: boolean;
  focus: 'sounds' | 'prosody';
  sounds: string[];
  sections: ModuleSections;
  groupTitle: string;
  groupIsTrial: boolean;
  groupSortOrder: number;
  sortOrder: number;
}

export interface LessonRow {
  id: number;
  uniqueId: string;
  moduleId: number;
  lessonType: LessonTypeColumn;
  guidedLessonType: GuidedLessonTypeColumn | null;
  position: number;
  title: string;
  text: string | null;
  description: string | null;
  tip: string | null;
  focus: string[];
  options: { title: string; correct: boolean }[];
  videoKey: string | null;
  captionKey: string | null;
  audioKey: string | null;
}

const MODULE_COLUMNS = [
  'modules.id',
  'modules.code',
  'modules.groupId',
  'modules.title',
  'modules.subTitle',
  'modules.description',
  'modules.iconKey',
  'modules.grayIconKey',
  'modules.isIntro',
  'modules.focus',
  'modules.sounds',
  'modules.sections',
  'modules.sortOrder',
  'moduleGroups.title as groupTitle',
  'moduleGroups.isTrial as groupIsTrial',
  'moduleGroups.sortOrder as groupSortOrder',
] as const;

function modulesQuery(db: Db) {
  return db
    .selectFrom('modules')
    .innerJoin('moduleGroups', 'moduleGroups.id', 'modules.groupId')
    .select(MODULE_COLUMNS)
    .where('modules.isActive', '=', true)
    .where('moduleGroups.isActive', '=', true);
}

/** Every visible module, in group order then module order. */
export async function listModules(db: Db): Promise<ModuleRow[]> {
  return modulesQuery(db).orderBy('moduleGroups.sortOrder').orderBy('modules.sortOrder').execute();
}

export async function findModule(db: Db, moduleId: number): Promise<ModuleRow | undefined> {
  return modulesQuery(db).where('modules.id', '=', moduleId).executeTakeFirst();
}

export async function findModuleByCode(db: Db, code: string): Promise<ModuleRow | undefined> {
  return modulesQuery(db).where('modules.code', '=', code).executeTakeFirst();
}

export async function listGroups(db: Db): Promise<{ id: number; title: string; isTrial: boolean }[]> {
  return db.selectFrom('moduleGroups').select(['id', 'title', 'isTrial']).where('isActive', '=', true).orderBy('sortOrder').execute();
}

const LESSON_COLUMNS = [
  'lessons.id',
  'lessons.uniqueId',
  'lessons.moduleId',
  'lessons.lessonType',
  'lessons.guidedLessonType',
  'lessons.position',
  'lessons.title',
  'lessons.text',
  'lessons.description',
  'lessons.tip',
  'lessons.focus',
  'lessons.options',
  'lessons.videoKey',
  'lessons.captionKey',
  'lessons.audioKey',
] as const;

/** A module's lessons in step order (spec §4). */
export async function listLessons(db: Db, moduleId: number): Promise<LessonRow[]> {
  return db.selectFrom('lessons').select(LESSON_COLUMNS).where('moduleId', '=', moduleId).where('isActive', '=', true).orderBy('position').execute();
}

export async function findLessonById(db: Db, lessonId: number): Promise<LessonRow | undefined> {
  return db.selectFrom('lessons').select(LESSON_COLUMNS).where('id', '=', lessonId).where('isActive', '=', true).executeTakeFirst();
}

/** Active lesson counts per module. */
export async function countLessonsByModule(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('lessons')
    .select(['moduleId', (eb) => eb.fn.countAll<string>().as('total')])
    .where('isActive', '=', true)
    .groupBy('moduleId')
    .execute();
  return new Map(rows.map((r) => [r.moduleId, Number(r.total)]));
}

/** The learner's completed active lessons per module. */
export async function countCompletionsByModule(db: Db, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('lessonCompletions')
    .innerJoin('lessons', 'lessons.id', 'lessonCompletions.lessonId')
    .select(['lessons.moduleId', (eb) => eb.fn.countAll<string>().as('done')])
    .where('lessonCompletions.userId', '=', userId)
    .where('lessons.isActive', '=', true)
    .groupBy('lessons.moduleId')
    .execute();
  return new Map(rows.map((r) => [r.moduleId, Number(r.done)]));
}

export async function listCompletedLessonIds(db: Db, userId: number, moduleId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('lessonCompletions')
    .innerJoin('lessons', 'lessons.id', 'lessonCompletions.lessonId')
    .select('lessonCompletions.lessonId')
    .where('lessonCompletions.userId', '=', userId)
    .where('lessons.moduleId', '=', moduleId)
    .execute();
  return new Set(rows.map((r) => r.lessonId));
}

/** Idempotent: an already completed lesson stays as it was. */
export async function insertCompletions(db: Db, userId: number, lessonIds: number[], at: Date): Promise<void> {
  if (lessonIds.length === 0) return;
  await db
    .insertInto('lessonCompletions')
    .values(lessonIds.map((lessonId) => ({ userId, lessonId, completedAt: at })))
    .onConflict((oc) => oc.columns(['userId', 'lessonId']).doNothing())
    .execute();
}

export async function upsertPosition(db: Db, row: { userId: number; moduleId: number; step: string; stepId: string; at: Date }): Promise<void> {
  await db
    .insertInto('modulePositions')
    .values({ userId: row.userId, moduleId: row.moduleId, step: row.step, stepId: row.stepId, updatedAt: row.at })
    .onConflict((oc) => oc.columns(['userId', 'moduleId']).doUpdateSet({ step: row.step, stepId: row.stepId, updatedAt: row.at }))
    .execute();
}

export async function findPosition(db: Db, userId: number, moduleId: number): Promise<{ step: string; stepId: string } | undefined> {
  return db.selectFrom('modulePositions').select(['step', 'stepId']).where('userId', '=', userId).where('moduleId', '=', moduleId).executeTakeFirst();
}

/** The first answer wins (spec §5: one answer per item, locked after the choice). */
export async function insertListenAnswer(db: Db, row: { userId: number; lessonId: number; answer: string; isCorrect: boolean; at: Date }): Promise<{ answer: string; isCorrect: boolean }> {
  await db
    .insertInto('listenChooseAnswers')
    .values({ userId: row.userId, lessonId: row.lessonId, answer: row.answer, isCorrect: row.isCorrect, answeredAt: row.at })
    .onConflict((oc) => oc.columns(['userId', 'lessonId']).doNothing())
    .execute();
  return db
    .selectFrom('listenChooseAnswers')
    .select(['answer', 'isCorrect'])
    .where('userId', '=', row.userId)
    .where('lessonId', '=', row.lessonId)
    .executeTakeFirstOrThrow();
}

export async function listListenAnswers(db: Db, userId: number, moduleId: number): Promise<Map<number, boolean>> {
  const rows = await db
    .selectFrom('listenChooseAnswers')
    .innerJoin('lessons', 'lessons.id', 'listenChooseAnswers.lessonId')
    .select(['listenChooseAnswers.lessonId', 'listenChooseAnswers.isCorrect'])
    .where('listenChooseAnswers.userId', '=', userId)
    .where('lessons.moduleId', '=', moduleId)
    .execute();
  return new Map(rows.map((r) => [r.lessonId, r.isCorrect]));
}

export interface ModuleRecordingRow {
  id: number;
  lessonId: number | null;
  kind: RecordingKind;
  createdAt: Date;
  status: 'pending' | 'scored' | 'retake' | 'failed' | null;
  score: number | null;
  engineResult: unknown;
}

/** The learner's recordings in a module, newest first, with their assessment if any. */
export async function listModuleRecordings(db: Db, userId: number, moduleId: number): Promise<ModuleRecordingRow[]> {
  return db
    .selectFrom('recordings')
    .leftJoin('assessments', 'assessments.recordingId', 'recordings.id')
    .select([
      'recordings.id',
      'recordings.lessonId',
      'recordings.kind',
      'recordings.createdAt',
      'assessments.status',
      'assessments.score',
      'assessments.engineResult',
    ])
    .where('recordings.userId', '=', userId)
    .where('recordings.moduleId', '=', moduleId)
    .orderBy('recordings.createdAt', 'desc')
    .orderBy('recordings.id', 'desc')
    .execute();
}

export async function upsertModuleScore(db: Db, row: { userId: number; moduleId: number; score: number; sectionScores: Record<string, number | null>; at: Date }): Promise<void> {
  const sectionScores = JSON.stringify(row.sectionScores);
  await db
    .insertInto('moduleScores')
    .values({ userId: row.userId, moduleId: row.moduleId, score: row.score, sectionScores, updatedAt: row.at })
    .onConflict((oc) => oc.columns(['userId', 'moduleId']).doUpdateSet({ score: row.score, sectionScores, updatedAt: row.at }))
    .execute();
}

export async function listModuleScores(db: Db, userId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('moduleScores').select(['moduleId', 'score']).where('userId', '=', userId).execute();
  return new Map(rows.map((r) => [r.moduleId, r.score]));
}

export async function upsertFluencyReview(db: Db, row: { userId: number; lessonId: number; rating: number; review: string; at: Date }): Promise<void> {
  await db
    .insertInto('fluencyReviews')
    .values({ userId: row.userId, lessonId: row.lessonId, rating: row.rating, review: row.review, createdAt: row.at, updatedAt: row.at })
    .onConflict((oc) => oc.columns(['userId', 'lessonId']).doUpdateSet({ rating: row.rating, review: row.review, updatedAt: row.at }))
    .execute();
}

export async function findFluencyReview(db: Db, userId: number, lessonId: number): Promise<{ rating: number; review: string } | undefined> {
  return db.selectFrom('fluencyReviews').select(['rating', 'review']).where('userId', '=', userId).where('lessonId', '=', lessonId).executeTakeFirst();
}
