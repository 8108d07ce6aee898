/** Test helpers: synthetic recordings made at test time with espeak-ng and ffmpeg. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The expert-labelled training corpus: `../shared` beside the repository (as on CI), or
 * SPEECHOCEAN_DIR. Read only; never copied into the repository.
 */
export const TRAINING_CORPUS =
  process.env.SPEECHOCEAN_DIR ??
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/data/speechocean762-train');

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
