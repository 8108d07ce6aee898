import { Mp3Encoder as LameEncoder } from '@breezystack/lamejs';
import { floatToInt16 } from './pcm.ts';

// spec: learning-experience §9 — audio is encoded as mp3 at 128 kbps. Encoding runs chunk by
// chunk while the learner speaks, so stopping does not wait for 45 s of audio to encode.

function toBytes(data: ArrayLike<number> & { buffer: ArrayBufferLike; byteOffset: number; byteLength: number }): Uint8Array<ArrayBuffer> {
  // lamejs hands back an Int8Array view over its own buffer; copy the bytes so later calls cannot overwrite them.
  const copy = new Uint8Array(data.byteLength);
  copy.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  return copy;
}

export class Mp3Encoder {
  readonly mimeType = 'audio/mpeg';
  private readonly encoder: LameEncoder;
  private readonly chunks: Uint8Array<ArrayBuffer>[] = [];
  private samples = 0;

  constructor(
    readonly sampleRateHz: number,
    readonly bitrateKbps: number,
  ) {
    this.encoder = new LameEncoder(1, sampleRateHz, bitrateKbps);
  }

  get sampleCount(): number {
    return this.samples;
  }

  push(samples: Float32Array): void {
    if (samples.length === 0) return;
    this.samples += samples.length;
    const encoded = this.encoder.encodeBuffer(floatToInt16(samples));
    if (encoded.length > 0) this.chunks.push(toBytes(encoded));
  }

  finish(): Blob {
    const tail = this.encoder.flush();
    if (tail.length > 0) this.chunks.push(toBytes(tail));
    return new Blob(this.chunks, { type: this.mimeType });
  }
}
