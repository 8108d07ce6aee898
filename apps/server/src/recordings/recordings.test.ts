import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCourse } from '@clearspeak/content';
import { modulesRoutes as r, UPLOAD_LIMITS } from '@clearspeak/contract';
import { createTestApp, get, post, type TestApp } from '../test/app.ts';
import { seedCourse } from '../modules/course-seed.ts';
import { createAudioFactory, createLearner, lessonIds, upload, wav } from '../modules/test-helpers.ts';

let t: TestApp;
const audio = createAudioFactory();
const course = loadCourse();
const TH = course.modules.find((m) => m.id === 3)!;
const LOCKED = course.modules.find((m) => !m.isIntro && m.group !== 'free-trial')!;
let ids: Map<string, number>;
let lockedIds: Map<string, number>;
let speech: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  await seedCourse(t.db);
  ids = await lessonIds(t, TH.id);
  lockedIds = await lessonIds(t, LOCKED.id);
  speech = audio.speak('I think this is the third Thursday of the month.');
});
afterAll(async () => {
  await t.close();
  audio.cleanup();
});

/** Every blob file under DATA_DIR/blobs (content-type sidecars excluded). */
function blobFiles(): string[] {
  const root = path.join(t.dataDir, 'blobs');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && !d.name.endsWith('.content-type'))
      .map((d) => path.join(d.parentPath, d.name));
  } catch {
    return [];
  }
}
const recordingCount = async () => (await t.db.selectFrom('recordings').select('id').execute()).length;
const id = (uniqueId: string) => ids.get(uniqueId)!;

describe('POST /module/upload-record (pre lesson)', () => {
  it('stores the recording and its blob, then completes the pre-lesson step (§4)', async () => {
    const { token, userId } = await createLearner(t);
    const res = await upload(t.app, '/api/module/upload-record', token, { assessment_id: id(`${TH.code}-pre-1`), assessment_type: 'pre_lesson', duration: '00:04' }, wav(speech));
    expect(res.statusCode).toBe(200);
    const body = r.uploadRecord.response.parse(res.json());
    expect(body.file_url).toBe(`/api/recordings/${body.recording_id}/audio`);
    const row = await t.db.selectFrom('recordings').selectAll().where('id', '=', body.recording_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId, kind: 'pre_lesson', mimeType: 'audio/wav', sizeBytes: speech.length, lessonId: id(`${TH.code}-pre-1`), moduleId: TH.id });
    // Measured by ffprobe, not taken from the client's "duration".
    expect(row.durationMs).toBeGreaterThan(2000);
    expect(row.durationMs).toBeLessThan(6000);
    expect(row.blobKey).toMatch(new RegExp(`^recordings/${userId}/[0-9a-f-]{36}\\.wav$`));

    const detail = r.moduleDetail.response.parse((await post(t.app, '/api/module/detail', { module_id: TH.id }, { token })).json()).data;
    expect(detail.prelesson.prelessons[0]).toMatchObject({ is_completed: true, user_recorded_file: body.file_url });

    const play = await get(t.app, body.file_url, { token });
    expect(play.statusCode).toBe(200);
    expect(play.headers['content-type']).toBe('audio/wav');
    expect(play.rawPayload.equals(speech)).toBe(true);
  });

  it('refuses a lesson of the wrong kind and a locked module', async () => {
    const { token } = await createLearner(t);
    const wrong = await upload(t.app, '/api/module/upload-record', token, { assessment_id: id(`${TH.code}-video-1`), assessment_type: 'pre_lesson', duration: '00:04' }, wav(speech));
    expect(wrong.statusCode).toBe(422);
    const locked = await upload(t.app, '/api/module/upload-record', token, { assessment_id: lockedIds.get(`${LOCKED.code}-pre-1`)!, assessment_type: 'pre_lesson', duration: '00:04' }, wav(speech));
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('module_locked');
  });
});

describe('POST /module/upload-listen-record', () => {
  it('stores a listen-and-record recording against its word', async () => {
    const { token, userId } = await createLearner(t);
    const lessonId = id(`${TH.code}-record-1`);
    const res = await upload(t.app, '/api/module/upload-listen-record', token, { listen_record_id: lessonId, duration: '00:01' }, { filename: 'r.webm', contentType: 'audio/webm;codecs=opus', data: audio.ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=1.5', '-c:a', 'libopus'], 'webm') });
    expect(res.statusCode).toBe(200);
    const body = r.uploadListenRecord.response.parse(res.json());
    const row = await t.db.selectFrom('recordings').select(['kind', 'mimeType', 'durationMs', 'lessonId']).where('id', '=', body.recording_id).where('userId', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'listen_record', mimeType: 'audio/webm', lessonId });
    expect(row.durationMs).toBeGreaterThanOrEqual(1400);
    expect(row.durationMs).toBeLessThanOrEqual(1700);
  });
});

describe('recordings whose header has no duration (browser webm)', () => {
  const streamed = (seconds: number) => ({
    filename: 'r.webm',
    contentType: 'audio/webm',
    data: audio.ffmpegToPipe(['-f', 'lavfi', '-i', `sine=frequency=300:duration=${seconds}`, '-c:a', 'libopus', '-f', 'webm']),
  });

  it('measures the duration by decoding', async () => {
    const { token } = await createLearner(t);
    const res = await upload(t.app, '/api/module/upload-listen-record', token, { listen_record_id: id(`${TH.code}-record-4`), duration: '00:03' }, streamed(2.5));
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('recordings').select('durationMs').where('id', '=', res.json().recording_id).executeTakeFirstOrThrow();
    expect(row.durationMs).toBeGreaterThanOrEqual(2400);
    expect(row.durationMs).toBeLessThanOrEqual(2600);
  });

  it('refuses one longer than 45 s', async () => {
    const { token } = await createLearner(t);
    const before = await recordingCount();
    const res = await upload(t.app, '/api/module/upload-listen-record', token, { listen_record_id: id(`${TH.code}-record-4`), duration: '00:48' }, streamed(48));
    expect(res.statusCode).toBe(422);
    expect(await recordingCount()).toBe(before);
  });
});

describe('size limit', () => {
  it('accepts a recording just under 5 MB (the app-wide 1 MB JSON limit does not apply)', async () => {
    const { token } = await createLearner(t);
    const big = audio.ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=25', '-ar', '48000', '-ac', '2'], 'wav');
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(big.length).toBeLessThan(UPLOAD_LIMITS.maxBytes);
    const res = await upload(t.app, '/api/module/upload-listen-record', token, { listen_record_id: id(`${TH.code}-record-5`), duration: '00:25' }, wav(big));
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('recordings').select(['sizeBytes', 'durationMs']).where('id', '=', res.json().recording_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ sizeBytes: big.length, durationMs: 25_000 });
  });
});

