import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coachPhotoKey, coachReplyAudioKey, loadCourse } from '@clearspeak/content';
import { API_BASE, COACHING_LIMIT_MESSAGE, FEEDBACK_MESSAGES, ROLE, coachingRoutes as r, modulesRoutes as m } from '@clearspeak/contract';
import { createBlobStore } from '../app.ts';
import { seedCourse } from '../modules/course-seed.ts';
import { PLAN_SEEDS } from '../seed/demo.ts';
import { createTestApp, get, post, signUpAndSignIn, uniqueEmail, type TestApp } from '../test/app.ts';
import type { BlobStore } from '../lib/blob-store.ts';

// Issue 5, learner side: requests and credits, the four feedback lesson states (learning §4), the
// intro sample, the feedback page's data, Practice Again, and that learners only see their own.

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const START = new Date('2026-03-02T10:00:00Z');
const course = loadCourse();
const INTRO = course.modules.find((mod) => mod.id === 3)!; // th, an intro module with a sample
const MODULE = course.modules.find((mod) => !mod.isIntro && mod.group !== 'free-trial')!; // subscribers only

let t: TestApp;
let blobs: BlobStore;
let plans: { withFeedback: number; appOnly: number };

beforeAll(async () => {
  t = await createTestApp();
  await seedCourse(t.db);
  await t.db.insertInto('plans').values(PLAN_SEEDS).execute();
  const ids = new Map((await t.db.selectFrom('plans').select(['id', 'planId']).execute()).map((p) => [p.planId, p.id]));
  plans = { withFeedback: ids.get('green-card-monthly') ?? -1, appOnly: ids.get('visa-monthly') ?? -1 };
  blobs = createBlobStore(t.config);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.set(START);
});

type Who = { token: string; userId: number };
type PlanKind = 'with_feedback' | 'app_only' | 'legacy' | 'none';

