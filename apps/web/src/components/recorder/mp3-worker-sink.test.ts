import { describe, expect, it, vi } from 'vitest';
import { Mp3Sink } from './mp3-worker-sink.ts';
import { readBlobBytes } from './test-fixtures/fake-browser-audio.ts';

function tone(samples: number): Float32Array {
  const out = new Float32Array(samples);
  for (let i = 0; i < samples; i++) out[i] = 0.4 * Math.sin((2 * Math.PI * 440 * i) / 44100);
  return out;
}

/** A browser Worker whose script never loads (blocked by a CSP, offline, ...): it only reports an error. */
class UnloadableWorker {
  static created: URL[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly posted: unknown[] = [];
  isTerminated = false;
  constructor(url: URL) {
    UnloadableWorker.created.push(url);
    setTimeout(() => this.onerror?.(new ErrorEvent('error', { message: 'Failed to load worker script' })), 0);
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.isTerminated = true;
  }
}

async function mp3HeaderOf(blob: Blob): Promise<string> {
  const bytes = await readBlobBytes(blob);
  return Array.from(bytes.subarray(0, 3), (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('Mp3Sink', () => {
  it('encodes on the main thread, chunk by chunk, where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const sink = new Mp3Sink(44100, 128);
    expect(sink.isUsingWorker).toBe(false);
    sink.push(tone(22050));
    sink.push(tone(22050));
    expect(sink.sampleCount).toBe(44100);
    const blob = await sink.finish();
    expect(blob.type).toBe('audio/mpeg');
    expect(await mp3HeaderOf(blob)).toBe('fffb90');
    expect(blob.size).toBeGreaterThan(15_000); // about 16 kB per second at 128 kbps
  });

  it('still produces the mp3 from the kept samples when the worker cannot load (nothing is lost)', async () => {
    UnloadableWorker.created = [];
    vi.stubGlobal('Worker', UnloadableWorker);
    const sink = new Mp3Sink(44100, 128);
    expect(UnloadableWorker.created[0]?.pathname).toMatch(/mp3-encoder\.worker\.ts$/);
    expect(sink.isUsingWorker).toBe(true);
    sink.push(tone(44100));
    await new Promise((resolve) => setTimeout(resolve, 5)); // the load error arrives
    expect(sink.isUsingWorker).toBe(false);
    sink.push(tone(44100));
    const blob = await sink.finish();
    expect(await mp3HeaderOf(blob)).toBe('fffb90');
    // Both seconds are in the file: about 32 kB at 128 kbps.
    expect(blob.size).toBeGreaterThan(31_000);
    expect(blob.size).toBeLessThan(35_000);
  });
});
