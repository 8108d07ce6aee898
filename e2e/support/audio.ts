import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const audioDir = resolve(root, '.tmp/e2e-audio');

/**
 * A WAV for Chromium's fake microphone: espeak-ng's American voice saying `text`, with a short
 * lead-in and a long tail of silence, 48 kHz mono 16-bit (what Chromium's file capture reads).
 */
export function speechWav(name: string, text: string): string {
  mkdirSync(audioDir, { recursive: true });
  const out = resolve(audioDir, `${name}.wav`);
  if (existsSync(out)) return out;
  const raw = resolve(audioDir, `${name}.raw.wav`);
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', raw, text]);
  execFileSync('sox', [raw, '-r', '48000', '-c', '1', '-b', '16', out, 'pad', '0.3', '4']);
  return out;
}

/** Chromium flags that grant the microphone and feed it from `wav`, once, from its start. */
export function fakeMicrophoneArgs(wav: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}%noloop`,
  ];
}