/** A learner on a plan; `credits` are granted as one ledger row (with_feedback only). */
async function learner(plan: PlanKind, credits = 0): Promise<Who> {
  const email = uniqueEmail('feedback');
  const token = await signUpAndSignIn(t, email);
  const { id: userId } = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  if (plan !== 'none') {
    const sub = await t.db
      .insertInto('subscriptions')
      .values({
        userId,
        planId: plan === 'app_only' ? plans.appOnly : plans.withFeedback,
        status: 'active',
        // Legacy: created before 2022-05-06, so coaching is not credit-limited (accounts §4).
        createdAt: plan === 'legacy' ? new Date('2021-09-01T00:00:00Z') : new Date(START.getTime() - 10 * DAY_MS),
        trialEndsAt: null,
        currentPeriodEnd: null,
        canceledAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (credits > 0) {
      await t.db.insertInto('coachingCreditLedger').values({ userId, subscriptionId: sub.id, delta: credits, reason: 'monthly_grant', createdAt: START }).execute();
    }
  }
  return { token, userId };
}

async function staff(roleId: number): Promise<Who> {
  const who = await learner('none');
  await t.db.updateTable('users').set({ roleId, name: roleId === ROLE.coach ? 'Dana Coach' : 'Ada Admin', photoKey: `avatars/${who.userId}/face.png` }).where('id', '=', who.userId).execute();
  return who;
}

async function lessonsOf(moduleId: number) {
  return t.db.selectFrom('lessons').select(['id', 'uniqueId', 'lessonType', 'text', 'title']).where('moduleId', '=', moduleId).where('isActive', '=', true).orderBy('position').execute();
}

let blobCounter = 0;
async function insertRecording(userId: number, lesson: { id: number; text: string | null }, moduleId: number, kind: 'final' | 'pre_lesson', at: Date): Promise<number> {
  blobCounter += 1;
  const row = await t.db
    .insertInto('recordings')
    .values({ userId, moduleId, lessonId: lesson.id, kind, text: lesson.text, blobKey: `recordings/${userId}/test-${blobCounter}.wav`, mimeType: 'audio/wav', durationMs: 1500, sizeBytes: 100, createdAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function complete(userId: number, lessonIds: number[]): Promise<void> {
  await t.db
    .insertInto('lessonCompletions')
    .values(lessonIds.map((lessonId) => ({ userId, lessonId, completedAt: t.clock.now() })))
    .onConflict((oc) => oc.columns(['userId', 'lessonId']).doNothing())
    .execute();
}

/** Records every final item (and the pre lesson) and completes the final items; returns the final recording ids in order. */
async function takeFinal(who: Who, moduleId: number): Promise<number[]> {
  const lessons = await lessonsOf(moduleId);
  const finals = lessons.filter((l) => l.lessonType === 'finalAssignment');
  const ids: number[] = [];
  for (const l of finals) ids.push(await insertRecording(who.userId, l, moduleId, 'final', t.clock.now()));
  await complete(
    who.userId,
    finals.map((l) => l.id),
  );
  return ids;
}

const requestFeedback = (who: Who, moduleId: number) => post(t.app, '/api/module/request-feedback', { module_id: moduleId }, { token: who.token });
const status = async (who: Who, moduleId: number) => {
  const res = await post(t.app, '/api/module/feedback-status', { module_id: moduleId }, { token: who.token });
  expect(res.statusCode).toBe(200);
  return r.moduleFeedbackStatus.response.parse(res.json()).data;
};
const feedbackAll = (who: Who, moduleId: number) => post(t.app, '/api/module/feedback-all', { module_id: moduleId }, { token: who.token });
const card = async (who: Who, moduleId: number) => {
  const res = await get(t.app, '/api/module/list/v3', { token: who.token });
  expect(res.statusCode).toBe(200);
  const data = m.moduleListV3.response.parse(res.json()).data;
  const cards = [...data.introModules, ...data.othModules.flatMap((g) => g.modules)];
  const found = cards.find((c) => c.id === moduleId);
  if (!found) throw new Error(`module ${moduleId} not listed`);
  return found;
};
const ledgerOf = (userId: number) => t.db.selectFrom('coachingCreditLedger').select(['delta', 'reason', 'key']).where('userId', '=', userId).orderBy('id').execute();

/** Answers a request as the coach console would (that API is built elsewhere): audio for the first item, text for all. */
async function answer(requestId: number, coach: Who): Promise<{ feedbackId: number; replyAudioId: number; audioBytes: Buffer }> {
  const items = await t.db.selectFrom('feedbackRequestItems').select(['id', 'title']).where('requestId', '=', requestId).orderBy('position').execute();
  const audioBytes = Buffer.from(`coach-reply-${requestId}-${'x'.repeat(64)}`);
  const blobKey = `coach-replies/${coach.userId}/reply-${requestId}.webm`;
  await blobs.put(blobKey, audioBytes, { contentType: 'audio/webm' });
  const audio = await t.db
    .insertInto('coachReplyAudios')
    .values({ requestItemId: items[0]!.id, coachId: coach.userId, blobKey, mimeType: 'audio/webm', durationMs: 4000, sizeBytes: audioBytes.length, createdAt: t.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const feedback = await t.db
    .insertInto('coachFeedbacks')
    .values({
      requestId,
      coachId: coach.userId,
      coachName: 'Dana Coach',
      summary: 'Clear and confident. Work on the vowel length.',
      scores: JSON.stringify({ pronunciation: 3, fluency: 4, intonation: 5, stress: 2 }),
      createdAt: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('coachFeedbackReplies')
    .values(items.map((item, i) => ({ feedbackId: feedback.id, requestItemId: item.id, text: `Reply to ${item.title}`, replyAudioId: i === 0 ? audio.id : null })))
    .execute();
  await t.db.updateTable('feedbackRequests').set({ status: 'answered', claimedBy: coach.userId, claimedAt: t.clock.now(), answeredAt: t.clock.now() }).where('id', '=', requestId).execute();
  return { feedbackId: feedback.id, replyAudioId: audio.id, audioBytes };
}

describe('OpenAPI', () => {
  it('documents every learner coaching route of the contract', async () => {
    const spec = (await get(t.app, '/docs/json')).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    for (const def of Object.values(r)) {
      const openApiPath = API_BASE + def.path.replace(/:(\w+)/g, '{$1}');
      expect(spec.paths[openApiPath]?.[def.method.toLowerCase()]?.summary, `${def.method} ${def.path}`).toBe(def.summary);
    }
  });
});

describe('POST /module/request-feedback (credits, idempotency)', () => {
  it('creates the request with the latest final recordings in order, takes one credit keyed request:<id>, and a repeat takes none', async () => {
    const me = await learner('with_feedback', 5);
    const lessons = await lessonsOf(MODULE.id);
    const finals = lessons.filter((l) => l.lessonType === 'finalAssignment');
    // An older take of the first item: the request uses the newest.
    await insertRecording(me.userId, finals[0]!, MODULE.id, 'final', new Date(START.getTime() - DAY_MS));
    const latest = await takeFinal(me, MODULE.id);

    expect(await status(me, MODULE.id)).toEqual({ state: 'not_requested', is_sample: false, request_id: null });
    const res = await requestFeedback(me, MODULE.id);
    expect(res.statusCode).toBe(200);
    const body = r.requestModuleFeedback.response.parse(res.json());
    expect(body.remaining_coaching_credit).toBe(4);

    const request = await t.db.selectFrom('feedbackRequests').selectAll().where('id', '=', body.request_id).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ userId: me.userId, kind: 'module', moduleId: MODULE.id, status: 'pending', assessmentResultId: null });
    const items = await t.db.selectFrom('feedbackRequestItems').select(['position', 'recordingId', 'assessmentRecordId', 'title']).where('requestId', '=', body.request_id).orderBy('position').execute();
    expect(items).toEqual(finals.map((l, i) => ({ position: i, recordingId: latest[i], assessmentRecordId: null, title: l.text })));
    expect(await ledgerOf(me.userId)).toEqual([
      { delta: 5, reason: 'monthly_grant', key: null },
      { delta: -1, reason: 'feedback_request', key: `request:${body.request_id}` },
    ]);

    // Idempotent: the live request answers itself, twice at once too.
    const [again, third] = await Promise.all([requestFeedback(me, MODULE.id), requestFeedback(me, MODULE.id)]);
    for (const res2 of [again, third]) {
      expect(res2.statusCode).toBe(200);
      expect(res2.json()).toMatchObject({ request_id: body.request_id, remaining_coaching_credit: 4 });
    }
    expect(await ledgerOf(me.userId)).toHaveLength(2);
    expect(await t.db.selectFrom('feedbackRequests').select('id').where('userId', '=', me.userId).execute()).toHaveLength(1);
    const info = await get(t.app, '/api/user-credit-info', { token: me.token });
    expect(info.json().user_credit_info.data).toMatchObject({ remaining_coaching_credit: 4, can_submit_new_coaching_request: true });

    // The sand-clock and state 4.
    expect(await card(me, MODULE.id)).toMatchObject({ is_feedback_pending: true, is_feed_back_avilable: false });
    expect(await status(me, MODULE.id)).toEqual({ state: 'preparing', is_sample: false, request_id: body.request_id });
  });

  it('refuses at 0 credit with code coaching_limit and the limit message, and writes nothing', async () => {
    const me = await learner('with_feedback', 0);
    await takeFinal(me, MODULE.id);
    const res = await requestFeedback(me, MODULE.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ isError: true, code: 'coaching_limit', message: COACHING_LIMIT_MESSAGE });
    expect(await t.db.selectFrom('feedbackRequests').select('id').where('userId', '=', me.userId).execute()).toEqual([]);
    expect(await ledgerOf(me.userId)).toEqual([]);
    expect(await status(me, MODULE.id)).toMatchObject({ state: 'not_requested' });
  });

  it('refuses a plan without coaching (no_coaching, state upgrade) and a locked module for a free learner', async () => {
    const appOnly = await learner('app_only');
    await takeFinal(appOnly, MODULE.id);
    const res = await requestFeedback(appOnly, MODULE.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'no_coaching' });
    expect(await status(appOnly, MODULE.id)).toEqual({ state: 'upgrade', is_sample: false, request_id: null });

    const free = await learner('none');
    const locked = await requestFeedback(free, MODULE.id);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'module_locked' });
    expect(await t.db.selectFrom('feedbackRequests').select('id').where('userId', 'in', [appOnly.userId, free.userId]).execute()).toEqual([]);
  });

  it('does not limit a legacy subscription (created before 2022-05-06) and takes no credit from it', async () => {
    const me = await learner('legacy');
    await takeFinal(me, MODULE.id);
    const res = await requestFeedback(me, MODULE.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ remaining_coaching_credit: 0 });
    expect(await ledgerOf(me.userId)).toEqual([]);
    expect(await status(me, MODULE.id)).toMatchObject({ state: 'preparing' });
  });

  it('answers 422 while the final assessment is incomplete (a recording without its completion does not count)', async () => {
    const me = await learner('with_feedback', 5);
    const finals = (await lessonsOf(MODULE.id)).filter((l) => l.lessonType === 'finalAssignment');
    expect(await status(me, MODULE.id)).toEqual({ state: 'final_incomplete', is_sample: false, request_id: null });
    // Every item recorded, the last one not completed.
    for (const l of finals) await insertRecording(me.userId, l, MODULE.id, 'final', START);
    await complete(
      me.userId,
      finals.slice(0, -1).map((l) => l.id),
    );
    const res = await requestFeedback(me, MODULE.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation', message: FEEDBACK_MESSAGES.finalIncomplete });
    expect(await status(me, MODULE.id)).toMatchObject({ state: 'final_incomplete' });
    expect(await ledgerOf(me.userId)).toHaveLength(1);
  });
});

describe('feedback lesson states, the feedback page and Practice Again', () => {
  it('goes final_incomplete → not_requested → preparing → available, and feedback-all has the contract’s shape', async () => {
    const me = await learner('with_feedback', 5);
    const coach = await staff(ROLE.coach);
    const lessons = await lessonsOf(MODULE.id);
    const pre = lessons.filter((l) => l.lessonType === 'preLesson');
    const preOld = await insertRecording(me.userId, pre[0]!, MODULE.id, 'pre_lesson', new Date(START.getTime() - DAY_MS));
    const preNew = await insertRecording(me.userId, pre[0]!, MODULE.id, 'pre_lesson', START);
    expect(preNew).not.toBe(preOld);

    expect((await status(me, MODULE.id)).state).toBe('final_incomplete');
    expect((await feedbackAll(me, MODULE.id)).statusCode).toBe(404);
    const finalIds = await takeFinal(me, MODULE.id);
    expect((await status(me, MODULE.id)).state).toBe('not_requested');
    const { request_id: requestId } = (await requestFeedback(me, MODULE.id)).json() as { request_id: number };
    expect(await status(me, MODULE.id)).toEqual({ state: 'preparing', is_sample: false, request_id: requestId });
    // Feedback not there yet: the page's calls answer 404 (the client goes back to /modules).
    expect((await feedbackAll(me, MODULE.id)).statusCode).toBe(404);
    expect((await post(t.app, '/api/module/feedback', { module_id: MODULE.id }, { token: me.token })).statusCode).toBe(404);

    t.clock.set(new Date(START.getTime() + HOUR_MS));
    const answered = await answer(requestId, coach);
    expect(await status(me, MODULE.id)).toEqual({ state: 'available', is_sample: false, request_id: requestId });
    expect(await card(me, MODULE.id)).toMatchObject({ is_feed_back_avilable: true, is_feedback_pending: false });

    const coachRes = await post(t.app, '/api/module/feedback', { module_id: MODULE.id }, { token: me.token });
    expect(coachRes.statusCode).toBe(200);
    expect(r.moduleFeedback.response.parse(coachRes.json()).coachData).toEqual({ name: 'Dana Coach', photo: `/api/media/avatars/${coach.userId}/face.png` });

    const res = await feedbackAll(me, MODULE.id);
    expect(res.statusCode).toBe(200);
    const data = r.moduleFeedbackAll.response.parse(res.json()).data;
    const finals = lessons.filter((l) => l.lessonType === 'finalAssignment');
    const items = await t.db.selectFrom('feedbackRequestItems').select('id').where('requestId', '=', requestId).orderBy('position').execute();
    const replies = await t.db.selectFrom('coachFeedbackReplies').select(['id', 'requestItemId']).where('feedbackId', '=', answered.feedbackId).orderBy('id').execute();
    const answeredAt = new Date(START.getTime() + HOUR_MS).toISOString();
    expect(data).toEqual({
      module: { id: MODULE.id, title: MODULE.title, sub_title: MODULE.subTitle, icon_url: expect.stringMatching(/^\/media\/images\/modules\//) },
      description: 'Clear and confident. Work on the vowel length.',
      is_sample: false,
      coach: { name: 'Dana Coach', photo: `/api/media/avatars/${coach.userId}/face.png` },
      created_at: answeredAt,
      userdata: {
        prelessonRecords: [{ id: preNew, title: pre[0]!.text, recording_path: `/api/recordings/${preNew}/audio`, created_at: START.toISOString() }],
        finalRecords: finals.map((l, i) => ({
          id: items[i]!.id,
          title: l.text,
          recording_path: `/api/recordings/${finalIds[i]}/audio`,
          created_at: START.toISOString(),
          post_lesson_title: l.title,
          postlesson_feedbacks: [
            {
              id: replies.find((rep) => rep.requestItemId === items[i]!.id)!.id,
              coach_photo: `/api/media/avatars/${coach.userId}/face.png`,
              coach_name: 'Dana Coach',
              created_at: answeredAt,
              audio_url: i === 0 ? `/api/coach-replies/${answered.replyAudioId}/audio` : null,
              text: `Reply to ${l.text}`,
            },
          ],
        })),
      },
      scores: [
        { factor_name: 'Pronunciation', score: 3 },
        { factor_name: 'Fluency', score: 4 },
        { factor_name: 'Intonation', score: 5 },
        { factor_name: 'Stress', score: 2 },
      ],
    });

    // The reply audio plays for its learner, with a range for Safari.
    const audio = await get(t.app, `/api/coach-replies/${answered.replyAudioId}/audio`, { token: me.token });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/webm');
    expect(audio.rawPayload.equals(answered.audioBytes)).toBe(true);

    // Module detail: the final items say they have feedback.
    const detail = await post(t.app, '/api/module/detail', { module_id: MODULE.id }, { token: me.token });
    expect(detail.statusCode).toBe(200);
    const finalItems = m.moduleDetail.response.parse(detail.json()).data.final_assignment;
    expect(finalItems.length).toBe(finals.length);
    expect(finalItems.every((item) => item.hasFeedback)).toBe(true);
  });

  it('Practice Again clears the answered request and the final, keeps history, and a new request takes a second credit', async () => {
    const me = await learner('with_feedback', 5);
    const coach = await staff(ROLE.coach);
    const finals = (await lessonsOf(MODULE.id)).filter((l) => l.lessonType === 'finalAssignment');
    const firstTake = await takeFinal(me, MODULE.id);
    const first = (await requestFeedback(me, MODULE.id)).json() as { request_id: number };

    // Still with the coaches: not withdrawn.
    const early = await post(t.app, '/api/clear-post-lesson', { module_id: MODULE.id }, { token: me.token });
    expect(early.statusCode).toBe(422);
    expect(await status(me, MODULE.id)).toMatchObject({ state: 'preparing', request_id: first.request_id });

    const answered = await answer(first.request_id, coach);
    const progressBefore = (await card(me, MODULE.id)).user_progress;
    t.clock.set(new Date(START.getTime() + 2 * HOUR_MS));
    const res = await post(t.app, '/api/clear-post-lesson', { module_id: MODULE.id }, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(r.clearPostLesson.response.parse(res.json()).message).toBe('Your final assessment is cleared. Practise again!');

    const request = await t.db.selectFrom('feedbackRequests').select(['status', 'clearedAt']).where('id', '=', first.request_id).executeTakeFirstOrThrow();
    expect(request).toEqual({ status: 'cleared', clearedAt: new Date(START.getTime() + 2 * HOUR_MS) });
    const completions = await t.db.selectFrom('lessonCompletions').select('lessonId').where('userId', '=', me.userId).where('lessonId', 'in', finals.map((l) => l.id)).execute();
    expect(completions).toEqual([]);
    expect((await card(me, MODULE.id)).user_progress).toBeLessThan(progressBefore);
    // History: recordings, feedback and replies are all still there.
    expect(await t.db.selectFrom('recordings').select('id').where('id', 'in', firstTake).execute()).toHaveLength(firstTake.length);
    expect(await t.db.selectFrom('coachFeedbacks').select('id').where('id', '=', answered.feedbackId).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('coachFeedbackReplies').select('id').where('feedbackId', '=', answered.feedbackId).execute()).toHaveLength(finals.length);

    expect(await status(me, MODULE.id)).toEqual({ state: 'final_incomplete', is_sample: false, request_id: null });
    expect((await feedbackAll(me, MODULE.id)).statusCode).toBe(404);
    expect(await card(me, MODULE.id)).toMatchObject({ is_feed_back_avilable: false, is_feedback_pending: false });
    expect((await requestFeedback(me, MODULE.id)).statusCode).toBe(422);

    // Idempotent: a second Practice Again changes nothing.
    expect((await post(t.app, '/api/clear-post-lesson', { module_id: MODULE.id }, { token: me.token })).statusCode).toBe(200);
    expect(await t.db.selectFrom('feedbackRequests').select('status').where('userId', '=', me.userId).execute()).toEqual([{ status: 'cleared' }]);

    // The final again (through the progress call, as the player reports it, so the lessons before
    // it are done): a new request, a second credit.
    await complete(
      me.userId,
      (await lessonsOf(MODULE.id)).filter((l) => l.lessonType !== 'finalAssignment').map((l) => l.id),
    );
    const secondTake: number[] = [];
    for (const l of finals) secondTake.push(await insertRecording(me.userId, l, MODULE.id, 'final', t.clock.now()));
    for (const l of finals) {
      const step = await post(t.app, '/api/module/step', { module_id: MODULE.id, step: 'finalAssessment', step_id: l.uniqueId }, { token: me.token });
      expect(step.statusCode).toBe(200);
    }
    const second = await requestFeedback(me, MODULE.id);
    expect(second.statusCode).toBe(200);
    const secondBody = second.json() as { request_id: number; remaining_coaching_credit: number };
    expect(secondBody.request_id).not.toBe(first.request_id);
    expect(secondBody.remaining_coaching_credit).toBe(3);
    const items = await t.db.selectFrom('feedbackRequestItems').select('recordingId').where('requestId', '=', secondBody.request_id).orderBy('position').execute();
    expect(items.map((i) => i.recordingId)).toEqual(secondTake);
    expect((await ledgerOf(me.userId)).filter((l) => l.delta === -1).map((l) => l.key)).toEqual([`request:${first.request_id}`, `request:${secondBody.request_id}`]);
  });

  it('Practice Again without any request still clears the final completions', async () => {
    const me = await learner('app_only');
    const finals = (await lessonsOf(MODULE.id)).filter((l) => l.lessonType === 'finalAssignment');
    await takeFinal(me, MODULE.id);
    const res = await post(t.app, '/api/clear-post-lesson', { module_id: MODULE.id }, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(await t.db.selectFrom('lessonCompletions').select('lessonId').where('userId', '=', me.userId).where('lessonId', 'in', finals.map((l) => l.id)).execute()).toEqual([]);
  });

  it('unlocks the intro module’s sample feedback once every lesson is done, on any plan', async () => {
    const me = await learner('none');
    const lessons = await lessonsOf(INTRO.id);
    const finals = lessons.filter((l) => l.lessonType === 'finalAssignment');
    const sample = INTRO.sampleFeedback!;

    expect(await status(me, INTRO.id)).toEqual({ state: 'final_incomplete', is_sample: false, request_id: null });
    expect((await feedbackAll(me, INTRO.id)).statusCode).toBe(404);
    const finalIds = await takeFinal(me, INTRO.id);
    // The final alone is not every lesson.
    expect((await status(me, INTRO.id)).state).toBe('final_incomplete');
    expect(await card(me, INTRO.id)).toMatchObject({ is_feed_back_avilable: false });

    t.clock.set(new Date(START.getTime() + HOUR_MS));
    await complete(
      me.userId,
      lessons.map((l) => l.id),
    );
    expect(await status(me, INTRO.id)).toEqual({ state: 'available', is_sample: true, request_id: null });
    expect(await card(me, INTRO.id)).toMatchObject({ is_feed_back_avilable: true, is_feedback_pending: false });

    const coach = { name: sample.coach.name, photo: `/media/${coachPhotoKey(sample.coach.name)}` };
    const coachRes = await post(t.app, '/api/module/feedback', { module_id: INTRO.id }, { token: me.token });
    expect(r.moduleFeedback.response.parse(coachRes.json()).coachData).toEqual(coach);
    const res = await feedbackAll(me, INTRO.id);
    expect(res.statusCode).toBe(200);
    const data = r.moduleFeedbackAll.response.parse(res.json()).data;
    const unlockedAt = new Date(START.getTime() + HOUR_MS).toISOString();
    expect(data).toMatchObject({ is_sample: true, description: sample.summary, coach, created_at: unlockedAt, userdata: { prelessonRecords: [] } });
    expect(data.coach.name).toBe('Emily Carter');
    expect(data.userdata.finalRecords).toEqual(
      finals.map((l, i) => ({
        id: l.id,
        title: l.text,
        recording_path: `/api/recordings/${finalIds[i]}/audio`,
        created_at: START.toISOString(),
        post_lesson_title: l.title,
        postlesson_feedbacks: [{ id: i + 1, coach_photo: coach.photo, coach_name: coach.name, created_at: unlockedAt, audio_url: `/media/${coachReplyAudioKey(INTRO.code, i)}`, text: sample.replies[i] }],
      })),
    );
    expect(data.scores).toEqual([
      { factor_name: 'Pronunciation', score: sample.scores.pronunciation },
      { factor_name: 'Fluency', score: sample.scores.fluency },
      { factor_name: 'Intonation', score: sample.scores.intonation },
      { factor_name: 'Stress', score: sample.scores.stress },
    ]);
  });
});

describe('fluency-assessment coach feedback', () => {
  async function assessmentOf(who: Who): Promise<{ resultId: number; recordIds: number[] }> {
    const recordIds: number[] = [];
    for (const [i, text] of ['Think about three things.', 'The weather is fine.'].entries()) {
      blobCounter += 1;
      const blobKey = `assessment/${who.userId}/a-${blobCounter}.wav`;
      await blobs.put(blobKey, Buffer.from(`learner-${who.userId}-${text}`), { contentType: 'audio/wav' });
      const rec = await t.db
        .insertInto('assessmentRecords')
        .values({ userId: who.userId, anonymousId: null, itemId: i + 1, text, nativeLanguage: null, blobKey, mimeType: 'audio/wav', durationMs: 2000, sizeBytes: 100, status: 'scored', createdAt: START })
        .returning('id')
        .executeTakeFirstOrThrow();
      recordIds.push(rec.id);
    }
    const result = await t.db
      .insertInto('assessmentResults')
      .values({ userId: who.userId, anonymousId: null, result: '{}', soundWeights: '[]', overallScore: 70, recordIds: [...recordIds].sort((a, b) => a - b).join(','), createdAt: START })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { resultId: result.id, recordIds };
  }

  it('takes one credit for the assessment’s recordings, idempotently, and serves the answered feedback to its learner only', async () => {
    const me = await learner('with_feedback', 2);
    const other = await learner('with_feedback', 2);
    const coach = await staff(ROLE.coach);
    const admin = await staff(ROLE.admin);
    const { resultId, recordIds } = await assessmentOf(me);

    // Nothing yet: data null.
    const none = await get(t.app, '/api/get-human-coach-feedback', { token: me.token });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ isError: false, data: null });

    // Another learner cannot send my assessment.
    expect((await post(t.app, '/api/initial-assessment/request-coach-feedback', { assessment_id: resultId }, { token: other.token })).statusCode).toBe(404);

    const res = await post(t.app, '/api/initial-assessment/request-coach-feedback', { assessment_id: resultId }, { token: me.token });
    expect(res.statusCode).toBe(200);
    const body = r.requestAssessmentCoachFeedback.response.parse(res.json());
    expect(body.remaining_coaching_credit).toBe(1);
    const again = await post(t.app, '/api/initial-assessment/request-coach-feedback', { assessment_id: resultId }, { token: me.token });
    expect(again.json()).toMatchObject({ request_id: body.request_id, remaining_coaching_credit: 1 });
    expect(await t.db.selectFrom('feedbackRequests').select(['kind', 'assessmentResultId', 'status']).where('id', '=', body.request_id).executeTakeFirstOrThrow()).toEqual({
      kind: 'initial_assessment',
      assessmentResultId: resultId,
      status: 'pending',
    });
    const items = await t.db.selectFrom('feedbackRequestItems').select(['id', 'assessmentRecordId', 'recordingId', 'title']).where('requestId', '=', body.request_id).orderBy('position').execute();
    expect(items.map(({ id: _id, ...rest }) => rest)).toEqual([
      { assessmentRecordId: recordIds[0], recordingId: null, title: 'Think about three things.' },
      { assessmentRecordId: recordIds[1], recordingId: null, title: 'The weather is fine.' },
    ]);
    expect((await ledgerOf(me.userId)).map((l) => l.key)).toEqual([null, `request:${body.request_id}`]);

    // Before submission the stored reply audio is the coach's only.
    const answered = await answer(body.request_id, coach);
    await t.db.deleteFrom('coachFeedbackReplies').where('feedbackId', '=', answered.feedbackId).where('replyAudioId', '=', answered.replyAudioId).execute();
    expect((await get(t.app, `/api/coach-replies/${answered.replyAudioId}/audio`, { token: me.token })).statusCode).toBe(404);
    expect((await get(t.app, `/api/coach-replies/${answered.replyAudioId}/audio`, { token: coach.token })).statusCode).toBe(200);
    const firstItem = await t.db.selectFrom('feedbackRequestItems').select('id').where('requestId', '=', body.request_id).orderBy('position').executeTakeFirstOrThrow();
    await t.db.insertInto('coachFeedbackReplies').values({ feedbackId: answered.feedbackId, requestItemId: firstItem.id, text: 'Reply to Think about three things.', replyAudioId: answered.replyAudioId }).execute();

    const latest = await get(t.app, '/api/get-human-coach-feedback', { token: me.token });
    expect(latest.statusCode).toBe(200);
    const data = r.getHumanCoachFeedback.response.parse(latest.json()).data;
    expect(data).toEqual({
      id: answered.feedbackId,
      assessment_id: resultId,
      coach_reply: 'Clear and confident. Work on the vowel length.',
      audio_records: [
        {
          id: items[0]!.id,
          title: 'Think about three things.',
          audio_url: `/api/coach-replies/${answered.replyAudioId}/audio`,
          text: 'Reply to Think about three things.',
          recording_path: `/api/feedback-items/${items[0]!.id}/audio`,
        },
        { id: items[1]!.id, title: 'The weather is fine.', audio_url: null, text: 'Reply to The weather is fine.', recording_path: `/api/feedback-items/${items[1]!.id}/audio` },
      ],
      coach: { name: 'Dana Coach', photo_url: `/api/media/avatars/${coach.userId}/face.png` },
      scores: [
        { factor_name: 'Pronunciation', score: 3 },
        { factor_name: 'Fluency', score: 4 },
        { factor_name: 'Intonation', score: 5 },
        { factor_name: 'Stress', score: 2 },
      ],
      created_at: START.toISOString(),
    });
    const byId = await get(t.app, `/api/get-human-coach-feedback?feedback_id=${answered.feedbackId}`, { token: me.token });
    expect(r.getHumanCoachFeedback.response.parse(byId.json()).data?.id).toBe(answered.feedbackId);

    // Isolation: the other learner gets 404 for my feedback and my reply audio, and no feedback of their own.
    expect((await get(t.app, `/api/get-human-coach-feedback?feedback_id=${answered.feedbackId}`, { token: other.token })).statusCode).toBe(404);
    expect((await get(t.app, '/api/get-human-coach-feedback', { token: other.token })).json()).toEqual({ isError: false, data: null });
    expect((await get(t.app, `/api/coach-replies/${answered.replyAudioId}/audio`, { token: other.token })).statusCode).toBe(404);
    // My own recording plays for me, for nobody else.
    const mine = await get(t.app, `/api/feedback-items/${items[1]!.id}/audio`, { token: me.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toBe(`learner-${me.userId}-The weather is fine.`);
    expect((await get(t.app, `/api/feedback-items/${items[1]!.id}/audio`, { token: other.token })).statusCode).toBe(404);
    // Coaches and admins hear it; nobody without a token.
    for (const who of [me, coach, admin]) expect((await get(t.app, `/api/coach-replies/${answered.replyAudioId}/audio`, { token: who.token })).statusCode).toBe(200);
    expect((await get(t.app, `/api/coach-replies/${answered.replyAudioId}/audio`)).statusCode).toBe(401);
    expect((await get(t.app, '/api/coach-replies/999999/audio', { token: coach.token })).statusCode).toBe(404);
  });

  it('refuses without credit (coaching_limit) and without a coaching plan (no_coaching)', async () => {
    const broke = await learner('with_feedback', 0);
    const { resultId } = await assessmentOf(broke);
    const res = await post(t.app, '/api/initial-assessment/request-coach-feedback', { assessment_id: resultId }, { token: broke.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'coaching_limit', message: COACHING_LIMIT_MESSAGE });
    const appOnly = await learner('app_only');
    const own = await assessmentOf(appOnly);
    const refused = await post(t.app, '/api/initial-assessment/request-coach-feedback', { assessment_id: own.resultId }, { token: appOnly.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'no_coaching' });
  });
});

describe('isolation between learners (module feedback)', () => {
  it('learner B sees none of A’s module feedback or reply audio', async () => {
    const a = await learner('with_feedback', 5);
    const b = await learner('with_feedback', 5);
    const coach = await staff(ROLE.coach);
    await takeFinal(a, MODULE.id);
    const { request_id: requestId } = (await requestFeedback(a, MODULE.id)).json() as { request_id: number };
    const answered = await answer(requestId, coach);
    expect((await feedbackAll(a, MODULE.id)).statusCode).toBe(200);

    expect((await feedbackAll(b, MODULE.id)).statusCode).toBe(404);
    expect((await post(t.app, '/api/module/feedback', { module_id: MODULE.id }, { token: b.token })).statusCode).toBe(404);
    expect(await status(b, MODULE.id)).toEqual({ state: 'final_incomplete', is_sample: false, request_id: null });
    expect(await card(b, MODULE.id)).toMatchObject({ is_feed_back_avilable: false, is_feedback_pending: false });
    expect((await get(t.app, `/api/coach-replies/${answered.replyAudioId}/audio`, { token: b.token })).statusCode).toBe(404);
    // B's Practice Again touches nothing of A's.
    expect((await post(t.app, '/api/clear-post-lesson', { module_id: MODULE.id }, { token: b.token })).statusCode).toBe(200);
    expect(await t.db.selectFrom('feedbackRequests').select('status').where('id', '=', requestId).executeTakeFirstOrThrow()).toEqual({ status: 'answered' });
  });
});
