import type { LightMyRequestResponse } from 'fastify';
import { assessmentRoutes as r } from '@clearspeak/contract';
import { multipartBody, upload, wav } from '../modules/test-helpers.ts';
import { get, post, type TestApp } from '../test/app.ts';

/** What a learner or a visitor says for one item: the item id and the words espeak-ng speaks. */
export interface Said {
  itemId: number;
  say: string;
}

/** Item ids of the shipped content (content/src/course/assessment.ts). */
export const ITEM = { think: 1, very: 5, thursdaySentence: 11, seatSentence: 14 } as const;

/**
 * A visitor who fails TH: espeak says "blink" for "think" and "link … Lursday" for the sentence
 * (the engine scores TH far below 70 there); the other items are said as written.
 */
export const FAILS_TH: Said[] = [
  { itemId: ITEM.think, say: 'blink' },
  { itemId: ITEM.thursdaySentence, say: 'I link the weather will be better on Lursday.' },
  { itemId: ITEM.seatSentence, say: 'Please sit in this seat, not that one.' },
];

export async function newAnonymousId(t: TestApp): Promise<string> {
  return r.generateAnonymousId.response.parse((await get(t.app, '/api/generate-anonymous-id')).json()).gen_uuid;
}

/** POST /v2/upload-initial-assessment-record as a browser without a session sends it. */
export function uploadAnonymous(t: TestApp, anonymousUserId: string, itemId: number, audio: Buffer, nativeLanguage = 'Spanish'): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipartBody({ initial_assessment_id: itemId, text: 'item', duration: '00:02', anonymousUserId, native_language: nativeLanguage }, wav(audio));
  return t.app.inject({ method: 'POST', url: '/api/v2/upload-initial-assessment-record', payload: body, headers: { 'content-type': contentType } });
}

export function uploadLearner(t: TestApp, token: string, itemId: number, audio: Buffer, nativeLanguage?: string): Promise<LightMyRequestResponse> {
  const fields = { initial_assessment_id: itemId, text: 'item', duration: '00:02', ...(nativeLanguage === undefined ? {} : { native_language: nativeLanguage }) };
  return upload(t.app, '/api/upload-initial-assessment-record', token, fields, wav(audio));
}

/** Uploads every item for a visitor and sends them to the AI; returns the assessment id. */
export async function takeAnonymousAssessment(t: TestApp, anonymousUserId: string, said: Said[], speak: (text: string) => Buffer): Promise<number> {
  const ids: number[] = [];
  for (const s of said) {
    const res = await uploadAnonymous(t, anonymousUserId, s.itemId, speak(s.say));
    if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
    ids.push(res.json().assessment_record_id as number);
  }
  const res = await post(t.app, '/api/v2/upload-ai-server', { anonymousUserId, assessment_record_ids: ids, texts: said.map((s) => s.say), questions: said.map((s) => s.itemId) });
  if (res.statusCode !== 200) throw new Error(`v2/upload-ai-server failed: ${res.body}`);
  return r.uploadAiServerV2.response.parse(res.json()).assessment_id;
}

/** The TH module of the content (sounds TH, DH). */
export async function thModuleId(t: TestApp): Promise<number> {
  return (await t.db.selectFrom('modules').select('id').where('code', '=', 'th').executeTakeFirstOrThrow()).id;
}
