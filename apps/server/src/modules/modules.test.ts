import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCourse, listModuleSteps } from '@clearspeak/content';
import { API_BASE, modulesRoutes as r, recordingsRoutes } from '@clearspeak/contract';
import { createTestApp, get, post, type TestApp } from '../test/app.ts';
import { seedCourse } from './course-seed.ts';
import { createLearner } from './test-helpers.ts';

let t: TestApp;
const course = loadCourse();
const TH = course.modules.find((m) => m.id === 3)!; // intro
const TRIAL = course.modules.find((m) => m.group === 'free-trial')!;
const LOCKED = course.modules.find((m) => !m.isIntro && m.group !== 'free-trial')!;
const thSteps = listModuleSteps(TH);

beforeAll(async () => {
  t = await createTestApp();
  await seedCourse(t.db);
});
afterAll(async () => {
  await t.close();
});

const listData = async (token: string) => {
  const res = await get(t.app, '/api/module/list/v3', { token });
  expect(res.statusCode).toBe(200);
  return r.moduleListV3.response.parse(res.json()).data;
};
const step = (token: string, moduleId: number, stepName: string, stepId: string) => post(t.app, '/api/module/step', { module_id: moduleId, step: stepName, step_id: stepId }, { token });

describe('OpenAPI', () => {
  it('documents every learning and recording route of the contract', async () => {
    const spec = (await get(t.app, '/docs/json')).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    for (const def of [...Object.values(r), ...Object.values(recordingsRoutes)]) {
      const openApiPath = API_BASE + def.path.replace(/:(\w+)/g, '{$1}');
      expect(spec.paths[openApiPath]?.[def.method.toLowerCase()]?.summary, `${def.method} ${def.path}`).toBe(def.summary);
    }
  });
});

describe('course seed', () => {
  it('loads every module and lesson, and a second run changes nothing', async () => {
    const count = async () => ({
      modules: (await t.db.selectFrom('modules').select('id').execute()).length,
      lessons: (await t.db.selectFrom('lessons').select(['id', 'uniqueId']).orderBy('id').execute()),
      groups: (await t.db.selectFrom('moduleGroups').select('id').execute()).length,
    });
    const before = await count();
    expect(before.modules).toBe(course.modules.length);
    expect(before.groups).toBe(course.groups.length);
    expect(before.lessons).toHaveLength(course.modules.reduce((n, m) => n + listModuleSteps(m).length, 0));
    expect(await seedCourse(t.db)).toEqual({ groups: course.groups.length, modules: course.modules.length, lessons: before.lessons.length });
    const after = await count();
    // Ids are stable across runs: learners' rows keep pointing at the same lessons.
    expect(after.lessons).toEqual(before.lessons);
  });

  it('hides a module the content no longer has instead of deleting it', async () => {
    const smaller = { ...course, modules: course.modules.filter((m) => m.id !== LOCKED.id) };
    await seedCourse(t.db, smaller);
    const { token } = await createLearner(t, 'app_only');
    const hidden = await listData(token);
    expect(hidden.othModules.flatMap((g) => g.modules).map((m) => m.id)).not.toContain(LOCKED.id);
    await seedCourse(t.db);
    const back = await listData(token);
    expect(back.othModules.flatMap((g) => g.modules).map((m) => m.id)).toContain(LOCKED.id);
  });
});

describe('GET /module/list/v3 and /module/list', () => {
  it('unlocks only the intro modules and the trial group for a free learner (§6, issue Access)', async () => {
    const { token } = await createLearner(t);
    const data = await listData(token);
    expect(data.is_subscribed).toBe(false);
    expect(data.introModules.map((m) => m.id).sort()).toEqual(course.modules.filter((m) => m.isIntro).map((m) => m.id).sort());
    expect(data.trialModules.map((m) => m.id).sort()).toEqual(course.modules.filter((m) => m.group === 'free-trial').map((m) => m.id).sort());
    const all = data.othModules.flatMap((g) => g.modules);
    expect(all).toHaveLength(course.modules.length);
    for (const card of all) {
      const m = course.modules.find((x) => x.id === card.id)!;
      expect(card.is_unlocked, m.code).toBe(m.isIntro || m.group === 'free-trial');
      expect(card).toMatchObject({ user_progress: 0, score: 0, is_feed_back_avilable: false, is_feedback_pending: false });
      expect(card.icon_url).toBe(`/media/images/modules/${m.code}.svg`);
    }
    expect(data.othModules.find((g) => g.is_trial)?.title).toBe(course.groups.find((g) => g.isTrial)?.title);
    const old = await get(t.app, '/api/module/list', { token });
    expect(r.moduleList.response.parse(old.json()).data).toEqual(data);
  });

  it.each(['app_only', 'with_feedback'] as const)('unlocks every module for a %s subscriber', async (plan) => {
    const { token } = await createLearner(t, plan);
    const data = await listData(token);
    expect(data.is_subscribed).toBe(true);
    expect(data.othModules.flatMap((g) => g.modules).every((m) => m.is_unlocked)).toBe(true);
  });

  it('needs a learner token', async () => {
    const res = await get(t.app, '/api/module/list/v3');
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe(401);
  });
});

