import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modulesRoutes as r } from '@clearspeak/contract';
import { createTestApp, get, post, type TestApp } from '../test/app.ts';
import { seedCourse } from '../modules/course-seed.ts';
import { createAudioFactory, createLearner, lessonIds, upload, wav } from '../modules/test-helpers.ts';
import { phoneColor } from './service.ts';

// Real engine throughout (packages/speech, one decoder pool for this file's app); synthetic
// recordings are made at test time with espeak-ng's American voice.
let t: TestApp;
const audio = createAudioFactory();
let subscriber: { token: string; userId: number };
const FLUENCY_TEXT = 'I need two loaves of bread, six eggs, some grapes, a bag of rice, and three tins of beans.';

beforeAll(async () => {
  t = await createTestApp();
  await seedCourse(t.db);
  subscriber = await createLearner(t, 'app_only');
});
afterAll(async () => {
  await t.close();
  audio.cleanup();
});

const coach = (token: string, moduleCode: string, text: string, data: Buffer) =>
  upload(t.app, '/api/v3/ai-smart-coach', token, { module_code: moduleCode, text }, wav(data));

describe('POST /v3/ai-smart-coach (recognising tools)', () => {
  it('scores the right word clearly higher than a different word', async () => {
    // "marrow" keeps most of the sounds of "tomorrow" (so it is scored, not refused) but not the word.
    const right = await coach(subscriber.token, 'flap-t', 'tomorrow', audio.speak('tomorrow'));
    const wrong = await coach(subscriber.token, 'flap-t', 'tomorrow', audio.speak('marrow'));
    expect(right.statusCode).toBe(200);
    expect(wrong.statusCode).toBe(200);
    const good = r.aiSmartCoach.response.parse(right.json()).ai_data;
    const bad = r.aiSmartCoach.response.parse(wrong.json()).ai_data;
    expect(good.status).toBe(200);
    expect(good.data.score).toBeGreaterThanOrEqual(70);
    // A different word is either scored clearly lower or refused as off script (201).
    if (bad.status === 200) expect(good.data.score - bad.data.score).toBeGreaterThanOrEqual(20);
    else expect(bad.data.error_message).toBeTruthy();
  });

  it('answers phones on 0–3, letters aligned to them with §9 colours, advice and a playable model voice', async () => {
    const res = await coach(subscriber.token, 'flap-t', 'water', audio.speak('water'));
    const { status, data } = r.aiSmartCoach.response.parse(res.json()).ai_data;
    expect(status).toBe(200);
    expect(data.words.map((w) => w.text)).toEqual(['water']);
    const phones = data.words[0]!.phones;
    expect(data.alignment_info.map((a) => a.phone)).toEqual(phones.map((p) => p.phone));
    data.alignment_info.forEach((a, i) => {
      expect(a.score).toBeGreaterThanOrEqual(0);
      expect(a.score).toBeLessThanOrEqual(3);
      // One decimal: within half a tenth of the exact value.
      expect(Math.abs(a.score - (phones[i]!.score * 3) / 100)).toBeLessThanOrEqual(0.05 + 1e-9);
    });
    expect(data.letter_based.map((l) => l.letter).join('')).toBe('water');
    for (const l of data.letter_based) expect(l.color).toBe(phoneColor(l.score));
    expect(data.custom_result.map((c) => c.custom_title)).toEqual(['Improvement advice', 'Nativeness']);
    expect(data.custom_result[1]!.custom_value).toMatch(/^\d{1,3}%$/);
    expect(data.custom_result[0]!.custom_value.length).toBeGreaterThan(20);
    expect(data.advice_voice.has_voice).toBe(true);
    const voice = await get(t.app, data.advice_voice.link!);
    expect(voice.statusCode).toBe(200);
    expect(voice.headers['content-type']).toBe('audio/wav');
    expect(voice.headers['cache-control']).toContain('immutable');
    expect(voice.rawPayload.subarray(0, 4).toString()).toBe('RIFF');

    // The recording and the engine's whole assessment are stored together.
    const stored = await t.db
      .selectFrom('recordings')
      .innerJoin('assessments', 'assessments.recordingId', 'recordings.id')
      .select(['recordings.kind', 'recordings.text', 'assessments.status', 'assessments.score', 'assessments.engineResult'])
      .where('recordings.id', '=', data.recording_id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ kind: 'recognising_tool', text: 'water', status: 'scored', score: data.score });
    expect((stored.engineResult as { words: unknown[] }).words).toHaveLength(1);
    // The same text is rendered once: the second result links the cached voice.
    const again = r.aiSmartCoach.response.parse((await coach(subscriber.token, 'flap-t', 'water', audio.speak('water'))).json()).ai_data;
    expect(again.data.advice_voice.link).toBe(data.advice_voice.link);
  });

  it('answers 201 with a retake message for a recording it cannot judge, never a made-up score', async () => {
    const silence = audio.ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '1.5'], 'wav');
    const res = await coach(subscriber.token, 'flap-t', 'water', silence);
    expect(res.statusCode).toBe(200);
    const { status, data } = r.aiSmartCoach.response.parse(res.json()).ai_data;
    expect(status).toBe(201);
    expect(data.error_message).toMatch(/hear|quiet|record/i);
    expect(data.alignment_info).toEqual([]);
    const row = await t.db.selectFrom('assessments').select(['status', 'score']).where('recordingId', '=', data.recording_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'retake', score: null });
  });

  it('keeps free learners out of locked modules and answers 404 for an unknown module', async () => {
    const free = await createLearner(t);
    expect((await coach(free.token, 'flap-t', 'water', audio.speak('water'))).statusCode).toBe(403);
    expect((await coach(free.token, 'no-such-module', 'water', audio.speak('water'))).statusCode).toBe(404);
  });
});