describe('upload checks: a clear 4xx and nothing stored', () => {
  const send = async (file: Parameters<typeof upload>[4], fields: Record<string, string | number> = {}) => {
    const { token } = await createLearner(t);
    return upload(t.app, '/api/module/upload-listen-record', token, { listen_record_id: id(`${TH.code}-record-2`), duration: '00:02', ...fields }, file);
  };

  it.each([
    ['a text file', () => ({ filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello') }), 415, 'Please send an audio recording'],
    ['a video declared as video', () => ({ filename: 'v.mp4', contentType: 'video/mp4', data: Buffer.from('xx') }), 415, 'Please send an audio recording'],
    ['more than 5 MB', () => wav(Buffer.alloc(UPLOAD_LIMITS.maxBytes + 1024, 1)), 413, 'at most 5 MB'],
    ['longer than 45 s', () => wav(audio.ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=50', '-ar', '8000', '-ac', '1'], 'wav')), 422, 'at most 45 seconds'],
    ['empty', () => wav(Buffer.alloc(0)), 422, 'The recording is empty'],
    ['not audio inside', () => wav(Buffer.from('RIFF this is not really a wav file at all'.repeat(20))), 422, 'could not read this recording'],
    ['a real video', () => ({ filename: 'v.webm', contentType: 'audio/webm', data: audio.ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64:rate=5', '-f', 'lavfi', '-i', 'sine=duration=1', '-shortest', '-c:v', 'libvpx', '-c:a', 'libopus'], 'webm') }), 415, 'Please send an audio recording'],
  ])('%s', async (_name, file, status, message) => {
    const rowsBefore = await recordingCount();
    const blobsBefore = blobFiles().length;
    const res = await send(file());
    expect(res.statusCode).toBe(status);
    expect(res.json().isError).toBe(true);
    expect(res.json().message).toContain(message);
    expect(await recordingCount()).toBe(rowsBefore);
    expect(blobFiles()).toHaveLength(blobsBefore);
  });

  it('asks for a recording when the file is missing, and names a bad field', async () => {
    const missing = await send(undefined);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Please record your answer before submitting.');
    const badDuration = await send(wav(speech), { duration: 'soon' });
    expect(badDuration.statusCode).toBe(422);
    expect(badDuration.json().errors).toHaveProperty('duration');
  });

  it('needs a learner token before reading the body', async () => {
    const res = await upload(t.app, '/api/module/upload-listen-record', 'not-a-token', { listen_record_id: 1, duration: '00:01' }, wav(speech));
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe(401);
  });
});

describe('GET /api/recordings/:id/audio', () => {
  it('plays back only to its owner; another learner gets 404', async () => {
    const owner = await createLearner(t);
    const other = await createLearner(t);
    const res = await upload(t.app, '/api/module/upload-listen-record', owner.token, { listen_record_id: id(`${TH.code}-record-3`), duration: '00:04' }, wav(speech));
    const { file_url } = r.uploadListenRecord.response.parse(res.json());
    expect((await get(t.app, file_url, { token: owner.token })).statusCode).toBe(200);
    // Byte ranges, as Safari asks for them before playing.
    const head = await t.app.inject({ method: 'GET', url: file_url, headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=0-3' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-3/${speech.length}`);
    expect(head.body).toBe('RIFF');
    const tail = await t.app.inject({ method: 'GET', url: file_url, headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=-2' } });
    expect(tail.rawPayload.equals(speech.subarray(speech.length - 2))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url: file_url, headers: { authorization: `Bearer ${owner.token}`, range: `bytes=${speech.length}-` } });
    expect(beyond.statusCode).toBe(416);
    const stranger = await get(t.app, file_url, { token: other.token });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('We could not retrieve your message');
    expect((await get(t.app, file_url)).statusCode).toBe(401);
    expect((await get(t.app, '/api/recordings/abc/audio', { token: owner.token })).statusCode).toBe(404);
  });
});
