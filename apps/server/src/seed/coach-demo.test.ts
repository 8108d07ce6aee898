import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachConsoleRoutes as c, moduleFeedbackStatus } from '@clearspeak/contract';
import { createLocalBlobStore } from '../lib/blob-store.ts';
import { seedCourse } from '../modules/course-seed.ts';
import { createSpeechScoringEngine, type ScoringEngine } from '../scoring/engine.ts';
import { createTestApp, get, post, type TestApp } from '../test/app.ts';
import { COACH_DEMO, seedCoachDemo } from './coach-demo.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

let t: TestApp;
let engine: ScoringEngine;
const signIn = async (email: string) => (await post(t.app, '/api/web-portal-login', { email, password: DEMO_PASSWORD })).json().data.api_token as string;

beforeAll(async () => {
  t = await createTestApp();
  await seedCourse(t.db);
  await seedDemo({ db: t.db, clock: t.clock, passwordCost: { N: 2 ** 10, r: 8, p: 1 } });
  engine = createSpeechScoringEngine({ workers: 1, maxQueue: 8 });
});
afterAll(async () => {
  await engine.close();
  await t.close();
});

const deps = () => ({ db: t.db, clock: t.clock, blobStore: createLocalBlobStore(path.join(t.dataDir, 'blobs')), log: t.app.log, scoringEngine: engine });

describe('seedCoachDemo', () => {
  it('gives coach@demo.test a pending module request with real, scored final recordings, once', async () => {
    const first = await seedCoachDemo(deps());
    expect(first.created).toBe(true);
    expect(first.requestId).not.toBeNull();

    const coach = await signIn('coach@demo.test');
    const queue = c.coachQueue.response.parse((await get(t.app, '/api/coach/queue', { token: coach })).json());
    expect(queue.pending).toEqual([expect.objectContaining({ id: first.requestId, kind: 'module', learner_name: 'Legacy Learner', title: 'R and L' })]);
    const finals = await t.db
      .selectFrom('lessons')
      .innerJoin('modules', 'modules.id', 'lessons.moduleId')
      .select('lessons.text')
      .where('modules.code', '=', COACH_DEMO.moduleCode)
      .where('lessons.lessonType', '=', 'finalAssignment')
      .orderBy('lessons.position')
      .execute();
    expect(queue.pending[0]!.item_count).toBe(finals.length);

    const claimed = await post(t.app, `/api/coach/requests/${first.requestId}/claim`, {}, { token: coach });
    expect(claimed.statusCode).toBe(200);
    const detail = c.claimFeedbackRequest.response.parse(claimed.json()).request;
    expect(detail.items.map((i) => i.title)).toEqual(finals.map((f) => f.text));
    for (const item of detail.items) {
      expect(item.duration_ms).toBeGreaterThan(500);
      expect(item.assessment?.status).toBe('scored');
      expect(item.assessment!.words.flatMap((w) => w.phones).length).toBeGreaterThan(0);
      const audio = await get(t.app, item.recording_url, { token: coach });
      expect(audio.statusCode).toBe(200);
      expect(audio.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    }

    // The learner sees their feedback lesson as "preparing" (learning §4 state 4).
    const learner = await signIn(COACH_DEMO.learnerEmail);
    const moduleId = (await t.db.selectFrom('modules').select('id').where('code', '=', COACH_DEMO.moduleCode).executeTakeFirstOrThrow()).id;
    const status = moduleFeedbackStatus.response.parse((await post(t.app, '/api/module/feedback-status', { module_id: moduleId }, { token: learner })).json());
    expect(status.data).toMatchObject({ state: 'preparing', request_id: first.requestId });

    // A restart seeds nothing new, even once the request is gone from the queue.
    const recordings = await t.db.selectFrom('recordings').select('id').execute();
    await t.db.updateTable('feedbackRequests').set({ status: 'cleared', clearedAt: t.clock.now() }).where('id', '=', first.requestId!).execute();
    expect(await seedCoachDemo(deps())).toEqual({ requestId: first.requestId, created: false });
    expect(await t.db.selectFrom('recordings').select('id').execute()).toHaveLength(recordings.length);
    expect(await t.db.selectFrom('feedbackRequests').select('id').execute()).toHaveLength(1);
  });
});
