/** Test helpers: synthetic recordings made at test time with espeak-ng and ffmpeg. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TRAINING_CORPUS = '/work/shared/data/speechocean762-train';

export function makeTempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'cs-speech-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Speaks `text` with espeak-ng's American voice into a WAV file (22.05 kHz mono). */
export function speak(text: string, path: string, wordsPerMinute = 150): string {
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', String(wordsPerMinute), '-w', path, text]);
  return path;
}

/** Runs ffmpeg with the given arguments (quiet, overwrite). */
export function ffmpeg(...args: string[]): void {
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args]);
}
