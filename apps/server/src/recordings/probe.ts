import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface AudioProbe {
  /** ffprobe's container name, e.g. "matroska,webm", "wav", "mp3". */
  formatName: string;
  durationMs: number;
  /** A real (not cover-art) video stream is present. */
  hasVideo: boolean;
}

/** Thrown when ffprobe/ffmpeg cannot read the file as audio. */
export class UnreadableAudioError extends Error {
  override name = 'UnreadableAudioError';
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; duration?: string; disposition?: { attached_pic?: number } }[];
}

/**
 * Sniffs an uploaded file with ffprobe (Debian ffmpeg): the client's Content-Type is only a claim.
 * MediaRecorder's webm carries no duration in its header, so when the container does not say,
 * the audio is decoded to measure it (at most a few seconds of CPU for a 45 s clip).
 */
export async function probeAudio(file: string): Promise<AudioProbe> {
  let info: ProbeJson;
  try {
    const { stdout } = await execFileAsync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=format_name,duration:stream=codec_type,duration:stream_disposition=attached_pic', '-of', 'json', file],
      { timeout: 15_000 },
    );
    info = JSON.parse(stdout) as ProbeJson;
  } catch (err) {
    throw new UnreadableAudioError(`ffprobe could not read the file: ${(err as Error).message}`);
  }
  const streams = info.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!audio) throw new UnreadableAudioError('the file has no audio stream');
  const hasVideo = streams.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const seconds = Number.parseFloat(info.format?.duration ?? audio.duration ?? '');
  const durationMs = Number.isFinite(seconds) ? Math.round(seconds * 1000) : await measureByDecoding(file);
  return { formatName: info.format?.format_name ?? 'unknown', durationMs, hasVideo };
}

async function measureByDecoding(file: string): Promise<number> {
  try {
    const { stdout } = await execFileAsync('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-map', '0:a:0', '-f', 'null', '-', '-progress', 'pipe:1'], {
      timeout: 30_000,
    });
    const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]));
    const last = times[times.length - 1];
    if (last === undefined) throw new Error('no progress output');
    return Math.round(last / 1000);
  } catch (err) {
    throw new UnreadableAudioError(`ffmpeg could not decode the file: ${(err as Error).message}`);
  }
}

/** The MIME type of what ffprobe found, so the stored type matches the bytes. */
export function mimeTypeOf(formatName: string, declared: string): string {
  const names = formatName.split(',');
  if (names.includes('webm') || names.includes('matroska')) return 'audio/webm';
  if (names.includes('wav')) return 'audio/wav';
  if (names.includes('mp3')) return 'audio/mpeg';
  if (names.includes('ogg')) return 'audio/ogg';
  if (names.includes('mp4') || names.includes('m4a') || names.includes('mov')) return 'audio/mp4';
  if (names.includes('aac')) return 'audio/aac';
  if (names.includes('flac')) return 'audio/flac';
  return declared;
}

export function extensionOf(mimeType: string): string {
  const map: Record<string, string> = {
    'audio/webm': 'webm',
    'audio/wav': 'wav',
    'audio/mpeg': 'mp3',
    'audio/ogg': 'ogg',
    'audio/mp4': 'm4a',
    'audio/aac': 'aac',
    'audio/flac': 'flac',
  };
  return map[mimeType] ?? 'bin';
}
