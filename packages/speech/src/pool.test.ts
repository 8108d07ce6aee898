import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from './audio.ts';
import { createScoringPool, DecoderError, QueueFullError } from './pool.ts';
import { makeTempDir, speak } from './test-support.ts';

const temp = makeTempDir();
let longSamples: Int16Array = new Int16Array();

beforeAll(async () => {
  // ~15 s of speech keeps a helper busy long enough to be killed mid-request.
  const text = 'Please call Stella. Ask her to bring these things with her from the store. '.repeat(
    3,
  );
  longSamples = (await decodeAudio({ path: speak(text, join(temp.dir, 'long.wav'), 140) })).samples;
});
afterAll(() => temp.cleanup());

const GRAMMAR = '#JSGF V1.0;\ngrammar t;\npublic <utt> = p l iy z;\n';

describe('scoring pool', () => {
  it('decodes with forced alignment, free phones and pitch', async () => {
    const pool = createScoringPool({ size: 1 });
    try {
      const result = await pool.decode({
        samples: longSamples.subarray(0, 16_000),
        grammar: GRAMMAR,
      });
      expect(result.frames).toBe(100);
      expect(result.free.length).toBeGreaterThan(2);
      expect(result.pitchHz.length).toBe(100);
      expect(result.pitchHz.some((hz) => hz > 60 && hz < 300)).toBe(true);
      const labels = result.align
        ?.map((s) => s.label)
        .filter((l) => !l.startsWith('<') && !l.startsWith('['));
      expect(labels).toEqual(['p', 'l', 'iy', 'z']);
    } finally {
      await pool.close();
    }
  });

  it('retries on a fresh helper when the helper dies mid-request', async () => {
    const pool = createScoringPool({ size: 1 });
    try {
      await pool.decode({ samples: longSamples.subarray(0, 8000) }); // start the helper
      const [pid] = pool.helperPids();
      expect(pid).toBeTypeOf('number');
      const pending = pool.decode({ samples: longSamples });
      await new Promise((r) => setTimeout(r, 150));
      expect(pool.stats().busy).toBe(1);
      process.kill(pid as number, 'SIGKILL');
      const result = await pending;
      expect(result.frames).toBe(Math.floor(longSamples.length / 160));
      expect(result.free.length).toBeGreaterThan(20);
      expect(pool.stats().restarts).toBe(1);
      expect(pool.helperPids()).not.toContain(pid);
    } finally {
      await pool.close();
    }
  });

  it('fails with a typed error, not a hang, when the queue is full', async () => {
    const pool = createScoringPool({ size: 1, maxQueue: 1 });
    try {
      const running = pool.decode({ samples: longSamples });
      const waiting = pool.decode({ samples: longSamples.subarray(0, 16_000) });
      const rejected = pool.decode({ samples: longSamples.subarray(0, 16_000) });
      await expect(rejected).rejects.toBeInstanceOf(QueueFullError);
      await expect(rejected).rejects.toMatchObject({ code: 'SCORING_QUEUE_FULL' });
      const error = await rejected.catch((e: unknown) => e);
      expect((error as QueueFullError).retryAfterMs).toBeGreaterThanOrEqual(1000);
      await expect(running).resolves.toMatchObject({
        frames: Math.floor(longSamples.length / 160),
      });
      await expect(waiting).resolves.toMatchObject({ frames: 100 });
    } finally {
      await pool.close();
    }
  });

  it('refuses to start without the native helper', () => {
    expect(() => createScoringPool({ helperPath: '/nonexistent/cs-decoder' })).toThrow(
      DecoderError,
    );
  });

  it('gives up after the retry also fails', async () => {
    const pool = createScoringPool({ size: 1, helperPath: '/bin/false' });
    try {
      await expect(pool.decode({ samples: longSamples.subarray(0, 1600) })).rejects.toBeInstanceOf(
        DecoderError,
      );
    } finally {
      await pool.close();
    }
  });
});
