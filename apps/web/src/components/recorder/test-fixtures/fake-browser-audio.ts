// Fakes of the browser's microphone and Web Audio APIs for jsdom, which has none of them.
// Only browser APIs are faked here (the edge of our process); the recorder engine, encoders
// and panel under test are the real modules. Audio is a sine tone delivered in real-time
// sized chunks on setInterval, so fake timers drive it exactly like a clock would.

import { vi } from 'vitest';

export interface FakeAudioOptions {
  sampleRateHz?: number;
  /** Amplitude of the 440 Hz tone the fake microphone hears (0 = silence). */
  amplitude?: number;
  hasAudioWorklet?: boolean;
  /** MIME types the fake MediaRecorder supports; leave undefined for no MediaRecorder at all. */
  mediaRecorderMimeTypes?: string[];
  /** How getUserMedia answers; an Error name such as 'NotAllowedError' makes it reject. */
  getUserMediaError?: string | null;
  hasMediaDevices?: boolean;
  userAgent?: string;
}

const CHUNK_MS = 50;

export class FakeMediaStreamTrack {
  readonly kind = 'audio';
  readyState: 'live' | 'ended' = 'live';
  onended: (() => void) | null = null;
  stop(): void {
    this.readyState = 'ended';
  }
  /** What the browser does when the device goes away. */
  simulateEnded(): void {
    this.readyState = 'ended';
    this.onended?.();
  }
}

export class FakeMediaStream {
  readonly tracks = [new FakeMediaStreamTrack()];
  getTracks(): FakeMediaStreamTrack[] {
    return this.tracks;
  }
  getAudioTracks(): FakeMediaStreamTrack[] {
    return this.tracks;
  }
}

type Deliver = (chunk: Float32Array) => void;

class FakeAudioNode {
  readonly connections: unknown[] = [];
  constructor(readonly context: FakeAudioContext) {}
  connect(target: unknown): unknown {
    this.connections.push(target);
    return target;
  }
  disconnect(): void {
    this.connections.length = 0;
  }
}

class FakeMediaStreamSource extends FakeAudioNode {
  constructor(
    context: FakeAudioContext,
    readonly stream: FakeMediaStream,
  ) {
    super(context);
  }
  override connect(target: unknown): unknown {
    super.connect(target);
    if (target instanceof FakeAudioWorkletNode) this.context.startTone((chunk) => target.receive(chunk));
    if (target instanceof FakeScriptProcessorNode) this.context.startTone((chunk) => target.receive(chunk));
    return target;
  }
  override disconnect(): void {
    super.disconnect();
    this.context.stopTone();
  }
}

class FakeMessagePort {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  isClosed = false;
  constructor(private readonly owner: FakeAudioWorkletNode) {}
  postMessage(message: unknown): void {
    if (message === 'flush') {
      // The real worklet answers on the next turn of the event loop.
      queueMicrotask(() => this.onmessage?.({ data: 'flushed' }));
    }
    this.owner.messagesFromMainThread.push(message);
  }
  close(): void {
    this.isClosed = true;
  }
}

export class FakeAudioWorkletNode extends FakeAudioNode {
  readonly port = new FakeMessagePort(this);
  readonly messagesFromMainThread: unknown[] = [];
  constructor(
    context: FakeAudioContext,
    readonly processorName: string,
    readonly options?: unknown,
  ) {
    super(context);
    if (!context.loadedModules.length) throw new DOMException('No module loaded', 'InvalidStateError');
    context.nodes.push(this);
  }
  receive(chunk: Float32Array): void {
    this.port.onmessage?.({ data: chunk });
  }
}

export class FakeScriptProcessorNode extends FakeAudioNode {
  onaudioprocess: ((event: { inputBuffer: { getChannelData(channel: number): Float32Array } }) => void) | null = null;
  constructor(
    context: FakeAudioContext,
    readonly bufferSize: number,
  ) {
    super(context);
    context.nodes.push(this);
  }
  receive(chunk: Float32Array): void {
    this.onaudioprocess?.({ inputBuffer: { getChannelData: () => chunk } });
  }
}

