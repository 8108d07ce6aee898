/**
 * A pool of long-lived native decoder helpers (build/cs-decoder) with a
 * bounded queue. The C library is not thread-safe per decoder and may abort,
 * so each helper is its own process: a crash fails one attempt, the request
 * is retried once on a fresh helper, and the Node process never goes down.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ARPABET_PHONES } from './phones.ts';

const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where `npm run build -w @clearspeak/speech` puts the helper. */
export const DEFAULT_HELPER_PATH = join(PACKAGE_DIR, 'build', 'cs-decoder');
/** Debian `pocketsphinx-en-us`. */
export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** One segment of a decoder result. Frames are 10 ms; `endFrame` is inclusive. */
export interface DecoderSegment {
  /** Lower-case phone word (alignment), upper-case phone (free recognition), or a filler such as `<sil>`/`SIL`. */
  label: string;
  startFrame: number;
  endFrame: number;
  /** Acoustic log score in PocketSphinx units (higher is better; only differences matter). */
  acousticScore: number;
}

export interface DecoderResult {
  frames: number;
  /** Forced alignment over the grammar, or null when the grammar could not be matched. */
  align: DecoderSegment[] | null;
  /** Free phone recognition (allphone). */
  free: DecoderSegment[];
  /** Pitch per 10 ms frame in Hz, 0 when unvoiced. */
  pitchHz: number[];
}

export interface DecodeRequest {
  /** 16 kHz mono PCM. */
  samples: Int16Array;
  /** JSGF grammar over phone words; omit for free recognition only. */
  grammar?: string;
  /** Use wider search beams (slower; for utterances the normal beams cannot align). */
  wide?: boolean;
  /** Run free phone recognition (default true). */
  free?: boolean;
  /** Track pitch (default true). */
  pitch?: boolean;
}