describe('POST /module/detail', () => {
  it('answers the full nested structure with media URLs', async () => {
    const { token } = await createLearner(t);
    const res = await post(t.app, '/api/module/detail', { module_id: TH.id }, { token });
    expect(res.statusCode).toBe(200);
    const d = r.moduleDetail.response.parse(res.json()).data;
    expect(d).toMatchObject({ module_id: TH.id, module_code: TH.code, title: TH.title, intro_module: true, is_unlocked: true, sounds: TH.sounds });
    expect(d.prelesson.prelessons).toHaveLength(TH.preLesson.items.length);
    expect(d.prelesson.pre_lesson_start_msg).toBe(TH.preLesson.startMessage);
    const video = d.guided_lesson.video_lessons.lessons[0]!;
    expect(video).toMatchObject({ lesson_type: 'guidedLesson', guided_lesson_type: 'lesson', file_type: 'video', unique_id: `${TH.code}-video-1` });
    expect(video.file_url).toBe(`/media/video/${TH.code}/${TH.code}-video-1.mp4`);
    expect(video.caption_url).toBe(`/media/video/${TH.code}/${TH.code}-video-1.vtt`);
    expect(d.guided_lesson.listen_and_records.lesson_and_records).toHaveLength(TH.guidedLesson.listenAndRecord.items.length);
    expect(d.guided_lesson.listen_and_records.lesson_and_records[0]!.audio_url).toMatch(/^\/media\/audio\/model\/.+\.mp3$/);
    const choose = d.guided_lesson.listen_and_choose_correct_option.listen_and_choose_correct_options[0]!;
    expect(choose.listen_select_options).toEqual(TH.guidedLesson.listenAndChoose.items[0]!.options);
    expect(d.guided_lesson.recognising_tools.recognising_tools.map((x) => x.word)).toEqual(TH.guidedLesson.recognisingTools.items.map((i) => i.word));
    const fluency = d.fluency_activity.fluency_activities[0]!;
    expect(fluency.pivot).toEqual({ module_id: TH.id, fluency_activity_id: fluency.id });
    expect(d.final_assignment).toHaveLength(TH.finalAssessment.items.length);
    expect(d.final_assignment[0]).toMatchObject({ lesson_type: 'finalAssignment', start_msg: TH.finalAssessment.startMessage, completion_msg: TH.finalAssessment.completionMessage });
    expect([...d.prelesson.prelessons, ...d.final_assignment].every((i) => i.is_completed === false && i.user_recorded_file === null)).toBe(true);
  });

  it('refuses a locked module with 403 and a clear message (§4)', async () => {
    const { token } = await createLearner(t);
    const res = await post(t.app, '/api/module/detail', { module_id: LOCKED.id }, { token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ isError: true, code: 'module_locked', message: 'This module is locked. Subscribe to unlock every module.' });
    const sub = await createLearner(t, 'app_only');
    expect((await post(t.app, '/api/module/detail', { module_id: LOCKED.id }, { token: sub.token })).statusCode).toBe(200);
  });

  it('answers 404 for a module that does not exist and 422 for a bad id', async () => {
    const { token } = await createLearner(t);
    expect((await post(t.app, '/api/module/detail', { module_id: 999 }, { token })).statusCode).toBe(404);
    expect((await post(t.app, '/api/module/detail', { module_id: 'x' }, { token })).statusCode).toBe(422);
  });
});

