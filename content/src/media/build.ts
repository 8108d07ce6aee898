import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import type { Course } from '../schema.ts';
import { listMediaAssets, type MediaAsset, type MediaKind, type MediaRecipe } from './assets.ts';
import { isReplaced, readManifest, writeManifest, type Manifest } from './manifest.ts';
import { drawWordCard } from './word-cards.ts';

/**
 * Builds every media file of the course from its text: espeak-ng speaks, ffmpeg encodes
 * and renders slides, sox makes the result chimes. A file is rebuilt only when the hash of
 * its recipe changed or it is missing; files an admin replaced are never touched.
 */

/** Bump to rebuild everything after a change to how files are made. */
const GENERATOR_VERSION = 4;

export const VIDEO_WIDTH = 854;
export const VIDEO_HEIGHT = 480;
const VIDEO_FPS = 2;
const BRAND_BACKGROUND = '0x0E3B5C';
const BRAND_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

const TITLE_CARD_S = 1.5;
const GAP_BETWEEN_CUES_S = 0.3;
const GAP_AFTER_SLIDE_S = 0.8;

export interface BuildMediaOptions {
  course: Course;
  outDir: string;
  /** Parallel jobs; each job runs one external process at a time. */
  concurrency?: number;
  /** Only build these keys (tests, partial rebuilds). */
  filter?: (asset: MediaAsset) => boolean;
  log?: (line: string) => void;
}

export interface BuildMediaResult {
  built: Record<MediaKind, number>;
  cached: number;
  replaced: number;
  /** Generated files no longer used by the course, deleted (a full build only). */
  removed: number;
  total: number;
  seconds: number;
}

interface Job {
  hash: string;
  primary: MediaAsset;
  /** Keys the job writes (a video job also writes its captions). */
  outputs: { key: string; kind: MediaKind }[];
}

export function recipeHash(recipe: MediaRecipe): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: GENERATOR_VERSION, recipe }))
    .digest('hex');
}

export async function checkMediaTools(): Promise<void> {
  const tools: [string, string[], string][] = [
    ['espeak-ng', ['--version'], 'espeak-ng'],
    ['ffmpeg', ['-version'], 'ffmpeg'],
    ['ffprobe', ['-version'], 'ffmpeg'],
    ['sox', ['--version'], 'sox'],
  ];
  for (const [command, args, pkg] of tools) {
    try {
      await run(command, args);
    } catch {
      throw new Error(
        `${command} is missing: install the Debian package ${pkg} (apt-get install ${pkg})`,
      );
    }
  }
  if (!existsSync(BRAND_FONT))
    throw new Error(`${BRAND_FONT} is missing: apt-get install fonts-dejavu-core`);
}

/** Slide text in these scripts needs a font that DejaVu lacks; libass would draw empty boxes. */
const SCRIPT_FONTS: Record<string, { fcLang: string; pkg: string }> = {
  bn: { fcLang: 'bn', pkg: 'fonts-lohit-beng-bengali' },
  hi: { fcLang: 'hi', pkg: 'fonts-lohit-deva' },
  zh: { fcLang: 'zh-cn', pkg: 'fonts-wqy-microhei' },
};

async function checkFonts(locales: Set<string>): Promise<void> {
  for (const locale of locales) {
    const need = SCRIPT_FONTS[locale.split('-')[0] ?? ''];
    if (!need) continue;
    const fonts = await run('fc-list', [`:lang=${need.fcLang}`]).catch(() => {
      throw new Error('fc-list is missing: apt-get install fontconfig');
    });
    if (!fonts.trim()) throw new Error(`no font for ${locale} slides: apt-get install ${need.pkg}`);
  }
}

