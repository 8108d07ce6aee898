// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecorder, type Recorder, type RecorderError, type RecorderEvents, type RecorderState } from './recorder.ts';
import { installFakeAudio, readBlobBytes, uninstallFakeAudio, type FakeAudioHandle } from './test-fixtures/fake-browser-audio.ts';

const UA_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const UA_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const UA_SAMSUNG =
  'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';

let recorder: Recorder | null = null;

function record(options: Parameters<typeof createRecorder>[0] = {}) {
  const r = createRecorder(options);
  recorder = r;
  const states: RecorderState[] = [];
  const errors: RecorderError[] = [];
  const ticks: RecorderEvents['tick'][] = [];
  const levels: number[] = [];
  r.on('state', (s) => states.push(s));
  r.on('error', (e) => errors.push(e));
  r.on('tick', (t) => ticks.push(t));
  r.on('level', (l) => levels.push(l));
  return { r, states, errors, ticks, levels };
}

// The shared setup (src/test/setup.ts) fails a test on console.error and unstubs globals.
beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  recorder?.destroy();
  recorder = null;
  vi.useRealTimers();
  uninstallFakeAudio();
});

function lastOf<T>(items: T[]): T | undefined {
  return items[items.length - 1];
}

describe('createRecorder: recording in Chrome (mp3 through an AudioWorklet)', () => {
  let audio: FakeAudioHandle;
  beforeEach(() => {
    audio = installFakeAudio();
  });

  it('goes idle → requesting → recording → stopping → recorded and produces a 128 kbps mp3 measured from its samples', async () => {
    const { r, states, ticks, levels } = record();
    expect(r.state).toBe('idle');
    await r.start();
    expect(states).toEqual(['requesting', 'recording']);
    expect(audio.getUserMedia).toHaveBeenCalledTimes(1);
    const context = audio.contexts()[0];
    expect(context?.loadedModules[0]).toMatch(/pcm-capture-worklet\.js/);
    expect(r.captureMethod).toBe('audio-worklet');

    await vi.advanceTimersByTimeAsync(2000);
    expect(lastOf(ticks)).toEqual({ elapsedMs: 2000, remainingMs: 43_000 });
    expect(levels.length).toBeGreaterThan(30);
    expect(Math.min(...levels)).toBeGreaterThan(0.5); // a 0.3-amplitude tone is about -13 dBFS

    const stopped = r.stop();
    await vi.advanceTimersByTimeAsync(0);
    const recording = await stopped;
    expect(states).toEqual(['requesting', 'recording', 'stopping', 'recorded']);
    expect(recording).not.toBeNull();
    expect(r.recording).toBe(recording);
    expect(recording?.mimeType).toBe('audio/mpeg');
    expect(recording?.extension).toBe('mp3');
    expect(recording?.durationMs).toBe(2000);
    expect(recording?.url).toBe(audio.createdUrls[0]);

    vi.useRealTimers(); // jsdom's FileReader schedules with real timers
    const bytes = await readBlobBytes(recording!.blob);
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]).toBe(0xfb); // MPEG-1 Layer III
    expect((bytes[2] ?? 0) >> 4).toBe(0b1001); // 128 kbps

    // The microphone is released and the audio graph closed as soon as recording stops.
    expect(audio.streams[0]?.tracks[0]?.readyState).toBe('ended');
    expect(context?.state).toBe('closed');
    expect(context?.isToneRunning).toBe(false);
  });

  it('auto-stops at exactly 45 seconds of audio (spec: learning-experience §4, §9)', async () => {
    const { r, ticks } = record();
    const recorded = vi.fn();
    r.on('recorded', recorded);
    await r.start();

    await vi.advanceTimersByTimeAsync(44_950);
    expect(r.state).toBe('recording');
    expect(lastOf(ticks)).toEqual({ elapsedMs: 44_950, remainingMs: 50 });

    await vi.advanceTimersByTimeAsync(50);
    expect(r.state).toBe('recorded');
    expect(recorded).toHaveBeenCalledTimes(1);
    expect(r.recording?.durationMs).toBe(45_000);
    expect(lastOf(ticks)).toEqual({ elapsedMs: 45_000, remainingMs: 0 });
    expect(audio.streams[0]?.tracks[0]?.readyState).toBe('ended');
  });

  it('honours a shorter maxDurationMs', async () => {
    const { r } = record({ maxDurationMs: 1000 });
    await r.start();
    await vi.advanceTimersByTimeAsync(1500);
    expect(r.state).toBe('recorded');
    expect(r.recording?.durationMs).toBe(1000);
  });

  it('revokes the object URL on reset and starts over from idle', async () => {
    const { r, states } = record();
    await r.start();
    await vi.advanceTimersByTimeAsync(500);
    await r.stop();
    const url = r.recording?.url;
    expect(url).toBeDefined();
    r.reset();
    expect(r.state).toBe('idle');
    expect(r.recording).toBeNull();
    expect(audio.revokedUrls).toEqual([url]);
    expect(lastOf(states)).toBe('idle');
  });

  it('a second start() after a recording replaces it and revokes the old URL', async () => {
    const { r } = record();
    await r.start();
    await vi.advanceTimersByTimeAsync(500);
    const first = await r.stop();
    await r.start();
    expect(r.state).toBe('recording');
    expect(r.recording).toBeNull();
    expect(audio.revokedUrls).toEqual([first?.url]);
    expect(audio.getUserMedia).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    const second = await r.stop();
    // Each recording has its own id, the idempotency key for its upload.
    expect(first?.id).toMatch(/\S{8,}/);
    expect(second?.id).toMatch(/\S{8,}/);
    expect(second?.id).not.toBe(first?.id);
  });

  it('destroy() mid-recording stops the microphone, closes the AudioContext and emits nothing more', async () => {
    const { r, states } = record();
    await r.start();
    await vi.advanceTimersByTimeAsync(300);
    r.destroy();
    expect(lastOf(states)).toBe('idle');
    const statesBefore = states.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(audio.streams[0]?.tracks[0]?.readyState).toBe('ended');
    expect(audio.contexts()[0]?.state).toBe('closed');
    expect(states.length).toBe(statesBefore);
    expect(audio.createdUrls).toEqual([]);
    await expect(r.start()).rejects.toThrow(/destroyed/);
  });

  it('destroy() after recording revokes the blob URL', async () => {
    const { r } = record();
    await r.start();
    await vi.advanceTimersByTimeAsync(400);
    const recording = await r.stop();
    r.destroy();
    expect(audio.revokedUrls).toEqual([recording?.url]);
  });

  it('keeps what was captured when the microphone goes away mid-recording', async () => {
    const { r } = record();
    await r.start();
    await vi.advanceTimersByTimeAsync(1000);
    audio.streams[0]?.tracks[0]?.simulateEnded();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.state).toBe('recorded');
    expect(r.recording?.durationMs).toBe(1000);
  });

  it('reports a failure, not an empty file, when no sound ever arrives', async () => {
    const { r, errors } = record();
    await r.start();
    audio.contexts()[0]?.stopTone();
    await vi.advanceTimersByTimeAsync(50_000); // the wall-clock guard ends the attempt
    expect(r.state).toBe('idle');
    expect(errors).toEqual([{ kind: 'failed', message: 'No sound reached the recorder.' }]);
    expect(audio.createdUrls).toEqual([]);
  });
});

