import { describe, expect, it } from 'vitest';
import { Mp3Encoder } from './mp3-encoder.ts';
import { floatToInt16, LinearResampler, measureLevel } from './pcm.ts';
import { readBlobBytes } from './test-fixtures/fake-browser-audio.ts';
import { createWavHeader, WavEncoder, WAV_HEADER_BYTES } from './wav-encoder.ts';

function sine(frequencyHz: number, sampleRateHz: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(sampleRateHz * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * frequencyHz * i) / sampleRateHz);
  return out;
}

const bytesOf = readBlobBytes;

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

// MPEG-1 Layer III tables (ISO/IEC 11172-3).
const MPEG1_L3_BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG1_SAMPLE_RATES_HZ = [44100, 48000, 32000];

interface FrameHeader {
  version: number;
  layer: number;
  bitrateKbps: number | undefined;
  sampleRateHz: number | undefined;
  isPadded: boolean;
  channelMode: number;
  frameBytes: number;
}

function parseFrameHeader(bytes: Uint8Array, offset: number): FrameHeader | null {
  const b0 = bytes[offset];
  const b1 = bytes[offset + 1];
  const b2 = bytes[offset + 2];
  const b3 = bytes[offset + 3];
  if (b0 === undefined || b1 === undefined || b2 === undefined || b3 === undefined) return null;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const bitrateKbps = MPEG1_L3_BITRATES_KBPS[b2 >> 4];
  const sampleRateHz = MPEG1_SAMPLE_RATES_HZ[(b2 >> 2) & 0x3];
  const isPadded = ((b2 >> 1) & 1) === 1;
  const frameBytes = bitrateKbps && sampleRateHz ? Math.floor((144 * bitrateKbps * 1000) / sampleRateHz) + (isPadded ? 1 : 0) : 0;
  return { version: (b1 >> 3) & 0x3, layer: (b1 >> 1) & 0x3, bitrateKbps, sampleRateHz, isPadded, channelMode: b3 >> 6, frameBytes };
}

describe('Mp3Encoder (spec: learning-experience §9 — mp3 at 128 kbps)', () => {
  it('encodes a sine wave into consecutive MPEG-1 Layer III frames at 128 kbps, 44.1 kHz, mono', async () => {
    const encoder = new Mp3Encoder(44100, 128);
    const signal = sine(440, 44100, 1);
    // Pushed in uneven chunks, as the audio thread delivers them.
    for (let offset = 0; offset < signal.length; offset += 2048) encoder.push(signal.subarray(offset, offset + 2048));
    expect(encoder.sampleCount).toBe(44100);
    const blob = encoder.finish();
    expect(blob.type).toBe('audio/mpeg');
    const bytes = await bytesOf(blob);

    const first = parseFrameHeader(bytes, 0);
    expect(first).toMatchObject({ version: 0b11, layer: 0b01, bitrateKbps: 128, sampleRateHz: 44100, channelMode: 0b11 });

    // Walk the whole stream frame by frame: every frame is a valid header and they tile the file.
    let offset = 0;
    let frames = 0;
    while (offset < bytes.length) {
      const header = parseFrameHeader(bytes, offset);
      expect(header, `frame header at byte ${offset}`).not.toBeNull();
      expect(header?.bitrateKbps).toBe(128);
      offset += header?.frameBytes ?? bytes.length;
      frames++;
    }
    expect(offset).toBe(bytes.length);
    // 1152 samples per frame: one second needs at least 39 frames (plus encoder delay).
    expect(frames * 1152).toBeGreaterThanOrEqual(44100);
    expect(frames).toBeLessThan(45);
  });

  it('produces a file whose size matches 128 kbps', async () => {
    const encoder = new Mp3Encoder(44100, 128);
    encoder.push(sine(220, 44100, 3));
    const bytes = await bytesOf(encoder.finish());
    const kbps = (bytes.length * 8) / 3 / 1000;
    expect(kbps).toBeGreaterThan(120);
    expect(kbps).toBeLessThan(140);
  });
});

