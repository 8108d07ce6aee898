// Small PCM helpers shared by the encoders. Float samples are Web Audio's [-1, 1] range.

/** Converts float samples to 16-bit signed PCM, clamping anything the microphone overdrove. */
export function floatToInt16(samples: Float32Array): Int16Array<ArrayBuffer> {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
  }
  return out;
}

/**
 * Streaming linear-interpolation resampler. The microphone runs at the device rate
 * (often 48 kHz) while the files are 44.1 kHz (spec: learning-experience §9), and asking
 * the AudioContext for 44.1 kHz is refused by some browsers for microphone sources.
 * Speech carries little energy near the Nyquist limit, so linear interpolation is enough.
 */
export class LinearResampler {
  private readonly step: number;
  /** Position of the next output sample, in input samples, relative to the current chunk; -1 is the previous chunk's last sample. */
  private position = 0;
  private previousSample = 0;

  constructor(
    readonly inputRateHz: number,
    readonly outputRateHz: number,
  ) {
    if (!(inputRateHz > 0) || !(outputRateHz > 0)) throw new RangeError('Sample rates must be positive');
    this.step = inputRateHz / outputRateHz;
  }

  push(input: Float32Array): Float32Array {
    if (this.inputRateHz === this.outputRateHz) return input;
    const n = input.length;
    if (n === 0) return new Float32Array(0);
    const capacity = Math.max(0, Math.floor((n - 1 - this.position) / this.step) + 1);
    const out = new Float32Array(capacity);
    let written = 0;
    let p = this.position;
    while (p <= n - 1 && written < capacity) {
      const i = Math.floor(p);
      const fraction = p - i;
      const a = i < 0 ? this.previousSample : (input[i] ?? 0);
      const b = i + 1 <= n - 1 ? (input[i + 1] ?? 0) : a;
      out[written++] = a + (b - a) * fraction;
      p += this.step;
    }
    this.position = p - n;
    this.previousSample = input[n - 1] ?? 0;
    return written === capacity ? out : out.subarray(0, written);
  }
}

/**
 * A 0–1 loudness for the level meter: RMS in dBFS mapped linearly from -60 dB (silence)
 * to 0 dB (full scale), which follows how loud speech sounds better than raw RMS does.
 */
export function measureLevel(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sumOfSquares = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i] ?? 0;
    sumOfSquares += s * s;
  }
  const rms = Math.sqrt(sumOfSquares / samples.length);
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.max(0, Math.min(1, (db + 60) / 60));
}
