import { floatToInt16 } from './pcm.ts';

// spec: learning-experience §9 — on iOS the recording is wav at 44100 Hz mono (16-bit PCM).

export const WAV_HEADER_BYTES = 44;

export interface WavHeaderOptions {
  sampleRateHz: number;
  channelCount: number;
  bitsPerSample: number;
  dataBytes: number;
}

/** The canonical 44-byte RIFF/WAVE header for uncompressed PCM. */
export function createWavHeader({ sampleRateHz, channelCount, bitsPerSample, dataBytes }: WavHeaderOptions): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(header.buffer);
  const blockAlign = (channelCount * bitsPerSample) / 8;
  const writeAscii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  writeAscii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(8, 'WAVE');
  writeAscii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // audio format 1 = PCM
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRateHz, true);
  view.setUint32(28, sampleRateHz * blockAlign, true); // byte rate
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bitsPerSample, true);
  writeAscii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return header;
}

/** Collects mono float chunks and produces a 16-bit PCM WAV file at the end. */
export class WavEncoder {
  readonly mimeType = 'audio/wav';
  private readonly chunks: Int16Array<ArrayBuffer>[] = [];
  private samples = 0;

  constructor(readonly sampleRateHz: number) {}

  get sampleCount(): number {
    return this.samples;
  }

  push(samples: Float32Array): void {
    if (samples.length === 0) return;
    this.chunks.push(floatToInt16(samples));
    this.samples += samples.length;
  }

  finish(): Blob {
    const header = createWavHeader({ sampleRateHz: this.sampleRateHz, channelCount: 1, bitsPerSample: 16, dataBytes: this.samples * 2 });
    // Int16Array is in platform byte order; every browser we support is little-endian, as WAV is.
    return new Blob([header, ...this.chunks], { type: this.mimeType });
  }
}