describe('WavEncoder (spec: learning-experience §9 — iOS records wav at 44100 Hz mono)', () => {
  it('writes the 44-byte RIFF header for 44100 Hz mono 16-bit PCM and the samples after it', async () => {
    const encoder = new WavEncoder(44100);
    encoder.push(new Float32Array([0, 0.5, -0.5, 1, -1]));
    encoder.push(new Float32Array([2, -2])); // overdriven input is clamped
    const blob = encoder.finish();
    expect(blob.type).toBe('audio/wav');
    const bytes = await bytesOf(blob);
    expect(bytes.length).toBe(WAV_HEADER_BYTES + 7 * 2);
    const view = new DataView(bytes.buffer);

    expect(ascii(bytes, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(ascii(bytes, 8, 4)).toBe('WAVE');
    expect(ascii(bytes, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(44100);
    expect(view.getUint32(28, true)).toBe(44100 * 2); // byte rate
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16); // bits per sample
    expect(ascii(bytes, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(14);

    const samples = Array.from({ length: 7 }, (_, i) => view.getInt16(WAV_HEADER_BYTES + i * 2, true));
    expect(samples).toEqual([0, 16384, -16384, 32767, -32768, 32767, -32768]);
  });

  it('sizes the header for the data it describes', () => {
    const header = createWavHeader({ sampleRateHz: 44100, channelCount: 1, bitsPerSample: 16, dataBytes: 45 * 44100 * 2 });
    const view = new DataView(header.buffer);
    expect(header.length).toBe(44);
    expect(view.getUint32(40, true)).toBe(3_969_000);
    expect(view.getUint32(4, true)).toBe(3_969_036);
  });
});

describe('PCM helpers', () => {
  it('converts floats to 16-bit with clamping', () => {
    expect(Array.from(floatToInt16(new Float32Array([0, 1, -1, 0.25, 3])))).toEqual([0, 32767, -32768, 8192, 32767]);
  });

  it('resamples 48 kHz to 44.1 kHz in chunks, keeping length and pitch', () => {
    const input = sine(440, 48000, 1);
    const resampler = new LinearResampler(48000, 44100);
    const parts: Float32Array[] = [];
    for (let offset = 0; offset < input.length; offset += 1000) parts.push(resampler.push(input.subarray(offset, offset + 1000)));
    const total = parts.reduce((sum, p) => sum + p.length, 0);
    expect(Math.abs(total - 44100)).toBeLessThanOrEqual(1);

    const output = new Float32Array(total);
    let at = 0;
    for (const p of parts) {
      output.set(p, at);
      at += p.length;
    }
    // Same pitch: 440 Hz crosses zero upwards 440 times a second at any sample rate.
    let upwardCrossings = 0;
    for (let i = 1; i < output.length; i++) if ((output[i - 1] ?? 0) < 0 && (output[i] ?? 0) >= 0) upwardCrossings++;
    expect(Math.abs(upwardCrossings - 440)).toBeLessThanOrEqual(1);
    // And the waveform matches the ideal 44.1 kHz sine closely (no chunk-boundary glitches).
    const ideal = sine(440, 44100, 1);
    let worst = 0;
    for (let i = 0; i < Math.min(ideal.length, output.length); i++) worst = Math.max(worst, Math.abs((ideal[i] ?? 0) - (output[i] ?? 0)));
    expect(worst).toBeLessThan(0.01);
  });

  it('passes samples through when the rates match', () => {
    const input = new Float32Array([0.1, 0.2]);
    expect(new LinearResampler(44100, 44100).push(input)).toBe(input);
  });

  it('maps loudness to 0–1: silence 0, full scale near 1, quiet speech in between', () => {
    expect(measureLevel(new Float32Array(128))).toBe(0);
    expect(measureLevel(sine(440, 44100, 0.1, 1))).toBeGreaterThan(0.9);
    const quiet = measureLevel(sine(440, 44100, 0.1, 0.01));
    expect(quiet).toBeGreaterThan(0.1);
    expect(quiet).toBeLessThan(0.4);
  });
});
