import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeAudio } from './audio.ts';
import { renderModelPronunciation } from './model-voice.ts';
import { makeTempDir } from './test-support.ts';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

describe('renderModelPronunciation', () => {
  it('renders a word as WAV bytes and to a file', async () => {
    const outPath = join(temp.dir, 'thought.wav');
    const audio = await renderModelPronunciation('thought', { outPath });
    expect(audio).toMatchObject({ mimeType: 'audio/wav', voice: 'en-us', text: 'thought' });
    expect(audio.data.subarray(0, 4).toString()).toBe('RIFF');
    expect(readFileSync(outPath).equals(audio.data)).toBe(true);
    const decoded = await decodeAudio(new Uint8Array(audio.data));
    expect(decoded.durationMs).toBeGreaterThan(250);
    expect(decoded.durationMs).toBeLessThan(2000);
  });

  it('renders MP3 and speaks slower when asked', async () => {
    const fast = await renderModelPronunciation('pronunciation', { wordsPerMinute: 300 });
    const slow = await renderModelPronunciation('pronunciation', {
      format: 'mp3',
      wordsPerMinute: 100,
    });
    expect(slow.mimeType).toBe('audio/mpeg');
    const [fastPcm, slowPcm] = await Promise.all([
      decodeAudio(new Uint8Array(fast.data)),
      decodeAudio(new Uint8Array(slow.data)),
    ]);
    expect(slowPcm.durationMs).toBeGreaterThan(fastPcm.durationMs * 1.5);
  });

  it('refuses text with nothing to say', async () => {
    await expect(renderModelPronunciation('  ###  ')).rejects.toThrow('nothing to pronounce');
  });
});