describe('createRecorder: microphone problems', () => {
  it('reports permission-denied, releases the audio graph, and records on retry once allowed', async () => {
    const audio = installFakeAudio({ getUserMediaError: 'NotAllowedError' });
    const { r, states, errors } = record();
    await r.start();
    expect(states).toEqual(['requesting', 'idle']);
    expect(errors).toEqual([{ kind: 'permission-denied', message: 'Fake NotAllowedError' }]);
    expect(audio.contexts()[0]?.state).toBe('closed');

    audio.allowMicrophone();
    await r.start();
    expect(r.state).toBe('recording');
    await vi.advanceTimersByTimeAsync(1000);
    expect((await r.stop())?.durationMs).toBe(1000);
  });

  it('reports no-microphone when there is no input device', async () => {
    installFakeAudio({ getUserMediaError: 'NotFoundError' });
    const { r, errors } = record();
    await r.start();
    expect(r.state).toBe('idle');
    expect(errors.map((e) => e.kind)).toEqual(['no-microphone']);
  });

  it('reports failed when the microphone is busy', async () => {
    installFakeAudio({ getUserMediaError: 'NotReadableError' });
    const { r, errors } = record();
    await r.start();
    expect(errors.map((e) => e.kind)).toEqual(['failed']);
  });

  it('reports unsupported when the page has no microphone API (e.g. not served over https)', async () => {
    const audio = installFakeAudio({ hasMediaDevices: false });
    const { r, states, errors } = record();
    await r.start();
    expect(states).toEqual([]); // never left idle
    expect(r.state).toBe('idle');
    expect(errors.map((e) => e.kind)).toEqual(['unsupported']);
    expect(audio.contexts()).toEqual([]);
  });
});

