import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMediaAssets, loadCourse } from '@clearspeak/content';
import { modulesRoutes as r } from '@clearspeak/contract';
import { createTestApp, post, type TestApp } from '../test/app.ts';
import { seedCourse } from '../modules/course-seed.ts';
import { createLearner } from '../modules/test-helpers.ts';

let t: TestApp;
const root = mkdtempSync(path.join(tmpdir(), 'cs-media-test-'));
const mediaDir = path.join(root, 'media');
const webDir = path.join(root, 'web');
const mp3 = Buffer.from('ID3fake-mp3-bytes-0123456789');

beforeAll(async () => {
  mkdirSync(path.join(mediaDir, 'audio', 'model'), { recursive: true });
  mkdirSync(path.join(mediaDir, 'video', 'th'), { recursive: true });
  writeFileSync(path.join(mediaDir, 'audio', 'model', 'think-12345678.mp3'), mp3);
  writeFileSync(path.join(mediaDir, 'video', 'th', 'th-video-1.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>spa</title>');
  t = await createTestApp({ env: { MEDIA_DIR: mediaDir, WEB_DIST: webDir } });
  await seedCourse(t.db);
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('/media/*', () => {
  it('serves built media read-only with long cache headers', async () => {
    const audio = await t.app.inject({ method: 'GET', url: '/media/audio/model/think-12345678.mp3' });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(audio.rawPayload.equals(mp3)).toBe(true);
    const captions = await t.app.inject({ method: 'GET', url: '/media/video/th/th-video-1.vtt' });
    expect(captions.statusCode).toBe(200);
    expect(captions.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('supports ranges (video seeking)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/audio/model/think-12345678.mp3', headers: { range: 'bytes=0-3' } });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('ID3f');
  });

  it('lists no directory, writes nothing, and a missing file is a 404, not the app page', async () => {
    // A folder is refused (403 from @fastify/static), never listed.
    for (const url of ['/media/', '/media/audio/model/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('think-12345678');
    }
    // No way out of the media folder (its sibling here is the web app).
    const escape = await t.app.inject({ method: 'GET', url: '/media/..%2fweb/index.html' });
    expect([403, 404]).toContain(escape.statusCode);
    expect(escape.body).not.toContain('<title>spa</title>');
    for (const url of ['/media/audio/model/missing.mp3', '/media/video/th/nothing.mp4']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<title>spa</title>');
    }
    expect((await t.app.inject({ method: 'PUT', url: '/media/audio/model/think-12345678.mp3', payload: 'x' })).statusCode).toBe(404);
  });
});

describe('media URLs in lessons', () => {
  it('point at keys the media build produces', async () => {
    const course = loadCourse();
    const built = new Set(listMediaAssets(course).map((a) => `/media/${a.key}`));
    const { token } = await createLearner(t, 'app_only');
    for (const m of course.modules) {
      const detail = r.moduleDetail.response.parse((await post(t.app, '/api/module/detail', { module_id: m.id }, { token })).json()).data;
      const urls = JSON.stringify(detail).match(/\/media\/[^"]+/g) ?? [];
      expect(urls.length, m.code).toBeGreaterThan(40);
      for (const url of urls) expect(built.has(url), `${m.code}: ${url}`).toBe(true);
    }
  });
});