export class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  static sampleRateHz = 44100;
  static amplitude = 0.3;
  readonly sampleRate = FakeAudioContext.sampleRateHz;
  state: 'suspended' | 'running' | 'closed' = 'running';
  readonly destination = { kind: 'destination' };
  readonly loadedModules: string[] = [];
  readonly nodes: FakeAudioNode[] = [];
  private toneTimer: ReturnType<typeof setInterval> | null = null;
  private phase = 0;

  constructor() {
    FakeAudioContext.instances.push(this);
  }

  get audioWorklet() {
    return {
      addModule: async (url: string) => {
        this.loadedModules.push(url);
      },
    };
  }

  resume(): Promise<void> {
    if (this.state !== 'closed') this.state = 'running';
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.state = 'closed';
    this.stopTone();
    return Promise.resolve();
  }

  createMediaStreamSource(stream: FakeMediaStream): FakeMediaStreamSource {
    return new FakeMediaStreamSource(this, stream);
  }

  createScriptProcessor(bufferSize: number): FakeScriptProcessorNode {
    return new FakeScriptProcessorNode(this, bufferSize);
  }

  startTone(deliver: Deliver): void {
    this.stopTone();
    const frames = Math.round((this.sampleRate * CHUNK_MS) / 1000);
    this.toneTimer = setInterval(() => {
      if (this.state !== 'running') return;
      const chunk = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        chunk[i] = FakeAudioContext.amplitude * Math.sin(this.phase);
        this.phase += (2 * Math.PI * 440) / this.sampleRate;
      }
      deliver(chunk);
    }, CHUNK_MS);
  }

  stopTone(): void {
    if (this.toneTimer !== null) clearInterval(this.toneTimer);
    this.toneTimer = null;
  }

  get isToneRunning(): boolean {
    return this.toneTimer !== null;
  }
}

export class FakeMediaRecorder extends EventTarget {
  static supportedMimeTypes: string[] = [];
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported(mimeType: string): boolean {
    return FakeMediaRecorder.supportedMimeTypes.includes(mimeType);
  }
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  readonly mimeType: string;
  constructor(
    readonly stream: FakeMediaStream,
    options: { mimeType: string },
  ) {
    super();
    this.mimeType = options.mimeType;
    FakeMediaRecorder.instances.push(this);
  }
  start(): void {
    this.state = 'recording';
  }
  stop(): void {
    this.state = 'inactive';
    setTimeout(() => {
      this.ondataavailable?.({ data: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: this.mimeType }) });
      this.onstop?.();
      this.dispatchEvent(new Event('stop'));
    }, 0);
  }
}

export interface FakeAudioHandle {
  getUserMedia: ReturnType<typeof vi.fn>;
  streams: FakeMediaStream[];
  createdUrls: string[];
  revokedUrls: string[];
  /** Makes the next getUserMedia calls succeed (after a failure, for retry tests). */
  allowMicrophone(): void;
  contexts(): FakeAudioContext[];
}

export function installFakeAudio(options: FakeAudioOptions = {}): FakeAudioHandle {
  FakeAudioContext.instances = [];
  FakeAudioContext.sampleRateHz = options.sampleRateHz ?? 44100;
  FakeAudioContext.amplitude = options.amplitude ?? 0.3;
  FakeMediaRecorder.instances = [];
  FakeMediaRecorder.supportedMimeTypes = options.mediaRecorderMimeTypes ?? [];

  const streams: FakeMediaStream[] = [];
  let errorName = options.getUserMediaError ?? null;
  const getUserMedia = vi.fn(async () => {
    if (errorName) throw new DOMException(`Fake ${errorName}`, errorName);
    const stream = new FakeMediaStream();
    streams.push(stream);
    return stream;
  });

  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('AudioWorkletNode', options.hasAudioWorklet === false ? undefined : FakeAudioWorkletNode);
  vi.stubGlobal('MediaRecorder', options.mediaRecorderMimeTypes ? FakeMediaRecorder : undefined);
  const mediaDevices = options.hasMediaDevices === false ? undefined : { getUserMedia };
  Object.defineProperty(window.navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
  Object.defineProperty(window.navigator, 'userAgent', {
    value:
      options.userAgent ??
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    configurable: true,
  });

  const createdUrls: string[] = [];
  const revokedUrls: string[] = [];
  let urlCounter = 0;
  // jsdom has no object URLs at all.
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: () => {
      const url = `blob:fake/${++urlCounter}`;
      createdUrls.push(url);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    writable: true,
    value: (url: string) => {
      revokedUrls.push(url);
    },
  });

  return {
    getUserMedia,
    streams,
    createdUrls,
    revokedUrls,
    allowMicrophone() {
      errorName = null;
    },
    contexts: () => FakeAudioContext.instances,
  };
}

/** Reads a Blob in jsdom, whose Blob has no arrayBuffer(). */
export function readBlobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Removes what installFakeAudio put on navigator and URL (vi.unstubAllGlobals() handles the rest). */
export function uninstallFakeAudio(): void {
  Reflect.deleteProperty(window.navigator, 'mediaDevices');
  Reflect.deleteProperty(window.navigator, 'userAgent');
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  vi.unstubAllGlobals();
}
