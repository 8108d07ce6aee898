import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioDecodeError, decodeAudio, encodeWav } from './audio.ts';
import { ffmpeg, makeTempDir, speak } from './test-support.ts';

const temp = makeTempDir();
let sourceMs = 0;
let source = '';

beforeAll(() => {
  source = speak(
    'Please call Stella and ask her to bring these things.',
    join(temp.dir, 'source.wav'),
  );
  const probe = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    source,
  ]);
  sourceMs = Number(probe.toString().trim()) * 1000;
});
afterAll(() => temp.cleanup());

// What browsers' MediaRecorder and phones produce, plus WAV at several rates.
const FORMATS: Array<[string, string[]]> = [
  ['mp3', ['-c:a', 'libmp3lame', '-b:a', '128k']],
  ['webm', ['-c:a', 'libopus', '-b:a', '48k']],
  ['ogg', ['-c:a', 'libvorbis']],
  ['m4a', ['-c:a', 'aac', '-b:a', '96k']],
  ['8k.wav', ['-ar', '8000']],
  ['44k.wav', ['-ar', '44100']],
  ['48k-stereo.wav', ['-ar', '48000', '-ac', '2']],
];

describe('decodeAudio', () => {
  it.each(FORMATS)(
    'decodes %s to 16 kHz mono with the right length and real content',
    async (ext, codec) => {
      const path = join(temp.dir, `clip.${ext}`);
      ffmpeg('-i', source, ...codec, path);
      const decoded = await decodeAudio(new Uint8Array(readFileSync(path)));
      expect(decoded.sampleRateHz).toBe(16_000);
      // Encoders add up to a frame or two of padding; the speech must all be there.
      expect(Math.abs(decoded.durationMs - sourceMs)).toBeLessThan(80);
      let peak = 0;
      for (const s of decoded.samples) peak = Math.max(peak, Math.abs(s));
      expect(peak).toBeGreaterThan(3000);
    },
  );

  it('reads from a path as well as from bytes', async () => {
    const decoded = await decodeAudio({ path: source });
    expect(Math.abs(decoded.durationMs - sourceMs)).toBeLessThan(80);
  });

  it('rejects bytes that are not audio', async () => {
    await expect(
      decodeAudio(new TextEncoder().encode('definitely not audio')),
    ).rejects.toBeInstanceOf(AudioDecodeError);
    await expect(decodeAudio(new Uint8Array())).rejects.toBeInstanceOf(AudioDecodeError);
  });

  it('round-trips its own WAV encoding', async () => {
    const samples = Int16Array.from({ length: 16_000 }, (_, i) =>
      Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 16_000)),
    );
    const decoded = await decodeAudio(new Uint8Array(encodeWav(samples)));
    expect(decoded.samples.length).toBe(16_000);
    expect(decoded.samples[100]).toBe(samples[100]);
  });
});