export async function buildMedia(options: BuildMediaOptions): Promise<BuildMediaResult> {
  const started = performance.now();
  const { course, outDir } = options;
  const log = options.log ?? (() => {});
  await checkMediaTools();
  await mkdir(outDir, { recursive: true });
  const manifest = await readManifest(outDir);

  const assets = listMediaAssets(course).filter(options.filter ?? (() => true));
  const byKey = new Map(assets.map((a) => [a.key, a]));
  const jobs: Job[] = [];
  let replaced = 0;
  let cached = 0;
  for (const asset of assets) {
    if (asset.recipe.type === 'captions') continue; // written by its video's job
    const hash = recipeHash(asset.recipe);
    const outputs = [{ key: asset.key, kind: asset.kind }];
    if (asset.recipe.type === 'slides') {
      const captions = byKey.get(asset.recipe.captionsKey);
      outputs.push({ key: asset.recipe.captionsKey, kind: captions?.kind ?? 'captions' });
    }
    const pending = outputs.filter((o) => !isReplaced(manifest, o.key));
    replaced += outputs.length - pending.length;
    const stale = pending.filter(
      (o) => manifest.files[o.key]?.hash !== hash || !existsSync(path.join(outDir, o.key)),
    );
    if (stale.length === 0) {
      cached += pending.length;
      continue;
    }
    cached += pending.length - stale.length;
    jobs.push({ hash, primary: asset, outputs: pending });
  }

  await checkFonts(
    new Set(
      jobs.flatMap((j) => (j.primary.recipe.type === 'slides' ? [j.primary.recipe.locale] : [])),
    ),
  );

  const built: Record<MediaKind, number> = { audio: 0, video: 0, captions: 0, image: 0 };
  const work = await mkdtemp(path.join(os.tmpdir(), 'clearspeak-media-'));
  const limit = pLimit(options.concurrency ?? 2);
  let sinceSave = 0;
  try {
    await Promise.all(
      batchJobs(jobs).map((batch, index) =>
        limit(async () => {
          const dir = path.join(work, String(index));
          await mkdir(dir);
          const files =
            batch.length === 1 && batch[0]
              ? await runJob(batch[0].primary, dir)
              : await speakBatch(
                  batch.map((job) => job.primary),
                  dir,
                );
          for (const job of batch) {
            for (const output of job.outputs) {
              const produced = files.get(output.key);
              if (!produced)
                throw new Error(`job for ${job.primary.key} did not produce ${output.key}`);
              const target = path.join(outDir, output.key);
              await mkdir(path.dirname(target), { recursive: true });
              await rename(produced, target).catch(async () => {
                // tmpdir may sit on another filesystem: copy, then swap in place atomically.
                const temp = `${target}.tmp`;
                await writeFile(temp, await readFile(produced));
                await rename(temp, target);
              });
              manifest.files[output.key] = {
                hash: job.hash,
                kind: output.kind,
                bytes: (await stat(target)).size,
                builtAt: new Date().toISOString(),
              };
              built[output.kind] += 1;
            }
          }
          if (!process.env.KEEP_MEDIA_WORK) await rm(dir, { recursive: true, force: true });
          sinceSave += batch.length;
          if (sinceSave >= 40) {
            sinceSave = 0;
            await writeManifest(outDir, manifest);
          }
        }),
      ),
    );
  } finally {
    await writeManifest(outDir, manifest);
    if (!process.env.KEEP_MEDIA_WORK) await rm(work, { recursive: true, force: true });
  }
  const removed = options.filter
    ? 0
    : await pruneUnused(outDir, manifest, new Set(assets.map((a) => a.key)));
  const seconds = (performance.now() - started) / 1000;
  const result = { built, cached, replaced, removed, total: assets.length, seconds };
  log(
    `media: ${Object.values(built).reduce((a, b) => a + b, 0)} built (audio ${built.audio}, video ${built.video}, captions ${built.captions}, image ${built.image}), ` +
      `${cached} cached, ${replaced} replaced, ${removed} removed, ${assets.length} total in ${seconds.toFixed(1)} s -> ${outDir}`,
  );
  return result;
}

/** Deletes generated files that no asset uses any more; replaced files always stay. */
async function pruneUnused(outDir: string, manifest: Manifest, keep: Set<string>): Promise<number> {
  let removed = 0;
  for (const [key, entry] of Object.entries(manifest.files)) {
    if (keep.has(key) || entry.replaced) continue;
    await rm(path.join(outDir, key), { force: true });
    delete manifest.files[key];
    removed += 1;
  }
  if (removed > 0) await writeManifest(outDir, manifest);
  return removed;
}

// ------------------------------------------------------------------ jobs

/** Spoken clips are encoded in groups, so one ffmpeg start-up serves many files. */
const SPEECH_BATCH_SIZE = 16;

