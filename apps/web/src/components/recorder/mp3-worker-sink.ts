import { Mp3Encoder } from './mp3-encoder.ts';
import { floatToInt16 } from './pcm.ts';

// spec: learning-experience §9 — mp3 at 128 kbps. The encoding runs in a Web Worker; the
// samples are also kept here (at most 45 s × 44.1 kHz × 2 bytes ≈ 4 MB) so that if the worker
// cannot load or dies, stop() still encodes them on the main thread: nothing is lost.

export type Mp3WorkerRequest =
  | { type: 'init'; sampleRateHz: number; bitrateKbps: number }
  | { type: 'push'; samples: ArrayBuffer }
  | { type: 'finish' };

export type Mp3WorkerResponse = { type: 'done'; blob: Blob } | { type: 'error'; message: string };

/** How long stop() waits for the worker before encoding the kept samples itself. */
const WORKER_FINISH_TIMEOUT_MS = 5_000;


function createWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    // Vite recognises this exact form and bundles the worker with its imports.
    return new Worker(new URL('./mp3-encoder.worker.ts', import.meta.url), { type: 'module', name: 'mp3-encoder' });
  } catch {
    return null;
  }
}

export class Mp3Sink {
  private worker: Worker | null;
  /** Where there are no workers (old browsers, jsdom) the encoding runs here, chunk by chunk. */
  private readonly inline: Mp3Encoder | null;
  private isWorkerBroken = false;
  private readonly kept: Int16Array<ArrayBuffer>[] = [];
  private samples = 0;
  private pendingFinish: { resolve: (blob: Blob) => void; reject: (error: Error) => void } | null = null;

  constructor(
    readonly sampleRateHz: number,
    readonly bitrateKbps: number,
  ) {
    this.worker = createWorker();
    this.inline = this.worker ? null : new Mp3Encoder(sampleRateHz, bitrateKbps);
    if (this.worker) {
      this.worker.onmessage = (event: MessageEvent<Mp3WorkerResponse>) => {
        const message = event.data;
        if (message.type === 'done') this.pendingFinish?.resolve(message.blob);
        else this.pendingFinish?.reject(new Error(message.message));
        if (message.type === 'error') this.isWorkerBroken = true;
      };
      this.worker.onerror = (event) => {
        event.preventDefault();
        this.isWorkerBroken = true;
        this.pendingFinish?.reject(new Error(event.message || 'mp3 worker failed'));
      };
      this.post({ type: 'init', sampleRateHz, bitrateKbps });
    }
  }

  /** True while the encoding happens in the worker (false in browsers or tests without workers). */
  get isUsingWorker(): boolean {
    return this.worker !== null && !this.isWorkerBroken;
  }

  get sampleCount(): number {
    return this.samples;
  }

  private post(message: Mp3WorkerRequest, transfer: Transferable[] = []): void {
    this.worker?.postMessage(message, transfer);
  }

  push(samples: Float32Array): void {
    if (samples.length === 0) return;
    this.samples += samples.length;
    if (this.inline) {
      this.inline.push(samples);
      return;
    }
    this.kept.push(floatToInt16(samples));
    if (this.isUsingWorker) {
      const copy = new Float32Array(samples);
      this.post({ type: 'push', samples: copy.buffer }, [copy.buffer]);
    }
  }

  private encodeHere(): Blob {
    const encoder = new Mp3Encoder(this.sampleRateHz, this.bitrateKbps);
    for (const chunk of this.kept) {
      const floats = new Float32Array(chunk.length);
      for (let i = 0; i < chunk.length; i++) floats[i] = (chunk[i] ?? 0) / 0x8000;
      encoder.push(floats);
    }
    return encoder.finish();
  }

  async finish(): Promise<Blob> {
    if (this.inline) return this.inline.finish();
    if (!this.isUsingWorker) {
      this.dispose();
      return this.encodeHere();
    }
    try {
      const blob = await new Promise<Blob>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('mp3 worker timed out')), WORKER_FINISH_TIMEOUT_MS);
        this.pendingFinish = {
          resolve: (b) => {
            clearTimeout(timer);
            resolve(b);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        };
        this.post({ type: 'finish' });
      });
      this.dispose();
      return blob;
    } catch {
      this.dispose();
      return this.encodeHere();
    }
  }

  dispose(): void {
    this.pendingFinish = null;
    this.worker?.terminate();
    this.worker = null;
  }
}