describe('progress: POST /module/step and /module/save/step', () => {
  it('completes steps in order, idempotently, with user_progress = completed / all × 100', async () => {
    const { token } = await createLearner(t);
    const total = thSteps.length;
    const first = await step(token, TH.id, 'preLesson', `${TH.code}-pre-1`);
    expect(first.statusCode).toBe(200);
    expect(r.stepProgress.response.parse(first.json())).toMatchObject({ user_progress: Math.round(100 / total), is_completed: true });
    const again = await step(token, TH.id, 'preLesson', `${TH.code}-pre-1`);
    expect(again.json()).toMatchObject({ user_progress: Math.round(100 / total), message: 'Step already completed.' });
    expect((await t.db.selectFrom('lessonCompletions').select('lessonId').execute()).length).toBeGreaterThan(0);

    // Skipping ahead is refused (spec §4 Lesson access, §8 message).
    const skip = await step(token, TH.id, 'fluencyActivity', `${TH.code}-fluency-1`);
    expect(skip.statusCode).toBe(403);
    expect(skip.json().message).toBe('Please complete the previous lesson to unlock this lesson');

    await step(token, TH.id, 'guidedLesson', `${TH.code}-video-1`);
    await step(token, TH.id, 'guidedLesson', `${TH.code}-video-2`);
    // Listen and record reports its last word only; that completes the whole drill (§4).
    const records = TH.guidedLesson.listenAndRecord.items;
    const last = await step(token, TH.id, 'guidedLesson', records[records.length - 1]!.uniqueId);
    expect(last.statusCode).toBe(200);
    const done = 3 + records.length;
    expect(last.json().user_progress).toBe(Math.round((100 * done) / total));

    const list = await listData(token);
    expect(list.introModules.find((m) => m.id === TH.id)?.user_progress).toBe(Math.round((100 * done) / total));
    const detail = r.moduleDetail.response.parse((await post(t.app, '/api/module/detail', { module_id: TH.id }, { token })).json()).data;
    expect(detail.guided_lesson.listen_and_records.is_completed).toBe(true);
    expect(detail.guided_lesson.listen_and_choose_correct_option.listen_and_choose_correct_options.every((i) => !i.is_completed)).toBe(true);
  });

  it('refuses a step whose type does not match, a review step and an unknown step', async () => {
    const { token } = await createLearner(t);
    expect((await step(token, TH.id, 'guidedLesson', `${TH.code}-pre-1`)).statusCode).toBe(422);
    expect((await step(token, TH.id, 'review', 'review')).statusCode).toBe(422);
    expect((await step(token, TH.id, 'preLesson', 'nope-1')).statusCode).toBe(404);
    expect((await step(token, LOCKED.id, 'preLesson', `${LOCKED.code}-pre-1`)).statusCode).toBe(403);
  });

  it('save/step stores the position without completing anything (decision 008)', async () => {
    const { token, userId } = await createLearner(t);
    const res = await post(t.app, '/api/module/save/step', { module_id: TH.id, step: 'guidedLesson', step_id: `${TH.code}-video-2` }, { token });
    expect(res.statusCode).toBe(200);
    r.saveStep.response.parse(res.json());
    await post(t.app, '/api/module/save/step', { module_id: TH.id, step: 'fluencyActivity', step_id: `${TH.code}-fluency-1` }, { token });
    const rows = await t.db.selectFrom('modulePositions').select(['step', 'stepId']).where('userId', '=', userId).execute();
    expect(rows).toEqual([{ step: 'fluencyActivity', stepId: `${TH.code}-fluency-1` }]);
    expect(await t.db.selectFrom('lessonCompletions').select('lessonId').where('userId', '=', userId).execute()).toEqual([]);
    expect((await post(t.app, '/api/module/save/step', { module_id: TH.id, step: 'preLesson', step_id: 'missing' }, { token })).statusCode).toBe(404);
  });
});

