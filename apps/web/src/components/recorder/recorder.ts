import { chooseFormat, detectCapabilities, getAudioContextConstructor, type PcmCaptureMethod, type RecordingFormat } from './format.ts';
import { Mp3Sink } from './mp3-worker-sink.ts';
import { LinearResampler, measureLevel } from './pcm.ts';
import { WavEncoder } from './wav-encoder.ts';
import captureWorkletUrl from './pcm-capture-worklet.js?url&no-inline';

// The recorder engine behind every recording screen: framework-free, one instance per panel.
// spec: learning-experience §4 Recording — idle → recording (auto-stops at 45 seconds) →
// recorded (play, retry after a confirmation, or submit). 'requesting' covers the wait for
// the microphone permission and 'stopping' the few milliseconds the encoder needs to finish.

export type RecorderState = 'idle' | 'requesting' | 'recording' | 'stopping' | 'recorded';

export type RecorderErrorKind = 'permission-denied' | 'no-microphone' | 'unsupported' | 'failed';

export interface RecorderError {
  kind: RecorderErrorKind;
  /** What went wrong, for logs; the panel shows its own plain-English guidance per kind. */
  message: string;
}

export interface Recording {
  /** Unique per recording: an idempotency key for its upload, so a retried submit is not stored twice. */
  id: string;
  blob: Blob;
  mimeType: string;
  /** File extension matching mimeType, for the upload's file name. */
  extension: string;
  /** Measured from the captured samples, not from timers. */
  durationMs: number;
  /** An object URL for playback; revoked by reset(), the next start() and destroy(). */
  url: string;
}

export interface RecorderEvents {
  state: RecorderState;
  tick: { elapsedMs: number; remainingMs: number };
  /** Input level 0–1 for a meter. */
  level: number;
  recorded: Recording;
  error: RecorderError;
}

export type RecorderListener<K extends keyof RecorderEvents> = (payload: RecorderEvents[K]) => void;

export interface RecorderOptions {
  /** spec: learning-experience §9 — recording auto-stops at 45 seconds. */
  maxDurationMs?: number;
  /** Defaults to navigator.userAgent. */
  userAgent?: string;
}

export interface Recorder {
  readonly state: RecorderState;
  readonly recording: Recording | null;
  /** The format chosen for the current or last recording. */
  readonly format: RecordingFormat | null;
  /** How samples were actually captured last time (the worklet can fall back to a ScriptProcessor); for diagnostics. */
  readonly captureMethod: PcmCaptureMethod | null;
  readonly maxDurationMs: number;
  on<K extends keyof RecorderEvents>(event: K, listener: RecorderListener<K>): () => void;
  off<K extends keyof RecorderEvents>(event: K, listener: RecorderListener<K>): void;
  /** Asks for the microphone and starts recording. Failures arrive as an 'error' event and leave the recorder idle. */
  start(): Promise<void>;
  /** Stops and encodes; resolves with the recording, or null when nothing was being recorded. */
  stop(): Promise<Recording | null>;
  /** Drops the recording (revoking its URL) or cancels a recording in progress; back to idle. */
  reset(): void;
  /** Releases everything: microphone tracks, the AudioContext, object URLs, listeners. */
  destroy(): void;
}

export const DEFAULT_MAX_DURATION_MS = 45_000;
/** Extra wall-clock time after which a stalled audio pipeline is stopped anyway. */
const WALL_CLOCK_GRACE_MS = 1_500;
/** How long stop() waits for the worklet to hand over its last buffered samples. */
const FLUSH_TIMEOUT_MS = 250;
/** How long stop() waits for MediaRecorder's final data. */
const MEDIA_RECORDER_STOP_TIMEOUT_MS = 2_000;
const SCRIPT_PROCESSOR_FRAMES = 4096;
const WORKLET_PROCESSOR_NAME = 'clearspeak-pcm-capture';

interface PcmSink {
  readonly sampleCount: number;
  readonly sampleRateHz: number;
  push(samples: Float32Array): void;
  finish(): Blob | Promise<Blob>;
  dispose?(): void;
}

/** Everything one start() acquires; torn down as a unit. */
interface Session {
  readonly id: number;
  readonly format: RecordingFormat;
  context: AudioContext | null;
  stream: MediaStream | null;
  source: MediaStreamAudioSourceNode | null;
  captureNode: AudioWorkletNode | ScriptProcessorNode | null;
  mediaRecorder: MediaRecorder | null;
  mediaRecorderChunks: Blob[];
  resampler: LinearResampler | null;
  sink: PcmSink | null;
  isCapturing: boolean;
  inputSamples: number;
  maxInputSamples: number;
  startedAtMs: number;
  timers: ReturnType<typeof setTimeout>[];
  intervals: ReturnType<typeof setInterval>[];
  pendingFlush: (() => void) | null;
}

