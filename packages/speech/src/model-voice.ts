/**
 * Model pronunciations rendered with espeak-ng's American voice, for the
 * advice panel ("hear it said"). The server stores the bytes as a blob.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface ModelAudio {
  data: Buffer;
  mimeType: 'audio/wav' | 'audio/mpeg';
  /** The text that was spoken. */
  text: string;
  /** espeak-ng voice used. */
  voice: 'en-us';
}

export interface RenderOptions {
  /** `wav` (default, 22.05 kHz mono PCM) or `mp3` (via ffmpeg). */
  format?: 'wav' | 'mp3';
  /** Speaking rate in words per minute, 80–450; default 140 (slow and clear for learners). */
  wordsPerMinute?: number;
  /** When set, also writes the audio to this path. */
  outPath?: string;
}

/** Renders a word or phrase as model pronunciation audio (American English). */
export async function renderModelPronunciation(
  text: string,
  options: RenderOptions = {},
): Promise<ModelAudio> {
  const clean = text.replace(/[^A-Za-z0-9' .,?!-]/g, ' ').trim();
  if (!clean) throw new Error('nothing to pronounce');
  const rate = Math.max(80, Math.min(450, Math.round(options.wordsPerMinute ?? 140)));
  const dir = await mkdtemp(join(tmpdir(), 'cs-voice-'));
  try {
    const wavPath = join(dir, 'model.wav');
    await execFileAsync('espeak-ng', ['-v', 'en-us', '-s', String(rate), '-w', wavPath, clean], {
      timeout: 10_000,
    });
    let data: Buffer;
    let mimeType: ModelAudio['mimeType'] = 'audio/wav';
    if (options.format === 'mp3') {
      const mp3Path = join(dir, 'model.mp3');
      await execFileAsync(
        'ffmpeg',
        ['-nostdin', '-loglevel', 'error', '-y', '-i', wavPath, '-b:a', '64k', mp3Path],
        {
          timeout: 20_000,
        },
      );
      data = await readFile(mp3Path);
      mimeType = 'audio/mpeg';
    } else {
      data = await readFile(wavPath);
    }
    if (options.outPath) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(options.outPath, data);
    }
    return { data, mimeType, text: clean, voice: 'en-us' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