describe('listen and choose, scores, review', () => {
  it('getlisten-options answers the items with their options', async () => {
    const { token } = await createLearner(t);
    const res = await post(t.app, '/api/module/getlisten-options', { module_id: TRIAL.id }, { token });
    expect(res.statusCode).toBe(200);
    const items = r.getListenOptions.response.parse(res.json()).data;
    expect(items.map((i) => i.unique_id)).toEqual(TRIAL.guidedLesson.listenAndChoose.items.map((i) => i.uniqueId));
    expect(items.every((i) => i.listen_select_options.filter((o) => o.correct).length === 1)).toBe(true);
  });

  it('keeps the first answer and scores 10 × correct / total on 0–100 (§9, decision 009)', async () => {
    const { token } = await createLearner(t);
    const items = TH.guidedLesson.listenAndChoose.items;
    const empty = r.moduleScore.response.parse((await post(t.app, '/api/v1/module/score', { module_id: TH.id }, { token })).json());
    expect(empty).toMatchObject({ module_score: 0, section_scores: { listen_and_choose: null, recognising_tools: null } });

    const answer = (i: number, a: string) => post(t.app, '/api/module/listen-answer', { module_id: TH.id, step_id: items[i]!.uniqueId, answer: a }, { token });
    const right = await answer(0, items[0]!.word);
    expect(r.listenAnswer.response.parse(right.json())).toMatchObject({ is_correct: true, answer: items[0]!.word });
    const wrongTitle = items[1]!.options.find((o) => !o.correct)!.title;
    expect((await answer(1, wrongTitle)).json()).toMatchObject({ is_correct: false, correct_answer: items[1]!.word });
    // Locked after the choice (§5): a second answer does not change the first.
    expect((await answer(1, items[1]!.word)).json()).toMatchObject({ is_correct: false, answer: wrongTitle });
    expect((await answer(2, 'not an option')).statusCode).toBe(422);

    const expected = Math.round((10 * 1) / items.length * 10);
    const score = r.moduleScore.response.parse((await post(t.app, '/api/v1/module/score', { module_id: TH.id }, { token })).json());
    expect(score.section_scores.listen_and_choose).toBe(expected);
    expect(score.module_score).toBe(expected);
    const card = (await listData(token)).introModules.find((m) => m.id === TH.id);
    expect(card?.score).toBe(expected);
  });

  it('module review answers the card and the learner results', async () => {
    const { token } = await createLearner(t);
    await step(token, TH.id, 'preLesson', `${TH.code}-pre-1`);
    const res = await post(t.app, '/api/module/review', { module_id: TH.id }, { token });
    expect(res.statusCode).toBe(200);
    const data = r.moduleReview.response.parse(res.json()).data;
    expect(data.module.id).toBe(TH.id);
    expect(data.userdata).toMatchObject({ completed_steps: 1, total_steps: thSteps.length, module_score: 0, recordings: [], weakest_sounds: [] });
  });

  it('review/store keeps one rating per fluency activity, replaced by a newer one', async () => {
    const { token, userId } = await createLearner(t);
    const detail = r.moduleDetail.response.parse((await post(t.app, '/api/module/detail', { module_id: TH.id }, { token })).json()).data;
    const activity = detail.fluency_activity.fluency_activities[0]!;
    const first = await post(t.app, '/api/review/store', { fluency_activities_id: activity.id, rating: 4, review: 'Useful' }, { token });
    expect(first.statusCode).toBe(200);
    r.storeReview.response.parse(first.json());
    await post(t.app, '/api/review/store', { fluency_activities_id: activity.id, rating: 5, review: 'Even better' }, { token });
    expect(await t.db.selectFrom('fluencyReviews').select(['rating', 'review']).where('userId', '=', userId).execute()).toEqual([{ rating: 5, review: 'Even better' }]);
    expect((await post(t.app, '/api/review/store', { fluency_activities_id: activity.id, rating: 6 }, { token })).statusCode).toBe(422);
    const notFluency = detail.final_assignment[0]!.id;
    expect((await post(t.app, '/api/review/store', { fluency_activities_id: notFluency, rating: 3 }, { token })).statusCode).toBe(404);
  });

  it('fluency categories: one per titled group, naming its modules', async () => {
    const { token } = await createLearner(t);
    const res = await get(t.app, '/api/fluency/categories', { token });
    const data = r.fluencyCategories.response.parse(res.json()).data;
    expect(data.map((c) => c.title)).toEqual(course.groups.map((g) => g.title));
    const trial = data.find((c) => c.title === course.groups.find((g) => g.isTrial)?.title);
    expect(trial?.module_ids.sort()).toEqual(course.modules.filter((m) => m.group === 'free-trial').map((m) => m.id).sort());
  });
});