function batchJobs(jobs: Job[]): Job[][] {
  const speech = jobs.filter((j) => j.primary.recipe.type === 'speech');
  const batches: Job[][] = jobs.filter((j) => j.primary.recipe.type !== 'speech').map((j) => [j]);
  // Videos first: they are the longest jobs, so the two workers finish close together.
  batches.sort(
    (a, b) => Number(b[0]?.primary.kind === 'video') - Number(a[0]?.primary.kind === 'video'),
  );
  for (let i = 0; i < speech.length; i += SPEECH_BATCH_SIZE)
    batches.push(speech.slice(i, i + SPEECH_BATCH_SIZE));
  return batches;
}

async function speakBatch(assets: MediaAsset[], dir: string): Promise<Map<string, string>> {
  const inputs: string[] = [];
  const outputs: string[] = [];
  const files = new Map<string, string>();
  for (const [i, asset] of assets.entries()) {
    const recipe = asset.recipe;
    if (recipe.type !== 'speech') throw new Error(`${asset.key} is not speech`);
    const wav = await speak(
      recipe.speakAs ?? recipe.text,
      recipe.voice,
      recipe.speedWpm,
      dir,
      `speech-${i}`,
    );
    const mp3 = path.join(dir, `out-${i}.mp3`);
    inputs.push('-i', wav.file);
    outputs.push('-map', `${i}:a`, ...MP3_OPTIONS, mp3);
    files.set(asset.key, mp3);
  }
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, ...outputs]);
  return files;
}

async function runJob(asset: MediaAsset, dir: string): Promise<Map<string, string>> {
  const recipe = asset.recipe;
  switch (recipe.type) {
    case 'speech': {
      const wav = await speak(
        recipe.speakAs ?? recipe.text,
        recipe.voice,
        recipe.speedWpm,
        dir,
        'speech',
      );
      const mp3 = path.join(dir, 'out.mp3');
      await encodeMp3(wav.file, mp3);
      return new Map([[asset.key, mp3]]);
    }
    case 'result-sound': {
      const wav = path.join(dir, 'chime.wav');
      // A rising two-note chime for right, a low falling buzz for wrong (spec §4 listen-and-choose).
      const effects =
        recipe.result === 'correct'
          ? [
              'synth',
              '0.12',
              'sine',
              '880',
              'fade',
              '0.005',
              '0.12',
              '0.03',
              'gain',
              '-4',
              ':',
              'synth',
              '0.25',
              'sine',
              '1318.5',
              'fade',
              '0.005',
              '0.25',
              '0.18',
              'gain',
              '-4',
            ]
          : [
              'synth',
              '0.15',
              'square',
              '233',
              'gain',
              '-16',
              'lowpass',
              '1500',
              'fade',
              '0.005',
              '0.15',
              '0.03',
              ':',
              'synth',
              '0.32',
              'square',
              '175',
              'gain',
              '-16',
              'lowpass',
              '1500',
              'fade',
              '0.005',
              '0.32',
              '0.2',
            ];
      await run('sox', ['-n', '-r', '44100', '-c', '1', '-b', '16', wav, ...effects]);
      const mp3 = path.join(dir, 'out.mp3');
      await encodeMp3(wav, mp3);
      return new Map([[asset.key, mp3]]);
    }
    case 'icon': {
      const svg = path.join(dir, 'icon.svg');
      await writeFile(svg, drawIcon(recipe.label, recipe.color, recipe.shape));
      return new Map([[asset.key, svg]]);
    }
    case 'word-card': {
      const svg = path.join(dir, 'card.svg');
      await writeFile(svg, drawWordCard(recipe));
      return new Map([[asset.key, svg]]);
    }
    case 'slides':
      return renderSlides(asset.key, recipe, dir);
    case 'captions':
      throw new Error(`captions ${asset.key} are written by their video job`);
  }
}

interface Pcm {
  sampleRateHz: number;
  channels: number;
  bitsPerSample: number;
  data: Buffer;
}

async function speak(
  text: string,
  voice: string,
  speedWpm: number,
  dir: string,
  name: string,
): Promise<{ file: string; pcm: Pcm }> {
  const file = path.join(dir, `${name}.wav`);
  // Text goes in on stdin so that nothing in it can be read as a command-line option.
  await run('espeak-ng', ['-v', voice, '-s', String(speedWpm), '-w', file, '--stdin'], text);
  const pcm = parseWav(await readFile(file));
  if (pcm.data.length === 0)
    throw new Error(`espeak-ng produced no audio for "${text}" (${voice})`);
  return { file, pcm };
}

