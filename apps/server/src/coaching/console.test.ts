import path from 'node:path';
import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COACH_CLAIM_EXPIRY_HOURS, FEEDBACK_MESSAGES, UPLOAD_LIMITS, coachConsoleRoutes as c, notificationsRoutes as n } from '@clearspeak/contract';
import type { Assessment } from '@clearspeak/speech';
import { createUser } from '../auth/service.ts';
import { createLocalBlobStore, type BlobStore } from '../lib/blob-store.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { seedCourse } from '../modules/course-seed.ts';
import { createAudioFactory, createLearner, upload, wav } from '../modules/test-helpers.ts';
import { createTestApp, get, post, type TestApp } from '../test/app.ts';
import { releaseExpiredClaims, submitCoachFeedback } from './console-service.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const MODULE_ID = 4;
const SCORES = { pronunciation: 4, fluency: 3, intonation: 5, stress: 2 };

let t: TestApp;
let blobs: BlobStore;
const audio = createAudioFactory();
let speech: Buffer;
let finals: { id: number; text: string }[];
let moduleTitle: string;
/** A real engine result of a final recording (scored by the app's engine in beforeAll). */
let realResult: Extract<Assessment, { status: 'scored' }>;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedCourse(t.db);
  blobs = createLocalBlobStore(path.join(t.dataDir, 'blobs'));
  const lessons = await t.db
    .selectFrom('lessons')
    .select(['id', 'text'])
    .where('moduleId', '=', MODULE_ID)
    .where('lessonType', '=', 'finalAssignment')
    .orderBy('position')
    .execute();
  finals = lessons.map((l) => ({ id: l.id, text: l.text ?? '' }));
  expect(finals.length).toBeGreaterThanOrEqual(2);
  moduleTitle = (await t.db.selectFrom('modules').select('title').where('id', '=', MODULE_ID).executeTakeFirstOrThrow()).title;
  const first = finals[0]!;
  speech = audio.speak(first.text);

  // One final recording through the learner's real upload: stored and scored by the engine.
  const learner = await createLearner(t, 'with_feedback');
  const res = await upload(t.app, '/api/module/upload-final-record', learner.token, { assessment_id: first.id, module_id: MODULE_ID, duration: '00:03' }, wav(speech));
  expect(res.statusCode).toBe(200);
  const row = await t.db.selectFrom('assessments').select(['status', 'engineResult']).where('recordingId', '=', res.json().recording_id).executeTakeFirstOrThrow();
  expect(row.status).toBe('scored');
  realResult = row.engineResult as typeof realResult;
});
afterAll(async () => {
  await t.close();
  audio.cleanup();
});
beforeEach(async () => {
  t.clock.set(new Date('2026-03-02T10:00:00Z'));
  // Each test sees only its own requests (cascades to items, reply audios, feedback and replies).
  await t.db.deleteFrom('feedbackRequests').execute();
  await t.db.deleteFrom('notifications').execute();
});

// ---------------------------------------------------------------- helpers

async function coach(name = 'Casey Coach'): Promise<{ token: string; userId: number }> {
  const user = await createLearner(t);
  await t.db.updateTable('users').set({ roleId: 3, name }).where('id', '=', user.userId).execute();
  // Tests move the clock by days; the coach stays signed in.
  await t.db.updateTable('sessions').set({ expiresAt: new Date('2030-01-01T00:00:00Z') }).where('userId', '=', user.userId).execute();
  return { token: user.token, userId: user.userId };
}

async function insertLearner(options: { name?: string; nativeLanguage?: string | null } = {}): Promise<number> {
  counter += 1;
  const user = await createUser(t, { email: `console-learner-${counter}@example.org`, passwordHash: null, roleId: 2, isVerified: true, name: options.name ?? `Learner ${counter}` });
  if (options.nativeLanguage !== undefined) await t.db.updateTable('users').set({ nativeLanguage: options.nativeLanguage }).where('id', '=', user.id).execute();
  return user.id;
}

async function storeSpeech(key: string): Promise<void> {
  await blobs.put(key, speech, { contentType: 'audio/wav' });
}

type ItemAssessment = 'scored' | 'pending' | 'none';

