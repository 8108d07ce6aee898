import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modulesRoutes as r, recordingsRoutes } from '@clearspeak/contract';
import { createTestApp, get, post, type TestApp } from '../test/app.ts';
import { seedCourse } from '../modules/course-seed.ts';
import { createAudioFactory, createLearner, upload, wav } from '../modules/test-helpers.ts';
import { createSpeechScoringEngine, type ScoringEngine } from './engine.ts';

// DESIGN "Nothing is lost": a recording is stored before scoring, a failed scoring can be retried,
// and a full queue answers 503 with Retry-After. Both apps here use the real engine; the first
// wraps it so that its first call fails (the only fake: how else to make the engine fail on cue).
const audio = createAudioFactory();
// One decoder and one waiting place: an assessment may queue one decode of its own (the engine
// runs its free-recognition pass beside the alignment), a second request at once is turned away.
const real = createSpeechScoringEngine({ workers: 1, maxQueue: 1 });
let failNext = true;
const flaky: ScoringEngine = {
  assess: (input) => {
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error('decoder helper exited (SIGKILL)'));
    }
    return real.assess(input);
  },
  renderModelVoice: (text) => real.renderModelVoice(text),
  stats: () => real.stats(),
  close: async () => undefined,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ scoringEngine: flaky });
  await seedCourse(t.db);
});
afterAll(async () => {
  await t.close();
  await real.close();
  audio.cleanup();
});

describe('when scoring fails', () => {
  it('keeps the recording and its blob, answers 503, and a retry scores it', async () => {
    const learner = await createLearner(t, 'app_only');
    const recording = audio.speak('water');
    const res = await upload(t.app, '/api/v3/ai-smart-coach', learner.token, { module_code: 'flap-t', text: 'water' }, wav(recording));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ isError: true, code: 'scoring_failed', message: 'We saved your recording but could not score it just now. Please try again.' });

    const row = await t.db
      .selectFrom('recordings')
      .innerJoin('assessments', 'assessments.recordingId', 'recordings.id')
      .select(['recordings.id', 'recordings.blobKey', 'assessments.status', 'assessments.attempts', 'assessments.error'])
      .where('recordings.userId', '=', learner.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, error: 'decoder helper exited (SIGKILL)' });
    expect(readFileSync(path.join(t.dataDir, 'blobs', row.blobKey)).equals(recording)).toBe(true);
    expect((await get(t.app, `/api/recordings/${row.id}/audio`, { token: learner.token })).statusCode).toBe(200);

    // Someone else cannot retry it; the owner can, and the engine now scores it.
    const other = await createLearner(t, 'app_only');
    expect((await post(t.app, `/api/recordings/${row.id}/score`, {}, { token: other.token })).statusCode).toBe(404);
    const retry = await post(t.app, `/api/recordings/${row.id}/score`, {}, { token: learner.token });
    expect(retry.statusCode).toBe(200);
    const body = recordingsRoutes.rescoreRecording.response.parse(retry.json());
    expect(body.status).toBe('scored');
    expect(body.score).toBeGreaterThan(50);
    const after = await t.db.selectFrom('assessments').select(['status', 'attempts', 'score']).where('recordingId', '=', row.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'scored', attempts: 2, score: body.score });
  });
});

describe('when the scoring queue is full', () => {
  it('answers 503 with Retry-After, and the recording is kept', async () => {
    // While a long reading holds the decoder, several requests at once overflow the queue.
    const learner = await createLearner(t, 'app_only');
    const long = audio.speak('Please call Stella. Ask her to bring these things with her from the store. '.repeat(4), 160);
    const text = 'Please call Stella. Ask her to bring these things with her from the store.';
    const busy = upload(t.app, '/api/fluency-evaluation', learner.token, { module_id: 7, module_code: 'final-consonants', text }, wav(long));
    const started = Date.now();
    while (real.stats().busy === 0 && Date.now() - started < 15_000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(real.stats().busy).toBe(1);
    const short = audio.speak('water');
    const turnedAway = await Promise.all(
      [1, 2, 3, 4].map(() => upload(t.app, '/api/v3/ai-smart-coach', learner.token, { module_code: 'flap-t', text: 'water' }, wav(short))),
    );
    const refused = turnedAway.filter((res) => res.statusCode === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const res of refused) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.json()).toMatchObject({ isError: true, code: 'scoring_busy' });
    }
    await busy;
    const failed = await t.db
      .selectFrom('assessments')
      .innerJoin('recordings', 'recordings.id', 'assessments.recordingId')
      .select(['assessments.status', 'assessments.error'])
      .where('recordings.userId', '=', learner.userId)
      .where('assessments.status', '=', 'failed')
      .execute();
    // Every refused request left its recording with a failed (retryable) assessment.
    expect(failed.length).toBeGreaterThanOrEqual(refused.length);
    for (const row of failed) expect(row.error).toMatch(/queue is full/);
    for (const res of turnedAway.filter((x) => x.statusCode !== 503)) r.aiSmartCoach.response.parse(res.json());
  });
});
