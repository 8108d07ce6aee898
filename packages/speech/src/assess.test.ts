import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from './analyze.ts';
import { assess, scoreAnalysis } from './assess.ts';
import { decodeAudio, encodeWav } from './audio.ts';
import { createScoringPool, type ScoringPool } from './pool.ts';
import { makeTempDir, speak } from './test-support.ts';

const temp = makeTempDir();
let pool: ScoringPool;

beforeAll(() => {
  pool = createScoringPool({ size: 2, maxQueue: 32 });
});
afterAll(async () => {
  await pool.close();
  temp.cleanup();
});

async function spoken(text: string): Promise<Int16Array> {
  return (
    await decodeAudio({ path: speak(text, join(temp.dir, `${text.replace(/\W+/g, '_')}.wav`)) })
  ).samples;
}

function wav(samples: Int16Array): Uint8Array {
  return new Uint8Array(encodeWav(samples));
}

/** Seeded noise so the test is repeatable. */
function noise(seconds: number, amplitude: number): Int16Array {
  let seed = 42;
  return Int16Array.from({ length: seconds * 16_000 }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return Math.round((seed / 2 ** 31 - 0.5) * 2 * amplitude);
  });
}

describe('assess: quality verdicts ask for a re-take instead of scoring', () => {
  it('silence', async () => {
    const result = await assess({
      audio: wav(new Int16Array(32_000)),
      text: 'water',
      options: { pool },
    });
    expect(result.status).toBe('retake');
    expect(result.quality).toMatchObject({ verdict: 'silence', retake: true });
    expect(result.utterance).toBeNull();
  });

  it('noise without a voice', async () => {
    const result = await assess({ audio: wav(noise(2, 6000)), text: 'water', options: { pool } });
    expect(result.status).toBe('retake');
    expect(result.quality.verdict).toBe('silence');
  });

  it('too quiet', async () => {
    const quiet = (await spoken('water')).map((s) => Math.round(s / 100));
    const result = await assess({ audio: wav(quiet), text: 'water', options: { pool } });
    expect(result.quality.verdict).toBe('too_quiet');
  });

  it('clipped', async () => {
    const loud = (await spoken('water')).map((s) => Math.max(-32768, Math.min(32767, s * 25)));
    const result = await assess({ audio: wav(loud), text: 'water', options: { pool } });
    expect(result.quality.verdict).toBe('clipped');
  });

  it('too short for the text', async () => {
    const clip = (await spoken('Please call Stella and ask her to bring these things')).subarray(
      0,
      8000,
    );
    const result = await assess({
      audio: wav(clip),
      text: 'Please call Stella and ask her to bring these things',
      options: { pool },
    });
    expect(result.quality.verdict).toBe('too_short');
  });

  it('off-script: a different word than the text', async () => {
    for (const [said, text] of [
      ['orange', 'water'],
      ['cat', 'beautiful'],
    ] as const) {
      const result = await assess({ audio: wav(await spoken(said)), text, options: { pool } });
      expect(result.quality.verdict, `${said} for ${text}`).toBe('off_script');
    }
  });
});

describe('assess: scoring', () => {
  it('scores clean speech of the text with words, phones, letters and advice', async () => {
    const result = await assess({
      audio: wav(await spoken('I like to eat apples')),
      text: 'I like to eat apples',
      options: { pool, adviceBelow: 101, adviceCount: 2, includeModelAudio: true },
    });
    if (result.status !== 'scored')
      throw new Error(`expected a score, got ${result.quality.verdict}`);
    expect(result.words.map((w) => w.text)).toEqual(['I', 'like', 'to', 'eat', 'apples']);
    const apples = result.words[4];
    expect(apples?.phones.map((p) => p.arpabet)).toEqual(['AE', 'P', 'AH', 'L', 'Z']);
    expect(apples?.phones[0]?.ipa).toBe('æ');
    expect(apples?.stress).toMatchObject({ expectedSyllable: 0 });
    expect(apples?.letters.map((l) => l.letters).join('')).toBe('apples');
    // Phones are in time order inside the recording.
    const starts = result.words.flatMap((w) => w.phones.map((p) => p.startMs));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(result.words.at(-1)?.endMs).toBeLessThanOrEqual(result.durationMs);
    for (const key of ['accuracy', 'fluency', 'prosody', 'completeness', 'total'] as const) {
      expect(result.utterance[key]).toBeGreaterThanOrEqual(0);
      expect(result.utterance[key]).toBeLessThanOrEqual(100);
    }
    expect(result.advice).toHaveLength(2);
    const advice = result.advice[0];
    expect(advice?.tip.length).toBeGreaterThan(30);
    expect(advice?.modelAudio?.mimeType).toBe('audio/wav');
    expect(advice?.modelAudio?.data.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('scores the right text clearly above the same voice saying a different word', async () => {
    const gaps: number[] = [];
    for (const [text, wrong] of [
      ['water', 'orange'],
      ['beautiful', 'cat'],
    ] as const) {
      const right = scoreAnalysis(await analyzeRecording(pool, await spoken(text), text));
      const other = scoreAnalysis(await analyzeRecording(pool, await spoken(wrong), text));
      expect(right).not.toBeNull();
      // Word accuracy on the corpus scale 0–10; an unalignable wrong word counts as 0.
      const gap = (right?.words[0] ?? 0) - (other?.words[0] ?? 0);
      expect(gap, `${text} vs ${wrong}`).toBeGreaterThan(1.5);
      gaps.push(gap);
    }
    expect(gaps.reduce((a, b) => a + b, 0) / gaps.length).toBeGreaterThan(2);
  });

  it('accepts either dictionary pronunciation of "either"', async () => {
    const [iy, ay] = await Promise.all([spoken('eether'), spoken('eyether')]);
    for (const samples of [iy, ay]) {
      const analysis = await analyzeRecording(pool, samples, 'either');
      expect(analysis.aligned).not.toBeNull();
    }
    const first = (await analyzeRecording(pool, iy, 'either')).aligned?.words[0];
    const second = (await analyzeRecording(pool, ay, 'either')).aligned?.words[0];
    expect(first?.phones[0]?.phone).toBe('IY');
    expect(second?.phones[0]?.phone).toBe('AY');
  });

  it('scores a word missing from the dictionary through the G2P fallback', async () => {
    const result = await assess({
      audio: wav(await spoken('zorbliff')),
      text: 'zorbliff',
      options: { pool },
    });
    if (result.status !== 'scored')
      throw new Error(`expected a score, got ${result.quality.verdict}`);
    expect(result.words[0]?.pronunciationSource).toBe('g2p');
    expect(result.words[0]?.phones[0]?.arpabet).toBe('Z');
  });
});