export function classifyMediaError(error: unknown): RecorderError {
  // getUserMedia rejects with DOMExceptions, which are Errors in some browsers and not in others.
  const fields = typeof error === 'object' && error !== null ? (error as { name?: unknown; message?: unknown }) : {};
  const name = typeof fields.name === 'string' ? fields.name : '';
  const message = typeof fields.message === 'string' ? fields.message : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return { kind: 'permission-denied', message: message || 'Microphone permission was denied.' };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return { kind: 'no-microphone', message: message || 'No microphone was found.' };
    default:
      return { kind: 'failed', message: message || 'The microphone could not be started.' };
  }
}

function createRecordingId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; the microphone does too, so this is only a safety net.
  return `rec-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function nowMs(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

export function createRecorder(options: RecorderOptions = {}): Recorder {
  const maxDurationMs = options.maxDurationMs ?? DEFAULT_MAX_DURATION_MS;
  if (!(maxDurationMs > 0)) throw new RangeError('maxDurationMs must be positive');

  const listeners = new Map<keyof RecorderEvents, Set<(payload: never) => void>>();
  let state: RecorderState = 'idle';
  let recording: Recording | null = null;
  let lastFormat: RecordingFormat | null = null;
  let lastCaptureMethod: PcmCaptureMethod | null = null;
  let session: Session | null = null;
  let sessionCounter = 0;
  let stopping: Promise<Recording | null> | null = null;
  let isDestroyed = false;

  function emit<K extends keyof RecorderEvents>(event: K, payload: RecorderEvents[K]): void {
    const set = listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) (listener as RecorderListener<K>)(payload);
  }

  function setState(next: RecorderState): void {
    if (state === next) return;
    state = next;
    emit('state', next);
  }

  function dropRecording(): void {
    if (recording) URL.revokeObjectURL(recording.url);
    recording = null;
  }

  function teardown(s: Session): void {
    s.isCapturing = false;
    for (const t of s.timers) clearTimeout(t);
    for (const t of s.intervals) clearInterval(t);
    s.timers = [];
    s.intervals = [];
    s.pendingFlush?.();
    s.pendingFlush = null;
    if (s.mediaRecorder && s.mediaRecorder.state !== 'inactive') {
      s.mediaRecorder.ondataavailable = null;
      s.mediaRecorder.onstop = null;
      s.mediaRecorder.stop();
    }
    if (s.captureNode) {
      if ('port' in s.captureNode) {
        s.captureNode.port.onmessage = null;
        s.captureNode.port.close();
      } else {
        s.captureNode.onaudioprocess = null;
      }
      s.captureNode.disconnect();
    }
    s.source?.disconnect();
    // Stopping the tracks is what turns the browser's "microphone in use" indicator off.
    for (const track of s.stream?.getTracks() ?? []) {
      track.onended = null;
      track.stop();
    }
    if (s.context && s.context.state !== 'closed') {
      void s.context.close().catch(() => undefined);
    }
    // After finish() this is a no-op; on reset() it stops an encoding worker mid-recording.
    s.sink?.dispose?.();
    s.captureNode = null;
    s.source = null;
    s.stream = null;
    s.context = null;
    s.mediaRecorder = null;
    if (session === s) session = null;
  }

  function fail(s: Session | null, error: RecorderError): void {
    if (s) teardown(s);
    setState('idle');
    emit('error', error);
  }

  function elapsedMsOf(s: Session): number {
    if (s.context && s.captureNode) return (s.inputSamples / s.context.sampleRate) * 1000;
    return Math.max(0, nowMs() - s.startedAtMs);
  }

  function handleSamples(s: Session, chunk: Float32Array): void {
    if (!s.isCapturing || session !== s || s.inputSamples >= s.maxInputSamples) return;
    const room = s.maxInputSamples - s.inputSamples;
    const samples = chunk.length > room ? chunk.subarray(0, room) : chunk;
    s.inputSamples += samples.length;
    if (s.sink && s.resampler) s.sink.push(s.resampler.push(samples));
    const elapsedMs = elapsedMsOf(s);
    emit('level', measureLevel(samples));
    emit('tick', { elapsedMs, remainingMs: Math.max(0, maxDurationMs - elapsedMs) });
    // spec: learning-experience §4 — recording auto-stops at 45 seconds.
    if (s.inputSamples >= s.maxInputSamples && state === 'recording') void stop();
  }

  async function connectCapture(s: Session, context: AudioContext, stream: MediaStream): Promise<void> {
    const source = context.createMediaStreamSource(stream);
    s.source = source;
    let node: AudioWorkletNode | ScriptProcessorNode | null = null;
    if (s.format.capture === 'audio-worklet') {
      try {
        await context.audioWorklet.addModule(captureWorkletUrl);
        const workletNode = new AudioWorkletNode(context, WORKLET_PROCESSOR_NAME, {
          numberOfInputs: 1,
          numberOfOutputs: 1,
          outputChannelCount: [1],
        });
        workletNode.port.onmessage = (event: MessageEvent<Float32Array | string>) => {
          if (event.data === 'flushed') {
            s.pendingFlush?.();
            return;
          }
          if (event.data instanceof Float32Array) handleSamples(s, event.data);
        };
        node = workletNode;
      } catch {
        // Some embedded browsers expose audioWorklet but refuse modules; the old node still works.
        node = null;
      }
    }
    if (!node) {
      const processor = context.createScriptProcessor(SCRIPT_PROCESSOR_FRAMES, 1, 1);
      processor.onaudioprocess = (event: AudioProcessingEvent) => {
        handleSamples(s, new Float32Array(event.inputBuffer.getChannelData(0)));
      };
      node = processor;
    }
    s.captureNode = node;
    lastCaptureMethod = 'port' in node ? 'audio-worklet' : 'script-processor';
    source.connect(node);
    // The node writes silence; connecting it to the output keeps every browser pulling audio through it.
    node.connect(context.destination);
  }

  function startMediaRecorder(s: Session, stream: MediaStream): void {
    const mediaRecorder = new MediaRecorder(stream, { mimeType: s.format.mimeType });
    mediaRecorder.ondataavailable = (event: BlobEvent) => {
      if (event.data.size > 0) s.mediaRecorderChunks.push(event.data);
    };
    s.mediaRecorder = mediaRecorder;
    mediaRecorder.start(1000);
  }

  function wait(s: Session, ms: number): Promise<void> {
    return new Promise((resolve) => {
      s.timers.push(setTimeout(resolve, ms));
    });
  }

  async function start(): Promise<void> {
    if (isDestroyed) throw new Error('This recorder was destroyed');
    if (state === 'requesting' || state === 'recording' || state === 'stopping') return;
    if (state === 'recorded') {
      dropRecording();
      setState('idle');
    }

    const userAgent = options.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
    const decision = chooseFormat(userAgent, detectCapabilities());
    if (!decision.isSupported) {
      fail(null, { kind: 'unsupported', message: decision.reason });
      return;
    }
    const format = decision.format;
    lastFormat = format;
    const s: Session = {
      id: ++sessionCounter,
      format,
      context: null,
      stream: null,
      source: null,
      captureNode: null,
      mediaRecorder: null,
      mediaRecorderChunks: [],
      resampler: null,
      sink: null,
      isCapturing: false,
      inputSamples: 0,
      maxInputSamples: Number.POSITIVE_INFINITY,
      startedAtMs: 0,
      timers: [],
      intervals: [],
      pendingFlush: null,
    };
    session = s;
    setState('requesting');

    // The AudioContext is created before the permission prompt, while we are still inside the
    // tap's user gesture: iOS Safari keeps a context created later suspended.
    if (format.capture) {
      const AudioContextCtor = getAudioContextConstructor();
      try {
        s.context = AudioContextCtor ? new AudioContextCtor() : null;
        void s.context?.resume().catch(() => undefined);
      } catch (error) {
        fail(s, { kind: 'failed', message: `Audio processing could not start: ${String(error)}` });
        return;
      }
    }

    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: { ideal: 1 } }, video: false });
    } catch (error) {
      if (session === s) fail(s, classifyMediaError(error));
      return;
    }
    if (session !== s) {
      // reset() or destroy() ran while the permission prompt was open.
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    s.stream = stream;
    if (stream.getAudioTracks().length === 0) {
      fail(s, { kind: 'no-microphone', message: 'The microphone stream has no audio track.' });
      return;
    }
    for (const track of stream.getAudioTracks()) {
      // Unplugged headset or permission revoked mid-recording: keep what was captured.
      track.onended = () => {
        if (session === s && state === 'recording') void stop();
      };
    }

    try {
      if (s.context) {
        await connectCapture(s, s.context, stream);
        if (session !== s) return;
        if (format.container !== 'webm') {
          const outputRateHz = format.sampleRateHz;
          s.resampler = new LinearResampler(s.context.sampleRate, outputRateHz);
          s.sink = format.container === 'mp3'
            ? new Mp3Sink(outputRateHz, format.bitrateKbps ?? 128)
            : new WavEncoder(outputRateHz);
        }
        s.maxInputSamples = Math.round((maxDurationMs * s.context.sampleRate) / 1000);
        // Not awaited: a context the browser keeps suspended never resolves; the wall-clock
        // guard below then ends the attempt with a 'failed' error instead of hanging.
        void s.context.resume().catch(() => undefined);
      }
      // spec: learning-experience §9 — Firefox waits 500 ms after starting before capturing.
      if (format.captureDelayMs > 0) {
        await wait(s, format.captureDelayMs);
        if (session !== s) return;
      }
      if (format.container === 'webm') startMediaRecorder(s, stream);
    } catch (error) {
      if (session === s) fail(s, { kind: 'failed', message: `Recording could not start: ${String(error)}` });
      return;
    }

    s.startedAtMs = nowMs();
    s.isCapturing = true;
    setState('recording');
    emit('tick', { elapsedMs: 0, remainingMs: maxDurationMs });
    if (!s.captureNode) {
      // No sample clock to follow (MediaRecorder without Web Audio): time the limit by the clock.
      s.intervals.push(
        setInterval(() => {
          const elapsedMs = elapsedMsOf(s);
          emit('tick', { elapsedMs, remainingMs: Math.max(0, maxDurationMs - elapsedMs) });
        }, 250),
      );
      s.timers.push(setTimeout(() => void stop(), maxDurationMs));
    } else {
      s.timers.push(setTimeout(() => void stop(), maxDurationMs + WALL_CLOCK_GRACE_MS));
    }
  }

  async function finishSession(s: Session): Promise<Recording | null> {
    // Hand over the samples the worklet still buffers before closing the tap.
    if (s.captureNode && 'port' in s.captureNode) {
      const port = s.captureNode.port;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
        s.pendingFlush = () => {
          clearTimeout(timer);
          s.pendingFlush = null;
          resolve();
        };
        port.postMessage('flush');
      });
    }
    s.isCapturing = false;

    let blob: Blob;
    let durationMs: number;
    if (s.format.container === 'webm') {
      const mediaRecorder = s.mediaRecorder;
      if (mediaRecorder && mediaRecorder.state !== 'inactive') {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, MEDIA_RECORDER_STOP_TIMEOUT_MS);
          mediaRecorder.addEventListener('stop', () => {
            clearTimeout(timer);
            resolve();
          });
          mediaRecorder.stop();
        });
      }
      blob = new Blob(s.mediaRecorderChunks, { type: mediaRecorder?.mimeType || s.format.mimeType });
      durationMs = elapsedMsOf(s);
    } else {
      const sink = s.sink;
      if (!sink) {
        teardown(s);
        return null;
      }
      blob = await sink.finish();
      durationMs = (sink.sampleCount / sink.sampleRateHz) * 1000;
    }
    teardown(s);
    if (durationMs <= 0 || blob.size === 0) {
      throw new Error('No sound reached the recorder.');
    }
    return {
      id: createRecordingId(),
      blob,
      mimeType: blob.type || s.format.mimeType,
      extension: s.format.extension,
      durationMs,
      url: URL.createObjectURL(blob),
    };
  }

  function stop(): Promise<Recording | null> {
    if (stopping) return stopping;
    const s = session;
    if (state === 'requesting' && s) {
      teardown(s);
      setState('idle');
      return Promise.resolve(null);
    }
    if (state !== 'recording' || !s) return Promise.resolve(recording);
    setState('stopping');
    const promise: Promise<Recording | null> = finishSession(s)
      .then((result) => {
        if (!result) {
          setState('idle');
          return null;
        }
        if (isDestroyed || sessionCounter !== s.id) {
          URL.revokeObjectURL(result.url);
          return null;
        }
        recording = result;
        emit('recorded', result);
        setState('recorded');
        return result;
      })
      .catch((error: unknown) => {
        if (sessionCounter === s.id && !isDestroyed) {
          fail(s, { kind: 'failed', message: error instanceof Error ? error.message : String(error) });
        } else {
          teardown(s);
        }
        return null;
      })
      .finally(() => {
        if (stopping === promise) stopping = null;
      });
    stopping = promise;
    return promise;
  }

  function reset(): void {
    sessionCounter++;
    // A stop still finishing belongs to the discarded session; the next recording gets its own.
    stopping = null;
    if (session) teardown(session);
    dropRecording();
    setState('idle');
  }

  return {
    get state() {
      return state;
    },
    get recording() {
      return recording;
    },
    get format() {
      return lastFormat;
    },
    get captureMethod() {
      return lastCaptureMethod;
    },
    maxDurationMs,
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as (payload: never) => void);
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as (payload: never) => void);
    },
    start,
    stop,
    reset,
    destroy() {
      if (isDestroyed) return;
      reset();
      isDestroyed = true;
      listeners.clear();
    },
  };
}