const MP3_OPTIONS = ['-ac', '1', '-ar', '22050', '-c:a', 'libmp3lame', '-b:a', '64k'];

async function encodeMp3(input: string, output: string): Promise<void> {
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    input,
    ...MP3_OPTIONS,
    output,
  ]);
}

/** Reads PCM from a RIFF/WAVE file (espeak-ng writes 16-bit mono). */
export function parseWav(buffer: Buffer): Pcm {
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAVE file');
  let offset = 12;
  let format: Omit<Pcm, 'data'> | undefined;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        channels: buffer.readUInt16LE(body + 2),
        sampleRateHz: buffer.readUInt32LE(body + 4),
        bitsPerSample: buffer.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('WAVE data before fmt');
      // A streamed header may carry a placeholder size: trust the file length instead.
      return { ...format, data: buffer.subarray(body, Math.min(buffer.length, body + size)) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAVE file without data');
}

function wavFile(pcm: Pcm): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (pcm.channels * pcm.bitsPerSample) / 8;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(pcm.channels, 22);
  header.writeUInt32LE(pcm.sampleRateHz, 24);
  header.writeUInt32LE(pcm.sampleRateHz * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(pcm.bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.data.length, 40);
  return Buffer.concat([header, pcm.data]);
}

function durationOf(pcm: Pcm): number {
  return pcm.data.length / ((pcm.sampleRateHz * pcm.channels * pcm.bitsPerSample) / 8);
}

function silence(like: Pcm, seconds: number): Buffer {
  const blockAlign = (like.channels * like.bitsPerSample) / 8;
  return Buffer.alloc(Math.round(seconds * like.sampleRateHz) * blockAlign);
}

type SlidesRecipe = Extract<MediaRecipe, { type: 'slides' }>;

/**
 * Each caption cue is spoken separately, so slide changes and caption times are exact:
 * the timeline is the sum of the measured cue durations plus fixed pauses.
 */
async function renderSlides(
  videoKey: string,
  recipe: SlidesRecipe,
  dir: string,
): Promise<Map<string, string>> {
  const parts: Buffer[] = [];
  const cues: { start: number; end: number; text: string }[] = [];
  const slideTimes: { start: number; end: number }[] = recipe.slides.map(() => ({
    start: 0,
    end: 0,
  }));
  let format: Pcm | undefined;
  let t = 0;
  const pushSilence = (seconds: number) => {
    if (!format) return;
    parts.push(silence(format, seconds));
    t += seconds;
  };
  for (const [i, cue] of recipe.cues.entries()) {
    const spoken = await speak(cue.speech, recipe.voice, recipe.speedWpm, dir, `cue-${i}`);
    if (
      format &&
      (format.sampleRateHz !== spoken.pcm.sampleRateHz ||
        format.bitsPerSample !== spoken.pcm.bitsPerSample)
    ) {
      throw new Error(`espeak-ng changed format inside ${videoKey}`);
    }
    if (!format) {
      format = spoken.pcm;
      pushSilence(TITLE_CARD_S);
    }
    const previous = recipe.cues[i - 1];
    if (previous && previous.slideIndex !== cue.slideIndex) pushSilence(GAP_AFTER_SLIDE_S);
    else if (previous) pushSilence(GAP_BETWEEN_CUES_S);
    const slide = slideTimes[cue.slideIndex];
    if (slide && (!previous || previous.slideIndex !== cue.slideIndex)) slide.start = t;
    const duration = durationOf(spoken.pcm);
    cues.push({ start: t, end: t + duration, text: cue.text });
    parts.push(spoken.pcm.data);
    t += duration;
    if (slide) slide.end = t;
  }
  if (!format) throw new Error(`${videoKey} has no narration`);
  pushSilence(GAP_AFTER_SLIDE_S);
  const total = t;
  // Each slide stays up until the next one starts; the last one until the end.
  slideTimes.forEach((slide, i) => {
    slide.end = slideTimes[i + 1]?.start ?? total;
  });

  const narration = path.join(dir, 'narration.wav');
  await writeFile(narration, wavFile({ ...format, data: Buffer.concat(parts) }));
  await writeFile(path.join(dir, 'slides.ass'), slidesAss(recipe, slideTimes, total));
  const captions = path.join(dir, 'captions.vtt');
  await writeFile(captions, webVtt(cues));

  const brand = `drawbox=x=0:y=ih-34:w=iw:h=34:color=0x0A2A42:t=fill,drawtext=fontfile=${BRAND_FONT}:text='ClearSpeak':fontsize=17:fontcolor=0xFFD23F:x=18:y=h-26`;
  const video = path.join(dir, 'out.mp4');
  // prettier-ignore
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=${BRAND_BACKGROUND}:s=${VIDEO_WIDTH}x${VIDEO_HEIGHT}:r=${VIDEO_FPS}:d=${total.toFixed(2)}`,
    '-i', 'narration.wav',
    '-vf', `${brand},ass=slides.ass`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-crf', '28', '-pix_fmt', 'yuv420p',
    '-g', String(VIDEO_FPS * 10),
    // The fast AAC coder costs a fifth of the default one and is fine for speech.
    '-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '64k', '-ac', '1',
    '-shortest', '-movflags', '+faststart',
    'out.mp4',
  ];
  await run('ffmpeg', args, undefined, dir);
  return new Map([
    [videoKey, video],
    [recipe.captionsKey, captions],
  ]);
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

export function webVtt(cues: { start: number; end: number; text: string }[]): string {
  const body = cues
    .map((cue, i) => {
      // "-->" and blank lines would break a cue; & and < must be escaped in cue text.
      const text = cue.text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/\n+/g, ' ');
      return `${i + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${text}`;
    })
    .join('\n\n');
  return `WEBVTT\n\n${body}\n`;
}

function assTime(seconds: number): string {
  const cs = Math.round(seconds * 100);
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
}

function assText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/[{}]/g, (c) => (c === '{' ? '(' : ')'))
    .replace(/\n/g, '\\N');
}

/**
 * Slide text is drawn by libass (through ffmpeg's ass filter) rather than drawtext alone:
 * libass wraps lines and shapes complex scripts (Bengali, Devanagari, Arabic) with HarfBuzz.
 */
function slidesAss(
  recipe: SlidesRecipe,
  times: { start: number; end: number }[],
  total: number,
): string {
  const styles = [
    'Style: Title,DejaVu Sans,44,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,5,60,60,0,1',
    'Style: Heading,DejaVu Sans,36,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,8,50,50,48,1',
    'Style: Body,DejaVu Sans,27,&H00F0E6DC,&H00F0E6DC,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,5,70,70,0,1',
    'Style: Say,DejaVu Sans,46,&H003FD2FF,&H003FD2FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,2,50,50,70,1',
  ];
  const events = [
    `Dialogue: 0,${assTime(0)},${assTime(Math.min(TITLE_CARD_S, total))},Title,,0,0,0,,${assText(recipe.title)}`,
  ];
  recipe.slides.forEach((slide, i) => {
    const time = times[i];
    if (!time || time.end <= time.start) return;
    const span = `${assTime(time.start)},${assTime(time.end)}`;
    events.push(`Dialogue: 0,${span},Heading,,0,0,0,,${assText(slide.heading)}`);
    events.push(`Dialogue: 0,${span},Body,,0,0,0,,${assText(slide.body)}`);
    if (slide.sayText) events.push(`Dialogue: 0,${span},Say,,0,0,0,,${assText(slide.sayText)}`);
  });
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${VIDEO_WIDTH}`,
    `PlayResY: ${VIDEO_HEIGHT}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    ...styles,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}

function xml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function drawIcon(label: string, color: string, shape: 'module' | 'section' | 'avatar'): string {
  const fontSize = label.length <= 2 ? 44 : label.length === 3 ? 34 : 28;
  const background =
    shape === 'avatar' || shape === 'section'
      ? `<circle cx="48" cy="48" r="46" fill="${color}"/>`
      : `<rect x="2" y="2" width="92" height="92" rx="22" fill="${color}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${xml(label)}">` +
    background +
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff">${xml(label)}</text>` +
    '</svg>\n'
  );
}

// ------------------------------------------------------------------ processes

function run(command: string, args: string[], stdin?: string, cwd?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.trim().slice(-800)}`),
        );
    });
    if (stdin !== undefined && child.stdin) {
      // A tool that exits early closes its stdin; its exit code reports the real problem.
      child.stdin.on('error', () => {});
      child.stdin.end(stdin);
    }
  });
}