describe('POST /fluency-evaluation', () => {
  const evaluate = (data: Buffer) => upload(t.app, '/api/fluency-evaluation', subscriber.token, { module_id: 7, module_code: 'final-consonants', text: FLUENCY_TEXT }, wav(data));

  it('answers 653 for a smooth reading, with words, syllables, phones and model voices', async () => {
    const res = await evaluate(audio.speak(FLUENCY_TEXT));
    expect(res.statusCode).toBe(200);
    const d = r.fluencyEvaluation.response.parse(res.json()).ai_data;
    // No pause to call out; 653 exactly when nothing is (a word the engine found unclear would be 648).
    expect(d.warnings.filter((w) => w.startsWith('Long pause'))).toEqual([]);
    expect(d.status).toBe(d.warnings.length ? 648 : 653);
    expect(d.status).toBe(653);
    const widget = d.widgets[0]!.widget_data;
    expect(widget.words.map((w) => w.word.toLowerCase())).toEqual(FLUENCY_TEXT.toLowerCase().match(/[a-z']+/g));
    expect(d.score[0]!.score).toBeGreaterThan(0);
    expect(d.analysis.phone_score_list.length).toBeGreaterThan(widget.words.length);
    expect(d.analysis.syllable_score_list.length).toBeGreaterThanOrEqual(widget.words.length);
    expect(d.voice_urls[0]).toMatchObject({ word: FLUENCY_TEXT });
    const lesson = (await lessonIds(t, 7)).get('final-consonants-fluency-2');
    const row = await t.db.selectFrom('recordings').select(['kind', 'lessonId']).where('id', '=', d.recording_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'fluency', lessonId: lesson });
  });

  it('answers 648 with a warning for a long pause', async () => {
    const paused = audio.speakSsml('I need two loaves of bread, six eggs, <break time="1800ms"/> some grapes, a bag of rice, and three tins of beans.');
    const d = r.fluencyEvaluation.response.parse((await evaluate(paused)).json()).ai_data;
    expect(d.status).toBe(648);
    expect(d.warnings.join(' ')).toMatch(/Long pause \(\d\.\d s\) before “some”/);
  });

  it('refuses a reading it cannot judge with the engine’s reason', async () => {
    const res = await evaluate(audio.speak('I need two loaves of bread, six eggs.'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/sentence|again/i);
  });
});

describe('POST /module/upload-final-record', () => {
  it('stores, scores against the item, and feeds the module score and review', async () => {
    const ids = await lessonIds(t, 4);
    const itemId = ids.get('ih-iy-final-2')!;
    const res = await upload(t.app, '/api/module/upload-final-record', subscriber.token, { assessment_id: itemId, module_id: 4, assessment_type: 'final', duration: '00:02' }, wav(audio.speak('We need three big green bins.')));
    expect(res.statusCode).toBe(200);
    const body = r.uploadFinalRecord.response.parse(res.json());
    expect(body.ai_scores).not.toBeNull();
    expect(body.ai_scores!.quality).toBe('ok');
    expect(body.ai_scores!.score).toBeGreaterThan(0);

    const score = r.moduleScore.response.parse((await post(t.app, '/api/v1/module/score', { module_id: 4 }, { token: subscriber.token })).json());
    expect(score.section_scores.final_assessment).toBe(body.ai_scores!.score);
    const review = r.moduleReview.response.parse((await post(t.app, '/api/module/review', { module_id: 4 }, { token: subscriber.token })).json()).data;
    expect(review.userdata.recordings[0]).toMatchObject({ id: body.recording_id, score: body.ai_scores!.score });
    expect(review.userdata.weakest_sounds.length).toBeGreaterThan(0);

    const mismatch = await upload(t.app, '/api/module/upload-final-record', subscriber.token, { assessment_id: itemId, module_id: 3, duration: '00:02' }, wav(audio.speak('We need three big green bins.')));
    expect(mismatch.statusCode).toBe(404);
  });

  it('answers ai_scores null with the retake reason when the engine cannot judge it', async () => {
    const ids = await lessonIds(t, 4);
    const silence = audio.ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '2'], 'wav');
    const res = await upload(t.app, '/api/module/upload-final-record', subscriber.token, { assessment_id: ids.get('ih-iy-final-2')!, module_id: 4, duration: '00:02' }, wav(silence));
    const body = r.uploadFinalRecord.response.parse(res.json());
    expect(body.ai_scores).toBeNull();
    expect(body.message).toMatch(/hear|microphone/i);
  });
});
