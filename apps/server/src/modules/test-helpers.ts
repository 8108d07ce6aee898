import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { uniqueEmail, signUpAndSignIn, type TestApp } from '../test/app.ts';
import { seedCourse } from './course-seed.ts';

/** A learner with a token; `plan` subscribes them (either plan unlocks every module, §6). */
export async function createLearner(t: TestApp, plan?: 'app_only' | 'with_feedback'): Promise<{ token: string; userId: number; email: string }> {
  const email = uniqueEmail('learner');
  const token = await signUpAndSignIn(t, email);
  const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  if (plan) {
    const row = await t.db
      .insertInto('plans')
      .values({
        planId: `${plan}-${user.id}`,
        name: plan,
        displayName: plan,
        planType: plan,
        imageUrl: null,
        originalPriceCents: 999,
        priceCents: 999,
        currency: 'usd',
        interval: 'month',
        intervalCount: 1,
        mostPopular: false,
        isTrialPlan: false,
        trialDays: 0,
        trialAmountCents: null,
        description: '',
        isSubscribeble: true,
        isActive: true,
        planOptions: '[]',
        coachingSessionsPerMonth: 0,
        trialCoachingSessions: 0,
        sortOrder: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('subscriptions')
      .values({ userId: user.id, planId: row.id, status: 'active', createdAt: new Date('2026-01-01T00:00:00Z'), trialEndsAt: null, currentPeriodEnd: null, canceledAt: null })
      .execute();
  }
  return { token, userId: user.id, email };
}

export async function seedTestCourse(t: TestApp): Promise<void> {
  await seedCourse(t.db);
}

/** Temporary audio made at test time with espeak-ng / ffmpeg (Debian packages). */
export function createAudioFactory() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cs-audio-test-'));
  let n = 0;
  const next = (ext: string) => path.join(dir, `a${++n}.${ext}`);
  return {
    dir,
    /** espeak-ng's American voice saying `text` (WAV, 22.05 kHz mono). */
    speak(text: string, wordsPerMinute = 150): Buffer {
      const file = next('wav');
      execFileSync('espeak-ng', ['-v', 'en-us', '-s', String(wordsPerMinute), '-w', file, text]);
      return readFileSync(file);
    },
    /** espeak-ng with SSML markup (e.g. `<break time="1500ms"/>` for a long pause). */
    speakSsml(markup: string, wordsPerMinute = 150): Buffer {
      const file = next('wav');
      execFileSync('espeak-ng', ['-v', 'en-us', '-m', '-s', String(wordsPerMinute), '-w', file, markup]);
      return readFileSync(file);
    },
    /** ffmpeg lavfi source, e.g. `sine=frequency=440:duration=50` or `anullsrc=r=16000:cl=mono` with `-t`. */
    ffmpeg(args: string[], ext: string): Buffer {
      const file = next(ext);
      execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args, file]);
      return readFileSync(file);
    },
    /** Written to a pipe, as MediaRecorder streams it: a webm without a duration in its header. */
    ffmpegToPipe(args: string[]): Buffer {
      return execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', ...args, 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 });
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A multipart body built by hand (the test client sends exactly what a browser would). */
export function multipartBody(fields: Record<string, string | number>, file?: { name?: string; filename: string; contentType: string; data: Buffer }): { body: Buffer; contentType: string } {
  const boundary = `----cs${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'recorded_file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function upload(
  app: FastifyInstance,
  url: string,
  token: string,
  fields: Record<string, string | number>,
  file?: { name?: string; filename: string; contentType: string; data: Buffer },
): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipartBody(fields, file);
  return app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } });
}

export const wav = (data: Buffer) => ({ filename: 'recording.wav', contentType: 'audio/wav', data });

/** Lessons of a module by unique id, for tests that need ids. */
export async function lessonIds(t: TestApp, moduleId: number): Promise<Map<string, number>> {
  const rows = await t.db.selectFrom('lessons').select(['id', 'uniqueId']).where('moduleId', '=', moduleId).execute();
  return new Map(rows.map((r) => [r.uniqueId, r.id]));
}