describe('createRecorder: per-browser formats (spec: learning-experience §9)', () => {
  it('on iOS writes wav at 44100 Hz mono from a 48 kHz microphone', async () => {
    installFakeAudio({ sampleRateHz: 48000, userAgent: UA_IPHONE });
    const { r } = record();
    await r.start();
    expect(r.format?.container).toBe('wav');
    await vi.advanceTimersByTimeAsync(1000);
    const recording = await r.stop();
    expect(recording?.mimeType).toBe('audio/wav');
    expect(recording?.durationMs).toBeCloseTo(1000, 0);
    vi.useRealTimers(); // jsdom's FileReader schedules with real timers
    const bytes = await readBlobBytes(recording!.blob);
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(24, true)).toBe(44100);
    expect(view.getUint16(22, true)).toBe(1);
    const dataSamples = view.getUint32(40, true) / 2;
    expect(Math.abs(dataSamples - 44100)).toBeLessThanOrEqual(1);
    expect(bytes.length).toBe(44 + dataSamples * 2);
  });

  it('in Firefox waits 500 ms after starting before capturing', async () => {
    installFakeAudio({ userAgent: UA_FIREFOX });
    const { r } = record();
    const started = r.start();
    await vi.advanceTimersByTimeAsync(499);
    expect(r.state).toBe('requesting');
    await vi.advanceTimersByTimeAsync(1);
    await started;
    expect(r.state).toBe('recording');
    await vi.advanceTimersByTimeAsync(1000);
    const recording = await r.stop();
    // Only the audio after the wait is kept: 1000 ms, not 1500 ms.
    expect(recording?.durationMs).toBe(1000);
  });

  it('falls back to a ScriptProcessor where AudioWorklet is missing', async () => {
    const audio = installFakeAudio({ hasAudioWorklet: false });
    const { r } = record();
    await r.start();
    expect(audio.contexts()[0]?.nodes.map((n) => n.constructor.name)).toEqual(['FakeScriptProcessorNode']);
    expect(r.captureMethod).toBe('script-processor');
    await vi.advanceTimersByTimeAsync(700);
    const recording = await r.stop();
    expect(recording?.mimeType).toBe('audio/mpeg');
    expect(recording?.durationMs).toBe(700);
  });

  it('in the Samsung browser records webm with MediaRecorder, timing it by the Web Audio samples', async () => {
    installFakeAudio({ userAgent: UA_SAMSUNG, mediaRecorderMimeTypes: ['audio/webm;codecs=opus', 'audio/webm'] });
    const { r, levels } = record();
    await r.start();
    expect(r.format?.container).toBe('webm');
    await vi.advanceTimersByTimeAsync(1200);
    expect(levels.length).toBeGreaterThan(0);
    const stopped = r.stop();
    await vi.advanceTimersByTimeAsync(10);
    const recording = await stopped;
    expect(recording?.mimeType).toBe('audio/webm;codecs=opus');
    expect(recording?.extension).toBe('webm');
    expect(recording?.durationMs).toBe(1200);
    vi.useRealTimers(); // jsdom's FileReader schedules with real timers
    expect(Array.from(await readBlobBytes(recording!.blob))).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });
});
