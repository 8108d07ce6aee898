/**
 * Decoding any browser recording (mp3, webm/opus, ogg, m4a/aac, wav at any
 * rate) to 16 kHz mono 16-bit PCM with ffmpeg.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Sample rate of everything the engine works on, in Hz. */
export const SAMPLE_RATE_HZ = 16_000;

/** Audio handed to the engine: the encoded bytes, or a path to a file. */
export type AudioInput = Uint8Array | { path: string };

/** Mono PCM at {@link SAMPLE_RATE_HZ}. */
export interface DecodedAudio {
  /** Signed 16-bit samples, −32768..32767. */
  samples: Int16Array;
  sampleRateHz: typeof SAMPLE_RATE_HZ;
  durationMs: number;
}

/** Thrown when ffmpeg cannot read the input as audio. */
export class AudioDecodeError extends Error {
  override readonly name = 'AudioDecodeError';
}

function runFfmpeg(args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'ffmpeg',
      args,
      { encoding: 'buffer', maxBuffer: 1 << 28, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) {
          const detail = stderr.toString('utf8').trim().split('\n').slice(-2).join(' ');
          reject(
            new AudioDecodeError(`ffmpeg could not decode the audio: ${detail || error.message}`),
          );
        } else {
          resolve(stdout);
        }
      },
    );
  });
}

/**
 * Decodes a recording to 16 kHz mono PCM. Bytes go through a temp file rather
 * than a pipe because MP4/M4A files may keep their index at the end.
 */
export async function decodeAudio(input: AudioInput): Promise<DecodedAudio> {
  let dir: string | null = null;
  let path: string;
  if (input instanceof Uint8Array) {
    if (input.byteLength === 0) throw new AudioDecodeError('the recording is empty');
    dir = await mkdtemp(join(tmpdir(), 'cs-audio-'));
    path = join(dir, 'input');
    await writeFile(path, input);
  } else {
    path = input.path;
  }
  try {
    const pcm = await runFfmpeg([
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      path,
      '-vn',
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE_HZ),
      '-f',
      's16le',
      '-acodec',
      'pcm_s16le',
      'pipe:1',
    ]);
    const samples = new Int16Array(
      pcm.buffer,
      pcm.byteOffset,
      Math.floor(pcm.byteLength / 2),
    ).slice();
    return {
      samples,
      sampleRateHz: SAMPLE_RATE_HZ,
      durationMs: (samples.length / SAMPLE_RATE_HZ) * 1000,
    };
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

/** Writes 16 kHz mono PCM as a WAV file in memory (for tests, model audio, debugging). */
export function encodeWav(samples: Int16Array, sampleRateHz: number = SAMPLE_RATE_HZ): Buffer {
  const header = Buffer.alloc(44);
  const dataBytes = samples.length * 2;
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRateHz, 24);
  header.writeUInt32LE(sampleRateHz * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, dataBytes)]);
}
