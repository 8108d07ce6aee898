import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import { loadCourse, modelAudioKey, type Course } from './index.ts';
import {
  buildMedia,
  listMediaAssets,
  readManifest,
  replaceMediaFile,
  writeManifest,
  type BuildMediaResult,
} from './media/index.ts';

const exec = promisify(execFile);

/** One module (the first intro module), two assessment items and one non-Latin intro video. */
function subsetCourse(): Course {
  const course = loadCourse();
  return {
    ...course,
    modules: course.modules.filter((m) => m.id === 3),
    assessment: {
      ...course.assessment,
      items: course.assessment.items.slice(0, 2),
      introVideos: course.assessment.introVideos.filter((v) => v.language === 'hindi'),
    },
  };
}

async function probe(file: string) {
  const { stdout } = await exec('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration:stream=codec_type,codec_name,width,height',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as {
    format: { duration: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  };
}

async function maxVolumeDb(file: string): Promise<number> {
  const { stderr } = await exec('ffmpeg', [
    '-hide_banner',
    '-i',
    file,
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  const match = /max_volume: (-?[\d.]+) dB/.exec(stderr);
  if (!match?.[1]) throw new Error(`no volume for ${file}`);
  return Number(match[1]);
}

describe('media build (one module)', () => {
  const course = subsetCourse();
  const assets = listMediaAssets(course);
  let dir: string;
  let first: BuildMediaResult;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'content-media-test-'));
    first = await buildMedia({ course, outDir: dir });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('builds every listed file and records it in the manifest', async () => {
    expect(first.total).toBe(assets.length);
    expect(Object.values(first.built).reduce((a, b) => a + b, 0)).toBe(assets.length);
    const manifest = await readManifest(dir);
    for (const asset of assets) {
      const entry = manifest.files[asset.key];
      expect(entry, asset.key).toBeDefined();
      expect((await stat(path.join(dir, asset.key))).size).toBe(entry?.bytes);
    }
  });

  it('makes audible mp3s for every spoken item', async () => {
    const audio = assets.filter((a) => a.kind === 'audio');
    expect(audio.length).toBeGreaterThan(40);
    for (const asset of audio) {
      const info = await probe(path.join(dir, asset.key));
      expect(info.streams[0]?.codec_name, asset.key).toBe('mp3');
      expect(Number(info.format.duration), asset.key).toBeGreaterThan(0.1);
    }
    // Clips are encoded in batches: each file must hold its own text, not a neighbour's.
    const seconds = async (text: string) =>
      Number((await probe(path.join(dir, modelAudioKey(text)))).format.duration);
    expect(await seconds('think')).toBeLessThan(1.5);
    expect(
      await seconds('Their mother thinks the weather will be better on Thursday.'),
    ).toBeGreaterThan(2.5);
    expect(await seconds('both of them')).toBeGreaterThan(await seconds('bath'));
    for (const key of [audio[0]?.key, 'sounds/correct.mp3', 'sounds/incorrect.mp3']) {
      expect(await maxVolumeDb(path.join(dir, key ?? ''))).toBeGreaterThan(-30);
    }
  });

  it('renders each video lesson as a playable mp4 with narration and WebVTT captions', async () => {
    const videos = assets.filter((a) => a.kind === 'video');
    expect(videos).toHaveLength(3); // two TH lessons and the Hindi intro
    for (const video of videos) {
      if (video.recipe.type !== 'slides') throw new Error('not a slides video');
      const info = await probe(path.join(dir, video.key));
      const v = info.streams.find((s) => s.codec_type === 'video');
      const a = info.streams.find((s) => s.codec_type === 'audio');
      expect(v?.codec_name).toBe('h264');
      expect([v?.width, v?.height]).toEqual([854, 480]);
      expect(a?.codec_name).toBe('aac');
      const duration = Number(info.format.duration);
      expect(duration).toBeGreaterThan(10);
      expect(await maxVolumeDb(path.join(dir, video.key))).toBeGreaterThan(-30);

      const vtt = await readFile(path.join(dir, video.recipe.captionsKey), 'utf8');
      const parsed = new WebVTTParser().parse(vtt, 'metadata');
      expect(parsed.errors).toEqual([]);
      expect(parsed.cues.map((c) => c.text)).toEqual(video.recipe.cues.map((c) => c.text));
      let previousEnd = 0;
      for (const cue of parsed.cues) {
        expect(cue.startTime).toBeGreaterThanOrEqual(previousEnd);
        expect(cue.endTime).toBeGreaterThan(cue.startTime);
        previousEnd = cue.endTime;
      }
      expect(previousEnd).toBeLessThanOrEqual(duration + 0.05);
      expect(previousEnd).toBeGreaterThan(duration - 3);
    }
  });

  it('does nothing on a second run', async () => {
    const before = await stat(path.join(dir, 'video/th/th-video-1.mp4'));
    const second = await buildMedia({ course, outDir: dir });
    expect(Object.values(second.built).reduce((a, b) => a + b, 0)).toBe(0);
    expect(second.cached).toBe(assets.length);
    expect((await stat(path.join(dir, 'video/th/th-video-1.mp4'))).mtimeMs).toBe(before.mtimeMs);
  });

  it('rebuilds a file whose recipe changed, and never touches a replaced file', async () => {
    const manifest = await readManifest(dir);
    const stale = 'sounds/correct.mp3';
    const entry = manifest.files[stale];
    if (!entry) throw new Error('missing entry');
    manifest.files[stale] = { ...entry, hash: 'an older recipe' };
    await writeManifest(dir, manifest);

    const recording = path.join(dir, 'teacher.wav');
    await exec('sox', ['-n', '-r', '22050', '-c', '1', recording, 'synth', '1.5', 'sine', '330']);
    const key = 'sounds/incorrect.mp3';
    await replaceMediaFile({ mediaDir: dir, key, source: recording });
    const replaced = await readFile(path.join(dir, key));
    expect(Number((await probe(path.join(dir, key))).format.duration)).toBeGreaterThan(1.4);

    // Even a changed recipe for the replaced key must not bring the generated file back.
    const afterReplace = await readManifest(dir);
    const replacedEntry = afterReplace.files[key];
    if (!replacedEntry) throw new Error('missing entry');
    afterReplace.files[key] = { ...replacedEntry, hash: 'an older recipe' };
    await writeManifest(dir, afterReplace);

    const result = await buildMedia({ course, outDir: dir });
    expect(result.built.audio).toBe(1);
    expect(result.replaced).toBe(1);
    expect((await readFile(path.join(dir, key))).equals(replaced)).toBe(true);
    expect((await readManifest(dir)).files[key]?.replaced).toBe(true);
  });

  it('removes generated files the course no longer uses, but keeps replaced ones', async () => {
    const orphan = 'audio/model/old-word-12345678.mp3';
    const manifest = await readManifest(dir);
    await writeFile(path.join(dir, orphan), 'x');
    manifest.files[orphan] = {
      hash: 'h',
      kind: 'audio',
      bytes: 1,
      builtAt: new Date().toISOString(),
    };
    await writeManifest(dir, manifest);
    const result = await buildMedia({ course, outDir: dir });
    expect(result.removed).toBe(1);
    await expect(stat(path.join(dir, orphan))).rejects.toThrow();
    await expect(stat(path.join(dir, 'sounds/incorrect.mp3'))).resolves.toBeDefined();
  });
});