/** A module request as the learner side creates it: final recordings (scored or not) as items. */
async function moduleRequest(options: { createdAt?: Date; items?: ItemAssessment[]; name?: string; nativeLanguage?: string | null } = {}) {
  const userId = await insertLearner({ ...(options.name ? { name: options.name } : {}), nativeLanguage: options.nativeLanguage ?? null });
  const createdAt = options.createdAt ?? t.clock.now();
  const request = await t.db
    .insertInto('feedbackRequests')
    .values({ userId, kind: 'module', moduleId: MODULE_ID, assessmentResultId: null, status: 'pending', createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const itemIds: number[] = [];
  for (const [position, state] of (options.items ?? ['scored', 'scored']).entries()) {
    const lesson = finals[position % finals.length]!;
    const blobKey = `recordings/${userId}/console-${position}-${counter}.wav`;
    await storeSpeech(blobKey);
    const recording = await t.db
      .insertInto('recordings')
      .values({ userId, moduleId: MODULE_ID, lessonId: lesson.id, kind: 'final', text: lesson.text, blobKey, mimeType: 'audio/wav', durationMs: 2300 + position, sizeBytes: speech.length, createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (state !== 'none') {
      await t.db
        .insertInto('assessments')
        .values({
          recordingId: recording.id,
          kind: 'pronunciation',
          status: state,
          score: state === 'scored' ? realResult.utterance.total : null,
          engineResult: state === 'scored' ? JSON.stringify(realResult) : null,
          createdAt,
          updatedAt: createdAt,
        })
        .execute();
    }
    const item = await t.db
      .insertInto('feedbackRequestItems')
      .values({ requestId: request.id, position, recordingId: recording.id, assessmentRecordId: null, title: lesson.text })
      .returning('id')
      .executeTakeFirstOrThrow();
    itemIds.push(item.id);
  }
  return { requestId: request.id, itemIds, userId };
}

/** A fluency-assessment request: assessment records (the engine's result stored on them) as items. */
async function assessmentRequest(options: { createdAt?: Date; userId?: number } = {}) {
  const userId = options.userId ?? (await insertLearner());
  const createdAt = options.createdAt ?? t.clock.now();
  const records: number[] = [];
  for (const i of [0, 1]) {
    const blobKey = `assessment/${userId}/record-${i}.wav`;
    await storeSpeech(blobKey);
    const record = await t.db
      .insertInto('assessmentRecords')
      .values({
        userId,
        anonymousId: null,
        itemId: i + 1,
        text: `Sentence ${i + 1}`,
        nativeLanguage: 'Portuguese',
        blobKey,
        mimeType: 'audio/wav',
        durationMs: 3100,
        sizeBytes: speech.length,
        status: i === 0 ? 'scored' : 'stored',
        score: i === 0 ? realResult.utterance.total : null,
        engineResult: i === 0 ? JSON.stringify(realResult) : null,
        createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    records.push(record.id);
  }
  const result = await t.db
    .insertInto('assessmentResults')
    .values({ userId, anonymousId: null, result: '{}', soundWeights: '[]', overallScore: 70, recordIds: records.join(','), createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const request = await t.db
    .insertInto('feedbackRequests')
    .values({ userId, kind: 'initial_assessment', moduleId: null, assessmentResultId: result.id, status: 'pending', createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const itemIds: number[] = [];
  for (const [position, recordId] of records.entries()) {
    const item = await t.db
      .insertInto('feedbackRequestItems')
      .values({ requestId: request.id, position, recordingId: null, assessmentRecordId: recordId, title: `Sentence ${position + 1}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    itemIds.push(item.id);
  }
  return { requestId: request.id, itemIds, userId };
}

const queue = async (token: string) => {
  const res = await get(t.app, '/api/coach/queue', { token });
  expect(res.statusCode).toBe(200);
  return c.coachQueue.response.parse(res.json());
};
const claim = (token: string, id: number) => post(t.app, `/api/coach/requests/${id}/claim`, {}, { token });
const release = (token: string, id: number) => post(t.app, `/api/coach/requests/${id}/release`, {}, { token });
const detail = (token: string, id: number) => get(t.app, `/api/coach/requests/${id}`, { token });
const submit = (token: string, id: number, body: Record<string, unknown>) => post(t.app, `/api/coach/requests/${id}/submit`, body, { token });
const textReplies = (itemIds: number[]) => itemIds.map((item_id, i) => ({ item_id, text: `Reply ${i + 1}: watch the vowel.` }));
const requestRow = (id: number) =>
  t.db.selectFrom('feedbackRequests').select(['status', 'claimedBy', 'claimedAt', 'answeredAt', 'timeSpentSeconds']).where('id', '=', id).executeTakeFirstOrThrow();

async function writtenCounts(db: Db = t.db) {
  const count = async (table: 'coachFeedbacks' | 'coachFeedbackReplies' | 'notifications' | 'coachReplyAudios') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  return { feedbacks: await count('coachFeedbacks'), replies: await count('coachFeedbackReplies'), notifications: await count('notifications'), replyAudios: await count('coachReplyAudios') };
}

function blobFiles(under: string): string[] {
  try {
    return readdirSync(path.join(t.dataDir, 'blobs', under), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && !d.name.endsWith('.content-type'))
      .map((d) => d.name);
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------- tests

describe('GET /coach/queue', () => {
  it('lists pending requests oldest first with learner, title, item count, waiting time and the 48 h marker', async () => {
    const me = await coach();
    const now = t.clock.now().getTime();
    const fresh = await moduleRequest({ createdAt: new Date(now - 30 * MINUTE_MS), name: 'Fresh Learner', items: ['scored'] });
    const overdue = await moduleRequest({ createdAt: new Date(now - 49 * HOUR_MS), name: 'Waiting Learner', items: ['scored', 'pending', 'none'] });
    const edge = await moduleRequest({ createdAt: new Date(now - 48 * HOUR_MS), name: 'Edge Learner' });
    const fluency = await assessmentRequest({ createdAt: new Date(now - 5 * HOUR_MS) });

    const q = await queue(me.token);
    expect(q.pending.map((p) => p.id)).toEqual([overdue.requestId, edge.requestId, fluency.requestId, fresh.requestId]);
    expect(q.pending[0]).toMatchObject({
      kind: 'module',
      status: 'pending',
      learner_name: 'Waiting Learner',
      title: moduleTitle,
      module_id: MODULE_ID,
      item_count: 3,
      waiting_minutes: 49 * 60,
      is_overdue: true,
      claimed_by_me: false,
      claimed_by_name: null,
    });
    // Exactly 48 h is not yet past the mark.
    expect(q.pending[1]).toMatchObject({ waiting_minutes: 48 * 60, is_overdue: false });
    expect(q.pending[2]).toMatchObject({ kind: 'initial_assessment', title: 'Fluency assessment', module_id: null, item_count: 2, waiting_minutes: 300 });
    expect(q.pending[3]).toMatchObject({ learner_name: 'Fresh Learner', waiting_minutes: 30, is_overdue: false, item_count: 1 });

    // The clock moves on: the fresh one crosses 48 h too.
    t.clock.advance(48 * HOUR_MS);
    const later = await queue(me.token);
    expect(later.pending.find((p) => p.id === fresh.requestId)).toMatchObject({ is_overdue: true, waiting_minutes: 48 * 60 + 30 });
    expect(later.stats.pending_total).toBe(4);
  });

  it('shows a claimed request under `mine` for its holder only, and no longer as pending', async () => {
    const me = await coach('Mia Coach');
    const other = await coach();
    const a = await moduleRequest();
    const b = await moduleRequest();
    expect((await claim(me.token, a.requestId)).statusCode).toBe(200);

    const mine = await queue(me.token);
    expect(mine.pending.map((p) => p.id)).toEqual([b.requestId]);
    expect(mine.mine).toEqual([expect.objectContaining({ id: a.requestId, status: 'claimed', claimed_by_me: true, claimed_by_name: 'Mia Coach' })]);
    expect(mine.stats).toMatchObject({ in_progress: 1, pending_total: 1 });

    const theirs = await queue(other.token);
    expect(theirs.mine).toEqual([]);
    expect(theirs.pending.map((p) => p.id)).toEqual([b.requestId]);
    expect(theirs.stats).toMatchObject({ in_progress: 0, pending_total: 1 });
  });
});

describe('claim and release', () => {
  it('lets exactly one of two coaches claiming at once win; the other gets 409 with the contract message', async () => {
    const one = await coach('Coach One');
    const two = await coach('Coach Two');
    const { requestId } = await moduleRequest();

    const [a, b] = await Promise.all([claim(one.token, requestId), claim(two.token, requestId)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser] = a.statusCode === 200 ? [one, b] : [two, a];
    expect(loser.json()).toMatchObject({ isError: true, code: 'claim_conflict', message: FEEDBACK_MESSAGES.claimedByOther });
    expect(await requestRow(requestId)).toMatchObject({ status: 'claimed', claimedBy: winner.userId });
  });

  it('keeps one holder per request when three coaches claim five requests all at once', async () => {
    const coaches = [await coach(), await coach(), await coach()];
    const requests = [];
    for (let i = 0; i < 5; i++) requests.push((await moduleRequest()).requestId);
    const attempts = requests.flatMap((id) => coaches.map((who) => ({ id, who })));
    const results = await Promise.all(attempts.map(async ({ id, who }) => ({ id, who: who.userId, status: (await claim(who.token, id)).statusCode })));
    for (const id of requests) {
      const outcomes = results.filter((r) => r.id === id);
      expect(outcomes.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const winner = outcomes.find((r) => r.status === 200)!.who;
      expect(await requestRow(id)).toMatchObject({ status: 'claimed', claimedBy: winner });
    }
  });

  it('is idempotent for the holder, and refuses answered (409), cleared and unknown (404) requests', async () => {
    const me = await coach();
    const { requestId } = await moduleRequest();
    const first = await claim(me.token, requestId);
    expect(first.statusCode).toBe(200);
    const body = c.claimFeedbackRequest.response.parse(first.json()).request;
    expect(body).toMatchObject({ id: requestId, status: 'claimed', claimed_by_me: true, claimed_at: t.clock.now().toISOString() });

    t.clock.advance(5 * MINUTE_MS);
    const again = await claim(me.token, requestId);
    expect(again.statusCode).toBe(200);
    // The repeat keeps the first claim's time.
    expect(again.json().request.claimed_at).toBe(body.claimed_at);

    const answered = await moduleRequest();
    await t.db.updateTable('feedbackRequests').set({ status: 'answered', answeredAt: t.clock.now() }).where('id', '=', answered.requestId).execute();
    const answeredRes = await claim(me.token, answered.requestId);
    expect(answeredRes.statusCode).toBe(409);
    expect(answeredRes.json().message).toBe('This request has already been answered.');

    const cleared = await moduleRequest();
    await t.db.updateTable('feedbackRequests').set({ status: 'cleared', clearedAt: t.clock.now() }).where('id', '=', cleared.requestId).execute();
    expect((await claim(me.token, cleared.requestId)).statusCode).toBe(404);
    expect((await claim(me.token, 999_999)).statusCode).toBe(404);
  });

  it('accepts the id in the body when the client sends the path template unfilled', async () => {
    const me = await coach();
    const { requestId } = await moduleRequest();
    const res = await post(t.app, '/api/coach/requests/:id/claim', { id: requestId }, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().request.id).toBe(requestId);
  });

  it('release puts the request back in the queue and adds the claim’s seconds; only the holder may release', async () => {
    const me = await coach();
    const other = await coach();
    const { requestId } = await moduleRequest();
    await claim(me.token, requestId);
    t.clock.advance(7 * MINUTE_MS + 30_000);

    const refused = await release(other.token, requestId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('claim_conflict');

    const res = await release(me.token, requestId);
    expect(res.statusCode).toBe(200);
    expect(c.releaseFeedbackRequest.response.parse(res.json()).message).toBe('The request is back in the queue.');
    expect(await requestRow(requestId)).toEqual({ status: 'pending', claimedBy: null, claimedAt: null, answeredAt: null, timeSpentSeconds: 450 });
    expect((await queue(me.token)).pending.map((p) => p.id)).toEqual([requestId]);
    // Releasing again: not held any more.
    expect((await release(me.token, requestId)).statusCode).toBe(404);
    // Another coach can take it now.
    expect((await claim(other.token, requestId)).statusCode).toBe(200);
  });

  it('hands claims left unsubmitted for 12 h back to the queue (hourly housekeeping), adding no time', async () => {
    const me = await coach();
    const other = await coach();
    const stale = await moduleRequest();
    const fresh = await moduleRequest();
    await claim(me.token, stale.requestId);
    t.clock.advance(COACH_CLAIM_EXPIRY_HOURS * HOUR_MS - MINUTE_MS);
    await claim(other.token, fresh.requestId);
    // Just under 12 h: kept.
    expect((await releaseExpiredClaims(t)).released).toEqual([]);
    t.clock.advance(2 * MINUTE_MS);

    expect((await releaseExpiredClaims(t)).released).toEqual([stale.requestId]);
    expect(await requestRow(stale.requestId)).toEqual({ status: 'pending', claimedBy: null, claimedAt: null, answeredAt: null, timeSpentSeconds: 0 });
    expect((await requestRow(fresh.requestId)).status).toBe('claimed');
    expect((await queue(me.token)).pending.map((p) => p.id)).toEqual([stale.requestId]);
    expect((await claim(other.token, stale.requestId)).statusCode).toBe(200);
  });
});

describe('GET /coach/requests/:id', () => {
  it('maps each item’s stored engine result into the error map, and tolerates unscored items', async () => {
    const me = await coach();
    const { requestId, itemIds } = await moduleRequest({ items: ['scored', 'pending', 'none'], nativeLanguage: 'Spanish', name: 'Lucía Learner' });
    await claim(me.token, requestId);
    const res = await detail(me.token, requestId);
    expect(res.statusCode).toBe(200);
    const d = c.coachRequestDetail.response.parse(res.json()).request;
    expect(d).toMatchObject({ id: requestId, learner: { name: 'Lucía Learner', native_language: 'Spanish' }, summary: null, scores: null, time_spent_seconds: 0 });
    expect(d.items.map((i) => i.id)).toEqual(itemIds);
    expect(d.items[0]).toMatchObject({ title: finals[0]!.text, recording_url: `/api/coach/items/${itemIds[0]}/audio`, duration_ms: 2300, reply: null });

    const a = d.items[0]!.assessment!;
    expect(a).toMatchObject({
      status: 'scored',
      total: realResult.utterance.total,
      accuracy: realResult.utterance.accuracy,
      fluency: realResult.utterance.fluency,
      prosody: realResult.utterance.prosody,
      quality: 'ok',
    });
    expect(a.words.map((w) => w.text)).toEqual(realResult.words.map((w) => w.text));
    const phones = a.words.flatMap((w) => w.phones);
    const stored = realResult.words.flatMap((w) => w.phones);
    expect(phones.length).toBe(stored.length);
    expect(phones.length).toBeGreaterThan(3);
    stored.forEach((p, i) => {
      expect(phones[i]).toEqual({
        arpabet: p.arpabet,
        ipa: p.ipa,
        start_ms: p.startMs,
        end_ms: p.endMs,
        score: p.score,
        heard_arpabet: p.heard?.arpabet ?? null,
        heard_ipa: p.heard?.ipa ?? null,
      });
    });
    // Weak sounds sit where they were said: inside their word's span.
    for (const w of a.words) for (const p of w.phones) expect(p.start_ms).toBeGreaterThanOrEqual(w.start_ms - 1);

    expect(d.items[1]!.assessment).toEqual({ status: 'pending', total: null, accuracy: null, fluency: null, prosody: null, quality: null, words: [] });
    expect(d.items[2]!.assessment).toBeNull();
  });

  it('reads fluency-assessment items from their records (stored = pending) and the record’s native language', async () => {
    const me = await coach();
    const { requestId, itemIds } = await assessmentRequest();
    await claim(me.token, requestId);
    const d = c.coachRequestDetail.response.parse((await detail(me.token, requestId)).json()).request;
    expect(d).toMatchObject({ kind: 'initial_assessment', title: 'Fluency assessment', learner: { native_language: 'Portuguese' } });
    expect(d.items.map((i) => [i.id, i.title, i.duration_ms, i.assessment?.status])).toEqual([
      [itemIds[0], 'Sentence 1', 3100, 'scored'],
      [itemIds[1], 'Sentence 2', 3100, 'pending'],
    ]);
    expect(d.items[0]!.assessment!.words.length).toBe(realResult.words.length);
  });

  it('is 404 for a coach who does not hold the request, and for a pending one', async () => {
    const holder = await coach();
    const other = await coach();
    const { requestId, itemIds } = await moduleRequest();
    expect((await detail(holder.token, requestId)).statusCode).toBe(404);
    await claim(holder.token, requestId);
    expect((await detail(other.token, requestId)).statusCode).toBe(404);
    expect((await get(t.app, `/api/coach/items/${itemIds[0]}/audio`, { token: other.token })).statusCode).toBe(404);
  });
});

describe('GET /coach/items/:id/audio', () => {
  it('plays the learner recording to the holder, with byte ranges', async () => {
    const me = await coach();
    const { requestId, itemIds } = await moduleRequest();
    await claim(me.token, requestId);
    const res = await get(t.app, `/api/coach/items/${itemIds[0]}/audio`, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.equals(speech)).toBe(true);
    const range = await t.app.inject({ method: 'GET', url: `/api/coach/items/${itemIds[0]}/audio`, headers: { authorization: `Bearer ${me.token}`, range: 'bytes=0-1' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.toString('latin1')).toBe('RI');
    expect((await get(t.app, '/api/coach/items/999999/audio', { token: me.token })).statusCode).toBe(404);
  });
});

describe('POST /coach/requests/:id/reply-audio', () => {
  const sendReply = (token: string, requestId: number, itemId: number, file: Parameters<typeof upload>[4]) =>
    upload(t.app, `/api/coach/requests/${requestId}/reply-audio`, token, { item_id: itemId, duration: '00:03' }, file);

  it('stores the reply (blob, then row) for an item of the held request', async () => {
    const me = await coach();
    const { requestId, itemIds } = await moduleRequest();
    await claim(me.token, requestId);
    const reply = audio.speak('Good effort. Keep your tongue low for this vowel.');
    const res = await sendReply(me.token, requestId, itemIds[1]!, wav(reply));
    expect(res.statusCode).toBe(200);
    const body = c.uploadCoachReplyAudio.response.parse(res.json());
    expect(body.audio_url).toBe(`/api/coach-replies/${body.reply_audio_id}/audio`);
    const row = await t.db.selectFrom('coachReplyAudios').selectAll().where('id', '=', body.reply_audio_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ requestItemId: itemIds[1], coachId: me.userId, mimeType: 'audio/wav', sizeBytes: reply.length });
    expect(row.durationMs).toBeGreaterThan(1500);
    expect(row.blobKey).toMatch(new RegExp(`^coach-replies/${me.userId}/[0-9a-f-]{36}\\.wav$`));
    const blob = await blobs.get(row.blobKey);
    expect(blob?.sizeBytes).toBe(reply.length);
  });

  it('takes the request id from the fields when the client sends the path template unfilled (web upload())', async () => {
    const me = await coach();
    const { requestId, itemIds } = await moduleRequest();
    await claim(me.token, requestId);
    const res = await upload(t.app, '/api/coach/requests/:id/reply-audio', me.token, { id: requestId, item_id: itemIds[0]! }, wav(speech));
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('coachReplyAudios').select('requestItemId').where('id', '=', res.json().reply_audio_id).executeTakeFirstOrThrow();
    expect(row.requestItemId).toBe(itemIds[0]);
  });

  it.each([
    ['a text file', () => ({ filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello') }), 415, 'Please send an audio recording'],
    ['more than 5 MB', () => wav(Buffer.alloc(UPLOAD_LIMITS.maxBytes + 1024, 1)), 413, 'at most 5 MB'],
    ['longer than 45 s', () => wav(audio.ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=50', '-ar', '8000', '-ac', '1'], 'wav')), 422, 'at most 45 seconds'],
    ['not audio inside', () => wav(Buffer.from('RIFF this is not really a wav file at all'.repeat(20))), 422, 'could not read this recording'],
  ])('refuses %s and stores nothing', async (_name, file, status, message) => {
    const me = await coach();
    const { requestId, itemIds } = await moduleRequest();
    await claim(me.token, requestId);
    const before = blobFiles(`coach-replies/${me.userId}`).length;
    const res = await sendReply(me.token, requestId, itemIds[0]!, file());
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    expect((await writtenCounts()).replyAudios).toBe(0);
    expect(blobFiles(`coach-replies/${me.userId}`)).toHaveLength(before);
  });

  it('refuses a non-holder, and an item of another request, leaving no blob behind', async () => {
    const me = await coach();
    const other = await coach();
    const mine = await moduleRequest();
    const notMine = await moduleRequest();
    await claim(me.token, mine.requestId);
    await claim(other.token, notMine.requestId);

    const otherCoach = await sendReply(other.token, mine.requestId, mine.itemIds[0]!, wav(speech));
    expect(otherCoach.statusCode).toBe(409);
    const foreignItem = await sendReply(me.token, mine.requestId, notMine.itemIds[0]!, wav(speech));
    expect(foreignItem.statusCode).toBe(422);
    expect(foreignItem.json().errors).toEqual({ item_id: 'This recording is not part of the request.' });
    expect((await writtenCounts()).replyAudios).toBe(0);
    expect(blobFiles(`coach-replies/${me.userId}`)).toHaveLength(0);
    expect(blobFiles(`coach-replies/${other.userId}`)).toHaveLength(0);
  });
});

describe('POST /coach/requests/:id/submit', () => {
  async function claimed(kind: 'module' | 'assessment' = 'module') {
    const me = await coach('Jordan Coach');
    const request = kind === 'module' ? await moduleRequest() : await assessmentRequest();
    expect((await claim(me.token, request.requestId)).statusCode).toBe(200);
    return { me, ...request };
  }

  it('writes the feedback, replies, notification and the answered state, and records the time spent', async () => {
    const { me, requestId, itemIds, userId } = await claimed();
    const audioRes = await upload(t.app, `/api/coach/requests/${requestId}/reply-audio`, me.token, { item_id: itemIds[0]! }, wav(audio.speak('Nice and clear.')));
    const replyAudioId = c.uploadCoachReplyAudio.response.parse(audioRes.json()).reply_audio_id;
    t.clock.advance(34 * MINUTE_MS);

    const res = await submit(me.token, requestId, {
      summary: '  Clear vowels overall; work on stress in longer words.  ',
      scores: SCORES,
      replies: [
        { item_id: itemIds[0], text: '', reply_audio_id: replyAudioId },
        { item_id: itemIds[1], text: 'Stretch the long vowel a little more.' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = c.submitCoachFeedback.response.parse(res.json());

    const feedback = await t.db.selectFrom('coachFeedbacks').selectAll().where('id', '=', body.feedback_id).executeTakeFirstOrThrow();
    expect(feedback).toMatchObject({ requestId, coachId: me.userId, coachName: 'Jordan Coach', summary: 'Clear vowels overall; work on stress in longer words.', scores: SCORES });
    const replies = await t.db.selectFrom('coachFeedbackReplies').select(['requestItemId', 'text', 'replyAudioId']).where('feedbackId', '=', body.feedback_id).orderBy('requestItemId').execute();
    expect(replies).toEqual([
      { requestItemId: itemIds[0], text: '', replyAudioId },
      { requestItemId: itemIds[1], text: 'Stretch the long vowel a little more.', replyAudioId: null },
    ]);
    expect(await requestRow(requestId)).toMatchObject({ status: 'answered', claimedBy: me.userId, answeredAt: t.clock.now(), timeSpentSeconds: 34 * 60 });

    // The learner's notification (spec: learning §2 Notifications): object_id is the module.
    const learnerNotes = await t.db.selectFrom('notifications').selectAll().where('userId', '=', userId).execute();
    expect(learnerNotes).toEqual([
      expect.objectContaining({
        id: body.notification_id,
        notificationType: 'module-assessment-coach-feedback',
        objectId: MODULE_ID,
        header: 'Coach feedback',
        title: `Your coach reviewed ${moduleTitle}`,
        subtitle: 'Jordan Coach sent you feedback on your recordings. Open it to listen to the replies.',
        isRead: false,
      }),
    ]);

    // Read-only for the coach who answered: replies, summary and scores come back.
    const d = c.coachRequestDetail.response.parse((await detail(me.token, requestId)).json()).request;
    expect(d).toMatchObject({ status: 'answered', summary: feedback.summary, scores: SCORES, time_spent_seconds: 34 * 60, answered_at: t.clock.now().toISOString() });
    expect(d.items.map((i) => i.reply)).toEqual([
      { text: '', reply_audio_id: replyAudioId, audio_url: `/api/coach-replies/${replyAudioId}/audio` },
      { text: 'Stretch the long vowel a little more.', reply_audio_id: null, audio_url: null },
    ]);
    expect((await get(t.app, `/api/coach/items/${itemIds[0]}/audio`, { token: me.token })).statusCode).toBe(200);
    // Answered: no second submit, no claim.
    expect((await submit(me.token, requestId, { summary: 'Again', scores: SCORES, replies: textReplies(itemIds) })).statusCode).toBe(409);
    expect((await claim(me.token, requestId)).statusCode).toBe(409);
  });

  it('notifies with the feedback id for a fluency-assessment request, visible to the learner', async () => {
    const me = await coach();
    const learner = await createLearner(t, 'with_feedback');
    const learnerToken = learner.token;
    const { requestId, itemIds, userId } = await assessmentRequest({ userId: learner.userId });
    await claim(me.token, requestId);
    const res = await submit(me.token, requestId, { summary: 'Good start.', scores: SCORES, replies: textReplies(itemIds) });
    expect(res.statusCode).toBe(200);
    const body = c.submitCoachFeedback.response.parse(res.json());
    const note = await t.db.selectFrom('notifications').selectAll().where('id', '=', body.notification_id).executeTakeFirstOrThrow();
    expect(note).toMatchObject({ userId, notificationType: 'initial-assessment-coach-feedback', objectId: body.feedback_id, title: 'Your coach reviewed your fluency assessment' });
    // Written replies only: the notification says to read them, not to listen.
    expect(note.subtitle).toBe('Casey Coach sent you feedback on your recordings. Open it to read the replies.');
    // The learner's own list shows it (notifications domain).
    const list = n.getUserNotifications.response.parse((await get(t.app, `/api${n.getUserNotifications.path}`, { token: learnerToken })).json());
    expect(list.notifications).toEqual([expect.objectContaining({ id: body.notification_id, notification_type: 'initial-assessment-coach-feedback', object_id: body.feedback_id, is_read: false })]);
  });

  it.each([
    ['a missing reply for an item', (ids: number[]) => ({ summary: 'S', scores: SCORES, replies: textReplies(ids.slice(0, 1)) }), 'Please record or write a reply for every recording.'],
    ['an empty reply', (ids: number[]) => ({ summary: 'S', scores: SCORES, replies: [{ item_id: ids[0], text: '   ' }, ...textReplies(ids.slice(1))] }), 'Please record or write a reply for every recording.'],
    ['an item of another request', (ids: number[]) => ({ summary: 'S', scores: SCORES, replies: [...textReplies(ids), { item_id: 999_999, text: 'x' }] }), 'This recording is not part of the request.'],
    ['the same item twice', (ids: number[]) => ({ summary: 'S', scores: SCORES, replies: [...textReplies(ids), { item_id: ids[0], text: 'again' }] }), 'Each recording takes one reply.'],
    ['a reply audio that does not exist', (ids: number[]) => ({ summary: 'S', scores: SCORES, replies: [{ item_id: ids[0], text: '', reply_audio_id: 999_999 }, ...textReplies(ids.slice(1))] }), 'This audio reply was not recorded for this recording.'],
    ['a score of 0', (ids: number[]) => ({ summary: 'S', scores: { ...SCORES, fluency: 0 }, replies: textReplies(ids) }), null],
    ['a score of 6', (ids: number[]) => ({ summary: 'S', scores: { ...SCORES, stress: 6 }, replies: textReplies(ids) }), null],
    ['a missing factor', (ids: number[]) => ({ summary: 'S', scores: { pronunciation: 3, fluency: 3, intonation: 3 }, replies: textReplies(ids) }), null],
    ['an empty summary', (ids: number[]) => ({ summary: '  ', scores: SCORES, replies: textReplies(ids) }), 'Please write a short summary for the learner.'],
  ])('refuses %s with 422 and writes nothing', async (_name, body, message) => {
    const { me, requestId, itemIds } = await claimed();
    const res = await submit(me.token, requestId, body(itemIds));
    expect(res.statusCode).toBe(422);
    if (message) expect(res.json().message).toBe(message);
    expect(await writtenCounts()).toEqual({ feedbacks: 0, replies: 0, notifications: 0, replyAudios: 0 });
    expect(await requestRow(requestId)).toMatchObject({ status: 'claimed', claimedBy: me.userId, timeSpentSeconds: 0 });
  });

  it('refuses another coach’s reply audio for the same item', async () => {
    const first = await coach();
    const second = await coach();
    const { requestId, itemIds } = await moduleRequest();
    await claim(first.token, requestId);
    const up = await upload(t.app, `/api/coach/requests/${requestId}/reply-audio`, first.token, { item_id: itemIds[0]! }, wav(speech));
    const replyAudioId = up.json().reply_audio_id as number;
    await release(first.token, requestId);
    await claim(second.token, requestId);
    const res = await submit(second.token, requestId, { summary: 'S', scores: SCORES, replies: [{ item_id: itemIds[0], text: '', reply_audio_id: replyAudioId }, ...textReplies(itemIds.slice(1))] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'replies.0.reply_audio_id': 'This audio reply was not recorded for this recording.' });
  });

  it('is all or nothing: a failing notification insert rolls back the feedback, replies and state', async () => {
    const { me, requestId, itemIds } = await claimed();
    t.clock.advance(10 * MINUTE_MS);
    await sql`create or replace function cs_console_test_fail() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`.execute(t.db);
    await sql`create trigger cs_console_test_fail before insert on notifications for each row execute function cs_console_test_fail()`.execute(t.db);
    try {
      const res = await submit(me.token, requestId, { summary: 'S', scores: SCORES, replies: textReplies(itemIds) });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger cs_console_test_fail on notifications`.execute(t.db);
    }
    expect(await writtenCounts()).toEqual({ feedbacks: 0, replies: 0, notifications: 0, replyAudios: 0 });
    expect(await requestRow(requestId)).toMatchObject({ status: 'claimed', claimedBy: me.userId, answeredAt: null, timeSpentSeconds: 0 });

    // Nothing half-written is in the way: the same submit then goes through.
    const ok = await submit(me.token, requestId, { summary: 'S', scores: SCORES, replies: textReplies(itemIds) });
    expect(ok.statusCode).toBe(200);
    expect(await writtenCounts()).toMatchObject({ feedbacks: 1, replies: 2, notifications: 1 });
  });

  it('is all or nothing: a request taken over between validation and the write leaves nothing (409)', async () => {
    const { me, requestId, itemIds } = await claimed();
    const rival = await coach();
    // The rival takes the request over just as the submit's transaction starts.
    const racing = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'transaction') {
          return () => {
            const builder = target.transaction();
            return {
              execute: async <T,>(fn: Parameters<typeof builder.execute<T>>[0]) => {
                await target.updateTable('feedbackRequests').set({ claimedBy: rival.userId }).where('id', '=', requestId).execute();
                return builder.execute(fn);
              },
            };
          };
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const attempt = submitCoachFeedback({ db: racing, clock: t.clock }, { coachId: me.userId, requestId, input: { summary: 'S', scores: SCORES, replies: itemIds.map((item_id) => ({ item_id, text: 'ok', reply_audio_id: null })) } });
    await expect(attempt).rejects.toSatisfy((err: unknown) => err instanceof AppError && err.code === 'claim_conflict');
    expect(await writtenCounts()).toEqual({ feedbacks: 0, replies: 0, notifications: 0, replyAudios: 0 });
    expect(await requestRow(requestId)).toMatchObject({ status: 'claimed', claimedBy: rival.userId, answeredAt: null });
  });

  it('announces the notification live only after the commit, and never for a rolled-back submit', async () => {
    const { me, requestId, itemIds, userId } = await claimed();
    const heard: { userId: number; id: number; committed: boolean }[] = [];
    const announce = async (to: number, notification: { id: number }) => {
      const row = await t.db.selectFrom('notifications').select('id').where('id', '=', notification.id).executeTakeFirst();
      heard.push({ userId: to, id: notification.id, committed: row !== undefined });
    };
    const input = { summary: 'S', scores: SCORES, replies: itemIds.map((item_id) => ({ item_id, text: 'ok', reply_audio_id: null })) };

    await sql`create or replace function cs_console_test_fail() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`.execute(t.db);
    await sql`create trigger cs_console_test_fail before insert on coach_feedback_replies for each row execute function cs_console_test_fail()`.execute(t.db);
    try {
      await expect(submitCoachFeedback({ db: t.db, clock: t.clock, announce }, { coachId: me.userId, requestId, input })).rejects.toThrow('injected fault');
    } finally {
      await sql`drop trigger cs_console_test_fail on coach_feedback_replies`.execute(t.db);
    }
    expect(heard).toEqual([]);
    expect(await writtenCounts()).toEqual({ feedbacks: 0, replies: 0, notifications: 0, replyAudios: 0 });

    const done = await submitCoachFeedback({ db: t.db, clock: t.clock, announce }, { coachId: me.userId, requestId, input });
    expect(heard).toEqual([{ userId, id: done.notificationId, committed: true }]);
  });

  it('sums the time over claims and feeds the coach’s stats', async () => {
    const me = await coach();
    const first = await moduleRequest();
    // Claimed, released after 10 min, claimed again and answered 20 min later: 30 min spent.
    await claim(me.token, first.requestId);
    t.clock.advance(10 * MINUTE_MS);
    await release(me.token, first.requestId);
    t.clock.advance(HOUR_MS);
    await claim(me.token, first.requestId);
    t.clock.advance(20 * MINUTE_MS);
    expect((await submit(me.token, first.requestId, { summary: 'S', scores: SCORES, replies: textReplies(first.itemIds) })).statusCode).toBe(200);
    expect((await requestRow(first.requestId)).timeSpentSeconds).toBe(30 * 60);

    // A second one 8 days later, 45 min.
    t.clock.advance(8 * DAY_MS);
    const second = await moduleRequest();
    await claim(me.token, second.requestId);
    t.clock.advance(45 * MINUTE_MS);
    expect((await submit(me.token, second.requestId, { summary: 'S', scores: SCORES, replies: textReplies(second.itemIds) })).statusCode).toBe(200);

    const third = await moduleRequest();
    await claim(me.token, third.requestId);
    await moduleRequest();

    expect((await queue(me.token)).stats).toEqual({ answered_total: 2, answered_last_7_days: 1, average_minutes: 37.5, in_progress: 1, pending_total: 1 });
    const other = await coach();
    expect((await queue(other.token)).stats).toEqual({ answered_total: 0, answered_last_7_days: 0, average_minutes: null, in_progress: 0, pending_total: 1 });
  });
});

describe('auth', () => {
  it('refuses learners (403) and callers without a token (401) on every /coach route', async () => {
    const learner = await createLearner(t, 'with_feedback');
    const { requestId, itemIds } = await moduleRequest();
    const calls = [
      () => get(t.app, '/api/coach/queue', { token: learner.token }),
      () => get(t.app, `/api/coach/requests/${requestId}`, { token: learner.token }),
      () => claim(learner.token, requestId),
      () => release(learner.token, requestId),
      () => submit(learner.token, requestId, { summary: 'S', scores: SCORES, replies: textReplies(itemIds) }),
      () => upload(t.app, `/api/coach/requests/${requestId}/reply-audio`, learner.token, { item_id: itemIds[0]! }, wav(speech)),
      () => get(t.app, `/api/coach/items/${itemIds[0]}/audio`, { token: learner.token }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ isError: true, code: 'forbidden' });
    }
    expect((await get(t.app, '/api/coach/queue')).statusCode).toBe(401);
    expect((await post(t.app, `/api/coach/requests/${requestId}/claim`, {})).statusCode).toBe(401);
    expect((await get(t.app, `/api/coach/items/${itemIds[0]}/audio`)).statusCode).toBe(401);
    expect(await requestRow(requestId)).toMatchObject({ status: 'pending', claimedBy: null });
  });
});
