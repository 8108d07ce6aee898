import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentRoutes as r, notificationsRoutes as n, type AssessmentResult } from '@clearspeak/contract';
import { assessmentWordImageKey, introVideoKey, loadCourse } from '@clearspeak/content';
import { buildMedia } from '@clearspeak/content/media';
import { createLocalBlobStore } from '../lib/blob-store.ts';
import { seedCourse } from '../modules/course-seed.ts';
import { createAudioFactory, createLearner } from '../modules/test-helpers.ts';
import { createTestApp, get, post, type TestApp } from '../test/app.ts';
import { buildStudyPlan, cleanUpAnonymousData } from './service.ts';
import { FAILS_TH, ITEM, newAnonymousId, takeAnonymousAssessment, thModuleId, uploadAnonymous, uploadLearner } from './test-helpers.ts';

// Real database, real engine (one decoder pool for this file), recordings spoken by espeak-ng.
let t: TestApp;
const audio = createAudioFactory();
// The word cards as build:media makes them, served at /media like the rest of the course media.
const mediaDir = mkdtempSync(path.join(tmpdir(), 'cs-assessment-media-'));

beforeAll(async () => {
  await buildMedia({ course: loadCourse(), outDir: mediaDir, filter: (a) => a.recipe.type === 'word-card' });
  t = await createTestApp({ env: { MEDIA_DIR: mediaDir } });
  await seedCourse(t.db);
});
afterAll(async () => {
  await t.close();
  audio.cleanup();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** Every word of the result has its word card, and the card is served. */
async function expectWordPictures(result: AssessmentResult) {
  const words = [...result.items.flatMap((i) => i.words), ...result.words];
  expect(words.length).toBeGreaterThan(0);
  for (const w of words) expect(w.image_url, w.word).toBe(`/media/${assessmentWordImageKey(w.word)}`);
  for (const url of new Set(words.map((w) => w.image_url!))) {
    const res = await get(t.app, url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg [^>]*aria-label="[^"]+, key sound \/[^/]+\/"/);
  }
}

describe('items, anonymous ids and the intro-video variable', () => {
  it('answers the content items with model audio and the waiting tips, to learners and known visitors only', async () => {
    const learner = await createLearner(t);
    const res = await get(t.app, '/api/initial-assessments', { token: learner.token });
    expect(res.statusCode).toBe(200);
    const body = r.initialAssessments.response.parse(res.json());
    const content = loadCourse().assessment;
    expect(body.initial_assessments.map((i) => i.title)).toEqual(content.items.map((i) => i.text));
    expect(body.initial_assessments[0]).toMatchObject({ id: 1, title: 'think', kind: 'word', sounds: ['TH', 'NG', 'K'] });
    expect(body.initial_assessments.every((i) => i.audio_url?.startsWith('/media/audio/model/'))).toBe(true);
    expect(body.tips[0]).toMatch(/^Hang Tight!/);
    expect((await get(t.app, '/api/initial-assessments')).statusCode).toBe(401);

    const id = await newAnonymousId(t);
    const v2 = await get(t.app, `/api/v2/initial-assessments?anonymousUserId=${id}`);
    expect(v2.statusCode).toBe(200);
    expect(r.initialAssessmentsV2.response.parse(v2.json()).initial_assessments).toHaveLength(content.items.length);
    expect((await get(t.app, '/api/v2/initial-assessments?anonymousUserId=0b6f2f34-5a1e-4a51-9d43-1d2b8a7e0c11')).statusCode).toBe(404);
    expect((await get(t.app, '/api/v2/initial-assessments?anonymousUserId=nope')).statusCode).toBe(422);
  });

  it('hands out distinct stored anonymous ids', async () => {
    const [a, b] = [await newAnonymousId(t), await newAnonymousId(t)];
    expect(a).not.toBe(b);
    const rows = await t.db.selectFrom('anonymousVisitors').select(['id', 'createdAt']).where('id', 'in', [a, b]).execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.createdAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('answers even for English and odd for a language with its own intro video, with that video (§2)', async () => {
    const variable = async (key: string) => get(t.app, `/api/variables?key=${key}`);
    const english = r.getVariable.response.parse((await variable('english-asmtvideo')).json());
    expect(english.value % 2).toBe(0);
    expect(english.video_url).toBe(`/media/${introVideoKey('english')}`);
    for (const language of ['spanish', 'bengali', 'chinese', 'hindi', 'portuguese', 'french', 'arabic']) {
      const v = r.getVariable.response.parse((await variable(`${language}-asmtvideo`)).json());
      expect(v.value % 2).toBe(1);
      expect(v.video_url).toBe(`/media/${introVideoKey(language)}`);
    }
    // A language of the dropdown without its own video gets the English one.
    const russian = r.getVariable.response.parse((await variable('russian-asmtvideo')).json());
    expect(russian.value % 2).toBe(0);
    expect(russian.video_url).toBe(`/media/${introVideoKey('english')}`);
    expect((await variable('klingon-asmtvideo')).statusCode).toBe(404);
    expect((await variable('Bad_Key')).statusCode).toBe(422);
  });
});

describe('uploads', () => {
  it('stores a learner recording before scoring, with the checks of module uploads', async () => {
    const learner = await createLearner(t);
    const res = await uploadLearner(t, learner.token, ITEM.very, audio.speak('very'));
    expect(res.statusCode).toBe(200);
    const id = r.uploadInitialAssessmentRecord.response.parse(res.json()).assessment_record_id;
    const row = await t.db.selectFrom('assessmentRecords').select(['userId', 'anonymousId', 'itemId', 'text', 'status', 'mimeType', 'durationMs', 'blobKey']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: learner.userId, anonymousId: null, itemId: ITEM.very, text: 'very', status: 'stored', mimeType: 'audio/wav' });
    expect(row.durationMs).toBeGreaterThan(200);
    const blob = await createLocalBlobStore(path.join(t.dataDir, 'blobs')).get(row.blobKey);
    blob?.stream.destroy();
    expect(blob?.sizeBytes).toBeGreaterThan(1000);

    // The shared checks: a non-audio file, no file, an unknown item, no session.
    expect((await uploadLearner(t, learner.token, ITEM.very, Buffer.from('not audio at all'))).statusCode).toBe(422);
    expect((await uploadLearner(t, learner.token, 999, audio.speak('very'))).statusCode).toBe(422);
    expect((await uploadLearner(t, 'bad-token', ITEM.very, audio.speak('very'))).statusCode).toBe(401);
  });

  it('saves the native language a learner chose to their profile (accounts §2 step 1)', async () => {
    const learner = await createLearner(t);
    const profileLanguage = async () => (await get(t.app, '/api/get-user-data', { token: learner.token })).json().userDetails.native_language as string | null;
    expect(await profileLanguage()).toBeNull();
    // "Other" only opens the list, and a name not on the list is not a language: neither is saved.
    for (const language of ['Other', 'Klingon']) expect((await uploadLearner(t, learner.token, ITEM.very, audio.speak('very'), language)).statusCode).toBe(200);
    expect(await profileLanguage()).toBeNull();
    expect((await uploadLearner(t, learner.token, ITEM.very, audio.speak('very'), 'Hindi')).statusCode).toBe(200);
    expect(await profileLanguage()).toBe('Hindi');
    // Choosing again in a later assessment is the learner's latest word.
    await uploadLearner(t, learner.token, ITEM.very, audio.speak('very'), 'Malay/Indonesian');
    expect(await profileLanguage()).toBe('Malay/Indonesian');
    // No language sent, or "Others" (not listed), keeps the one the profile has.
    await uploadLearner(t, learner.token, ITEM.very, audio.speak('very'));
    await uploadLearner(t, learner.token, ITEM.very, audio.speak('very'), 'Others');
    expect(await profileLanguage()).toBe('Malay/Indonesian');
    // The session a later sign-in starts carries it too.
    const login = await post(t.app, '/api/web-portal-login', { email: learner.email, password: 'password123' });
    expect(login.json().data.user.native_language).toBe('Malay/Indonesian');
  });

  it('fills an empty profile with "Others" but never overwrites a language with it', async () => {
    const learner = await createLearner(t);
    await uploadLearner(t, learner.token, ITEM.very, audio.speak('very'), 'Others');
    const row = await t.db.selectFrom('users').select('nativeLanguage').where('id', '=', learner.userId).executeTakeFirstOrThrow();
    expect(row.nativeLanguage).toBe('Others');
  });

  it('stores a visitor recording only for a known, unclaimed anonymous id', async () => {
    const id = await newAnonymousId(t);
    const ok = await uploadAnonymous(t, id, ITEM.very, audio.speak('very'));
    expect(ok.statusCode).toBe(200);
    const recordId = r.uploadInitialAssessmentRecordV2.response.parse(ok.json()).assessment_record_id;
    const row = await t.db.selectFrom('assessmentRecords').select(['userId', 'anonymousId', 'nativeLanguage']).where('id', '=', recordId).executeTakeFirstOrThrow();
    expect(row).toEqual({ userId: null, anonymousId: id, nativeLanguage: 'Spanish' });
    expect((await uploadAnonymous(t, '0b6f2f34-5a1e-4a51-9d43-1d2b8a7e0c11', ITEM.very, audio.speak('very'))).statusCode).toBe(404);
    expect((await uploadAnonymous(t, 'not-a-uuid', ITEM.very, audio.speak('very'))).statusCode).toBe(422);
  });
});

describe('the AI result and the study plan', () => {
  it('scores a learner who fails TH: per-word scores and weak sounds, TH to work on, the TH module first, the notification', async () => {
    const learner = await createLearner(t);
    const before = r.initialAssessmentStatus.response.parse((await get(t.app, '/api/initial-assessment-status', { token: learner.token })).json());
    expect(before).toEqual({ isError: false, is_user_completed: false, is_recommended_module_avilable: false, notification_id: null });
    expect((await get(t.app, '/api/get-ai-coach-feedback', { token: learner.token })).statusCode).toBe(404);

    const ids: number[] = [];
    for (const s of FAILS_TH) ids.push((await uploadLearner(t, learner.token, s.itemId, audio.speak(s.say))).json().assessment_record_id as number);
    const res = await post(t.app, '/api/upload-ai-server', { assessment_record_ids: ids, texts: FAILS_TH.map((s) => s.say), questions: FAILS_TH.map((s) => s.itemId) }, { token: learner.token });
    expect(res.statusCode).toBe(200);
    const result = r.uploadAiServer.response.parse(res.json()).ai_response.data;

    expect(result.items.map((i) => i.initial_assessment_id)).toEqual(FAILS_TH.map((s) => s.itemId));
    expect(result.items[0]!.words.map((w) => w.word)).toEqual(['think']);
    expect(result.items[1]!.words.map((w) => w.word)).toEqual(['I', 'think', 'the', 'weather', 'will', 'be', 'better', 'on', 'Thursday']);
    const think = result.items[0]!.words[0]!;
    expect(think.weak_sounds.map((s) => s.phone)).toContain('TH');
    expect(think.image_url).toBe('/media/images/words/think.svg');
    await expectWordPictures(result);
    // The overall score is the mean of the items' engine totals.
    const totals = result.items.map((i) => i.score!);
    expect(result.overall_score).toBe(Math.round(totals.reduce((a, b) => a + b, 0) / totals.length));
    expect(result.focus_sounds[0]).toMatchObject({ phone: 'TH', ipa: 'θ' });
    expect(result.focus_sounds[0]!.tip).toMatch(/tongue/i);
    expect(result.summary).toContain(`${result.overall_score} out of 100`);
    expect(result.summary).toContain('TH /θ/');
    expect(result.text_tips.some((tip) => tip.includes('TH'))).toBe(true);
    expect(result.voice_tips.length).toBeGreaterThan(0);
    expect(result.voice_tips.map((v) => v.text.toLowerCase())).toContain('think');
    const voice = await get(t.app, result.voice_tips[0]!.voice_url);
    expect(voice.statusCode).toBe(200);
    expect(voice.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    // The stored recordings carry the engine's verdict.
    const stored = await t.db.selectFrom('assessmentRecords').select(['status', 'score']).where('id', 'in', ids).execute();
    expect(stored.every((s) => s.status === 'scored' && s.score !== null)).toBe(true);

    const plan = r.personalizedTrainingPlan.response.parse((await get(t.app, '/api/personalized-training-plan', { token: learner.token })).json()).data;
    expect(plan[0]!.id).toBe(await thModuleId(t));
    expect(plan[0]!.sounds[0]).toBe('TH');
    for (let i = 1; i < plan.length; i++) expect(plan[i]!.priority).toBeLessThanOrEqual(plan[i - 1]!.priority);

    const status = r.initialAssessmentStatus.response.parse((await get(t.app, '/api/initial-assessment-status', { token: learner.token })).json());
    expect(status).toMatchObject({ is_user_completed: true, is_recommended_module_avilable: true });
    const notifications = n.getUserNotifications.response.parse((await get(t.app, '/api/get-user-notifications', { token: learner.token })).json()).notifications;
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ id: status.notification_id, notification_type: 'initial-assessment-ai-feedback', object_id: result.assessment_id, is_read: false });
    expect(notifications[0]!.subtitle).toContain(plan[0]!.title);
    const feedback = r.getAiCoachFeedback.response.parse((await get(t.app, '/api/get-ai-coach-feedback', { token: learner.token })).json());
    expect(feedback.ai_response.data).toEqual(result);

    // A retry with the same recordings answers the same result: no second result or notification.
    const retry = await post(t.app, '/api/upload-ai-server', { assessment_record_ids: [...ids].reverse(), texts: [], questions: [] }, { token: learner.token });
    expect(r.uploadAiServer.response.parse(retry.json()).ai_response.data.assessment_id).toBe(result.assessment_id);
    expect(await t.db.selectFrom('assessmentResults').select('id').where('userId', '=', learner.userId).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('notifications').select('id').where('userId', '=', learner.userId).execute()).toHaveLength(1);
    // A new set reuses the stored verdicts of recordings already scored and makes a new result.
    const more = (await uploadLearner(t, learner.token, ITEM.very, audio.speak('very'))).json().assessment_record_id as number;
    const next = await post(t.app, '/api/upload-ai-server', { assessment_record_ids: [...ids, more], texts: [], questions: [] }, { token: learner.token });
    const nextResult = r.uploadAiServer.response.parse(next.json()).ai_response.data;
    expect(nextResult.assessment_id).not.toBe(result.assessment_id);
    expect(nextResult.items.slice(0, 3).map((i) => i.score)).toEqual(result.items.map((i) => i.score));
    expect(r.initialAssessmentStatus.response.parse((await get(t.app, '/api/initial-assessment-status', { token: learner.token })).json()).notification_id).not.toBe(status.notification_id);
  });

  it('sorts the plan by user_progress ascending, then priority descending (learning §7)', async () => {
    const learner = await createLearner(t);
    const idOf = async (code: string) => (await t.db.selectFrom('modules').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    const [th, vw, rl] = [await idOf('th'), await idOf('v-w'), await idOf('r-l')];
    const weight = (phone: string, w: number) => ({ phone, ipa: phone, failures: 1, occurrences: 2, lowestScore: 70 - w, meanScore: 80, weight: w });
    const { id: assessmentId } = await t.db
      .insertInto('assessmentResults')
      .values({ userId: learner.userId, anonymousId: null, result: '{}', soundWeights: '[]', overallScore: 50, createdAt: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await buildStudyPlan(t, { userId: learner.userId, assessmentId, weights: [weight('TH', 40), weight('V', 20), weight('R', 10)] });
    const planIds = async () =>
      r.personalizedTrainingPlan.response.parse((await get(t.app, '/api/personalized-training-plan', { token: learner.token })).json()).data.map((m) => m.id);
    const first = await planIds();
    expect(first.indexOf(th)).toBeLessThan(first.indexOf(vw));
    expect(first.indexOf(vw)).toBeLessThan(first.indexOf(rl));
    // Progress in the TH module sends it behind the untouched ones.
    const lesson = await t.db.selectFrom('lessons').select('id').where('moduleId', '=', th).orderBy('position').limit(1).executeTakeFirstOrThrow();
    await t.db.insertInto('lessonCompletions').values({ userId: learner.userId, lessonId: lesson.id, completedAt: t.clock.now() }).execute();
    const after = await planIds();
    expect(after.at(-1)).toBe(th);
    expect(after.indexOf(vw)).toBeLessThan(after.indexOf(rl));
  });

  it('scores a visitor’s assessment but answers only the id; the result waits for sign-up (accounts §6)', async () => {
    const id = await newAnonymousId(t);
    const assessmentId = await takeAnonymousAssessment(t, id, FAILS_TH.slice(0, 1), (text) => audio.speak(text));
    const row = await t.db.selectFrom('assessmentResults').select(['userId', 'anonymousId', 'overallScore']).where('id', '=', assessmentId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: null, anonymousId: id });
    // No plan or notification without an account.
    expect(await t.db.selectFrom('studyPlanModules').select('userId').where('assessmentId', '=', assessmentId).execute()).toEqual([]);
  });
});

describe('isolation', () => {
  it('never scores another visitor’s or a visitor’s records for someone else', async () => {
    const a = await newAnonymousId(t);
    const b = await newAnonymousId(t);
    const recordA = (await uploadAnonymous(t, a, ITEM.very, audio.speak('very'))).json().assessment_record_id as number;
    const recordB = (await uploadAnonymous(t, b, ITEM.very, audio.speak('very'))).json().assessment_record_id as number;
    const aiV2 = (anonymousUserId: string, ids: number[]) => post(t.app, '/api/v2/upload-ai-server', { anonymousUserId, assessment_record_ids: ids, texts: [], questions: [] });
    expect((await aiV2(b, [recordA])).statusCode).toBe(404);
    expect((await aiV2(b, [recordA, recordB])).statusCode).toBe(404);
    const learner = await createLearner(t);
    expect((await post(t.app, '/api/upload-ai-server', { assessment_record_ids: [recordA], texts: [], questions: [] }, { token: learner.token })).statusCode).toBe(404);
    // A learner's record is not a visitor's either.
    const own = (await uploadLearner(t, learner.token, ITEM.very, audio.speak('very'))).json().assessment_record_id as number;
    expect((await aiV2(a, [own])).statusCode).toBe(404);
    // Nothing was scored along the way.
    const statuses = await t.db.selectFrom('assessmentRecords').select('status').where('id', 'in', [recordA, recordB, own]).execute();
    expect(statuses.map((s) => s.status)).toEqual(['stored', 'stored', 'stored']);
    // And a visitor's own records score fine.
    expect((await aiV2(b, [recordB])).statusCode).toBe(200);
  });
});

describe('cleanUpAnonymousData', () => {
  it('deletes visitors never claimed after 30 days, with their recordings, results and blobs', async () => {
    const blobs = createLocalBlobStore(path.join(t.dataDir, 'blobs'));
    const stale = await newAnonymousId(t);
    const recordId = (await uploadAnonymous(t, stale, ITEM.very, audio.speak('very'))).json().assessment_record_id as number;
    const { blobKey } = await t.db.selectFrom('assessmentRecords').select('blobKey').where('id', '=', recordId).executeTakeFirstOrThrow();
    t.clock.advance(29 * 24 * 3600_000);
    const fresh = await newAnonymousId(t);
    await cleanUpAnonymousData({ ...t, blobStore: blobs });
    expect(await t.db.selectFrom('anonymousVisitors').select('id').where('id', '=', stale).execute()).toHaveLength(1);

    t.clock.advance(2 * 24 * 3600_000);
    await cleanUpAnonymousData({ ...t, blobStore: blobs });
    expect(await t.db.selectFrom('anonymousVisitors').select('id').where('id', '=', stale).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('assessmentRecords').select('id').where('id', '=', recordId).execute()).toHaveLength(0);
    expect(await blobs.get(blobKey)).toBeNull();
    // A younger visitor stays.
    expect(await t.db.selectFrom('anonymousVisitors').select('id').where('id', '=', fresh).execute()).toHaveLength(1);
  });
});

describe('abuse limits', () => {
  it('limits each address on the public calls that write (anonymous id, visitor upload)', async () => {
    const limited = await createTestApp({ config: (c) => ({ ...c, authRateLimitPerMinute: 2 }) });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await get(limited.app, '/api/generate-anonymous-id')).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const id = await newAnonymousId(t);
      const uploads: number[] = [];
      for (let i = 0; i < 3; i++) uploads.push((await uploadAnonymous(limited, id, ITEM.very, Buffer.from('x'))).statusCode);
      // The first two reach the checks (this app does not know the id's audio: 422), the third is refused.
      expect(uploads).toEqual([422, 422, 429]);
    } finally {
      await limited.close();
    }
  });
});
