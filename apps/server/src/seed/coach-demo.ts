import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { requestModuleFeedback } from '../coaching/feedback-service.ts';
import type { BlobStore } from '../lib/blob-store.ts';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import { probeAudio } from '../recordings/probe.ts';
import { storeRecording } from '../recordings/service.ts';
import { createSpeechScoringEngine, type ScoringEngine } from '../scoring/engine.ts';
import { assessStoredRecording } from '../scoring/service.ts';
import '../coaching/tables.ts';
import '../modules/tables.ts';

const execFileAsync = promisify(execFile);

/**
 * Issue 5: on a fresh demo app, coach@demo.test finds a request in the queue. The demo learner
 * legacy@demo.test (a with_feedback plan from before the credit rule, so no credit is taken) has
 * finished "R and L" and sent its final assessment: real recordings said by espeak-ng, stored
 * and scored by the engine like a learner's upload, then the learner side's own request call.
 */
export const COACH_DEMO = { learnerEmail: 'legacy@demo.test', moduleCode: 'r-l', settingKey: 'demo_coach_request' } as const;

export interface CoachDemoDeps {
  db: Db;
  clock: Clock;
  blobStore: BlobStore;
  log: FastifyBaseLogger;
  /** The engine to score with; without it a temporary one is made from `scoring` and closed after. */
  scoringEngine?: ScoringEngine;
  scoring?: { workers: number; maxQueue: number };
}

/** espeak-ng's American voice saying `text`, as a WAV file in `dir`. */
async function speak(dir: string, name: string, text: string): Promise<string> {
  const file = path.join(dir, `${name}.wav`);
  await execFileAsync('espeak-ng', ['-v', 'en-us', '-s', '135', '-w', file, text], { timeout: 30_000 });
  return file;
}

/**
 * Seeds the demo feedback request once: the setting `demo_coach_request` records it, so a restart,
 * or the request later answered and cleared, seeds nothing new. Failures are logged, never thrown:
 * a demo without espeak-ng or a built engine still starts (an unscored item shows as pending or
 * failed in the console).
 */
export async function seedCoachDemo(deps: CoachDemoDeps): Promise<{ requestId: number | null; created: boolean }> {
  try {
    return await seedOnce(deps);
  } catch (err) {
    deps.log.warn({ err }, 'demo coach request not seeded');
    return { requestId: null, created: false };
  }
}

async function seedOnce(deps: CoachDemoDeps): Promise<{ requestId: number | null; created: boolean }> {
  const done = await deps.db.selectFrom('appSettings').select('value').where('key', '=', COACH_DEMO.settingKey).executeTakeFirst();
  if (done) return { requestId: (done.value as { requestId?: number }).requestId ?? null, created: false };
  const learner = await deps.db.selectFrom('users').select('id').where('email', '=', COACH_DEMO.learnerEmail).executeTakeFirst();
  const module = await deps.db.selectFrom('modules').select('id').where('code', '=', COACH_DEMO.moduleCode).executeTakeFirst();
  if (!learner || !module) return { requestId: null, created: false };

  const lessons = await deps.db
    .selectFrom('lessons')
    .select(['id', 'lessonType', 'text', 'title'])
    .where('moduleId', '=', module.id)
    .where('isActive', '=', true)
    .orderBy('position')
    .execute();
  const finals = lessons.filter((l) => l.lessonType === 'finalAssignment');
  const now = deps.clock.now();
  // The learner went through the whole module before the final assessment.
  if (lessons.length > 0) {
    await deps.db
      .insertInto('lessonCompletions')
      .values(lessons.map((l) => ({ userId: learner.id, lessonId: l.id, completedAt: now })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  const engine = deps.scoringEngine ?? createSpeechScoringEngine(deps.scoring ?? { workers: 1, maxQueue: 8 });
  const dir = await mkdtemp(path.join(tmpdir(), 'cs-coach-demo-'));
  try {
    for (const [i, lesson] of finals.entries()) {
      const existing = await deps.db
        .selectFrom('recordings')
        .select('id')
        .where('userId', '=', learner.id)
        .where('lessonId', '=', lesson.id)
        .where('kind', '=', 'final')
        .executeTakeFirst();
      if (existing) continue;
      const text = lesson.text ?? lesson.title;
      const file = await speak(dir, `final-${i}`, text);
      const [probe, { size }] = await Promise.all([probeAudio(file), stat(file)]);
      const recording = await storeRecording(deps, {
        userId: learner.id,
        moduleId: module.id,
        lessonId: lesson.id,
        kind: 'final',
        text,
        recording: { path: file, mimeType: 'audio/wav', durationMs: probe.durationMs, sizeBytes: size },
      });
      try {
        await assessStoredRecording({ ...deps, scoringEngine: engine }, { recording, audio: { path: file }, kind: 'pronunciation' });
      } catch (err) {
        // Stored and marked failed: the console shows the item without an error map.
        deps.log.warn({ err, recordingId: recording.id }, 'demo final recording not scored');
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    if (!deps.scoringEngine) await engine.close();
  }

  const { requestId } = await requestModuleFeedback(deps, { userId: learner.id, moduleId: module.id });
  await deps.db
    .insertInto('appSettings')
    .values({ key: COACH_DEMO.settingKey, value: JSON.stringify({ requestId }), createdAt: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return { requestId, created: true };
}