/** Thrown when the pool's queue is full; the server answers 503 with `Retry-After`. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
  readonly code = 'SCORING_QUEUE_FULL';
  constructor(
    /** Suggested wait before retrying, in ms. */
    readonly retryAfterMs: number,
  ) {
    super(`the scoring queue is full; retry in ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}

/** Thrown when a request failed on two helpers in a row (or the pool is closed). */
export class DecoderError extends Error {
  override readonly name = 'DecoderError';
}

export interface ScoringPoolOptions {
  /** Number of helper processes (decodes run in parallel), ≥ 1. Default: 2. */
  size?: number;
  /**
   * Decoder requests allowed to wait for a helper beyond those running, ≥ 0. Default: 16.
   * One `assess` makes three requests (alignment, free recognition, confusion pass), two
   * of them at once, so 16 holds about six to eight waiting recordings.
   */
  maxQueue?: number;
  /** Per-attempt limit in ms before the helper is killed and the request retried. Default: 30 000. */
  timeoutMs?: number;
  helperPath?: string;
  modelDir?: string;
}

export interface ScoringPool {
  decode(request: DecodeRequest): Promise<DecoderResult>;
  /** Process ids of the live helpers (for health pages and the crash test). */
  helperPids(): number[];
  stats(): { size: number; busy: number; queued: number; maxQueue: number; restarts: number };
  close(): Promise<void>;
}

interface Job {
  request: DecodeRequest;
  attempts: number;
  resolve: (result: DecoderResult) => void;
  reject: (error: Error) => void;
}

interface RawReply {
  id: number;
  ok: boolean;
  error?: string;
  frames?: number;
  align?: Array<[string, number, number, number]> | null;
  free?: Array<[string, number, number, number]> | null;
  pitch?: number[];
}

class Helper {
  readonly process: ChildProcessWithoutNullStreams;
  readonly ready: Promise<void>;
  private pending: {
    id: number;
    resolve: (r: RawReply) => void;
    reject: (e: Error) => void;
  } | null = null;
  private nextId = 1;
  dead = false;
  busy = false;

  constructor(
    helperPath: string,
    modelDir: string,
    dictPath: string,
    onExit: (helper: Helper) => void,
  ) {
    this.process = spawn(
      helperPath,
      [join(modelDir, 'en-us'), dictPath, join(modelDir, 'en-us-phone.lm.bin')],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.process.stderr.resume();
    this.process.stdin.on('error', () => undefined); // EPIPE after a crash; handled by 'exit'
    const lines = createInterface({ input: this.process.stdout });
    this.ready = new Promise((resolveReady, rejectReady) => {
      let isReady = false;
      lines.on('line', (line) => {
        let message: RawReply & { ready?: boolean };
        try {
          message = JSON.parse(line) as RawReply & { ready?: boolean };
        } catch {
          return;
        }
        if (!isReady) {
          isReady = true;
          if (message.ready) resolveReady();
          else rejectReady(new DecoderError('decoder helper could not load the acoustic model'));
          return;
        }
        const pending = this.pending;
        if (pending && message.id === pending.id) {
          this.pending = null;
          pending.resolve(message);
        }
      });
      const fail = (error: Error): void => {
        this.dead = true;
        if (!isReady) rejectReady(error);
        const pending = this.pending;
        this.pending = null;
        pending?.reject(error);
        onExit(this);
      };
      this.process.on('error', (error) =>
        fail(new DecoderError(`decoder helper failed: ${error.message}`)),
      );
      this.process.on('exit', (code, signal) =>
        fail(new DecoderError(`decoder helper exited (${signal ?? `code ${String(code)}`})`)),
      );
    });
    this.ready.catch(() => undefined);
  }

  send(payload: Record<string, unknown>): Promise<RawReply> {
    const id = this.nextId++;
    return new Promise((resolveReply, rejectReply) => {
      this.pending = { id, resolve: resolveReply, reject: rejectReply };
      this.process.stdin.write(`${JSON.stringify({ id, ...payload })}\n`);
    });
  }

  kill(): void {
    if (!this.dead) this.process.kill('SIGKILL');
  }
}

function toSegments(raw: Array<[string, number, number, number]>): DecoderSegment[] {
  return raw.map(([label, startFrame, endFrame, acousticScore]) => ({
    label,
    startFrame,
    endFrame,
    acousticScore,
  }));
}

/** Creates a pool of decoder helpers. Helpers start lazily and are replaced when they die. */
export function createScoringPool(options: ScoringPoolOptions = {}): ScoringPool {
  const size = Math.max(1, options.size ?? 2);
  const maxQueue = Math.max(0, options.maxQueue ?? 16);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const helperPath = options.helperPath ?? DEFAULT_HELPER_PATH;
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR;
  if (!existsSync(helperPath)) {
    throw new DecoderError(
      `decoder helper not found at ${helperPath}; run \`npm run build -w @clearspeak/speech\``,
    );
  }
  const workDir = mkdtempSync(join(tmpdir(), 'cs-pool-'));
  const dictPath = join(workDir, 'phones.dict');
  // The alignment grammar's words are single phones: "aa" is pronounced AA.
  writeFileSync(dictPath, ARPABET_PHONES.map((p) => `${p.toLowerCase()} ${p}`).join('\n') + '\n');

  const helpers: Helper[] = [];
  const queue: Job[] = [];
  let closed = false;
  let restarts = 0;
  let fileCounter = 0;
  let averageServiceMs = 400;

  const removeHelper = (helper: Helper): void => {
    const index = helpers.indexOf(helper);
    if (index >= 0) {
      helpers.splice(index, 1);
      restarts++;
    }
    pump();
  };

  const idleHelper = (): Helper | null => {
    const idle = helpers.find((h) => !h.busy && !h.dead);
    if (idle) return idle;
    if (helpers.length < size) {
      const helper = new Helper(helperPath, modelDir, dictPath, removeHelper);
      helpers.push(helper);
      return helper;
    }
    return null;
  };

  const runAttempt = async (helper: Helper, request: DecodeRequest): Promise<DecoderResult> => {
    const stem = join(workDir, `r${++fileCounter}`);
    const rawPath = `${stem}.raw`;
    const grammarPath = `${stem}.gram`;
    await writeFile(rawPath, request.samples);
    if (request.grammar) await writeFile(grammarPath, request.grammar);
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await helper.ready;
      const reply = await Promise.race([
        helper.send({
          raw: rawPath,
          ...(request.grammar ? { jsgf: grammarPath } : {}),
          wide: request.wide ? 1 : 0,
          free: request.free === false ? 0 : 1,
          pitch: request.pitch === false ? 0 : 1,
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            helper.kill();
            reject(new DecoderError(`decoder helper timed out after ${timeoutMs} ms`));
          }, timeoutMs);
        }),
      ]);
      if (!reply.ok) throw new DecoderError(reply.error ?? 'decoder helper failed');
      averageServiceMs = 0.8 * averageServiceMs + 0.2 * (Date.now() - started);
      return {
        frames: reply.frames ?? 0,
        align: reply.align ? toSegments(reply.align) : null,
        free: toSegments(reply.free ?? []), // null when the request skipped free recognition
        pitchHz: reply.pitch ?? [],
      };
    } finally {
      clearTimeout(timer);
      await rm(rawPath, { force: true });
      await rm(grammarPath, { force: true });
    }
  };

  function pump(): void {
    while (!closed && queue.length > 0) {
      const helper = idleHelper();
      if (!helper) return;
      const job = queue.shift();
      if (!job) return;
      helper.busy = true;
      job.attempts++;
      runAttempt(helper, job.request).then(
        (result) => {
          helper.busy = false;
          job.resolve(result);
          pump();
        },
        (error: unknown) => {
          helper.busy = false;
          // A helper that failed once is not trusted again: replace it.
          if (!helper.dead) helper.kill();
          if (job.attempts < 2 && !closed) {
            queue.unshift(job); // the retry goes first: it has waited longest
          } else {
            job.reject(error instanceof Error ? error : new DecoderError(String(error)));
          }
          pump();
        },
      );
    }
  }

  return {
    decode(request) {
      if (closed) return Promise.reject(new DecoderError('the scoring pool is closed'));
      const busy = helpers.filter((h) => h.busy).length;
      if (busy >= size && queue.length >= maxQueue) {
        const waitMs = averageServiceMs * Math.ceil((queue.length + 1) / size);
        return Promise.reject(new QueueFullError(Math.max(1000, Math.round(waitMs))));
      }
      return new Promise<DecoderResult>((resolveJob, rejectJob) => {
        queue.push({ request, attempts: 0, resolve: resolveJob, reject: rejectJob });
        pump();
      });
    },
    helperPids() {
      return helpers
        .filter((h) => !h.dead && h.process.pid !== undefined)
        .map((h) => h.process.pid as number);
    },
    stats() {
      return {
        size,
        busy: helpers.filter((h) => h.busy).length,
        queued: queue.length,
        maxQueue,
        restarts,
      };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new DecoderError('the scoring pool is closed'));
      for (const helper of helpers.splice(0)) {
        helper.process.stdin.end();
        helper.kill();
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
