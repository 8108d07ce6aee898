import {
  assess,
  createScoringPool,
  renderModelPronunciation,
  type Assessment,
  type ModelAudio,
  type ScoringPool,
} from '@clearspeak/speech';

/**
 * The pronunciation engine behind a small interface (STYLE: side effects behind `scoringEngine`).
 * The production implementation is `@clearspeak/speech` over ONE decoder pool per server, with a
 * bounded queue: a full queue throws the engine's QueueFullError, which the error handler turns
 * into 503 with Retry-After (docs/decisions/001).
 */
export interface ScoringEngine {
  /** Scores a recording of `text`; `status: 'retake'` when it cannot be judged fairly. */
  assess(input: { audio: { path: string } | Uint8Array; text: string }): Promise<Assessment>;
  /** Model pronunciation of `text` (espeak-ng, American voice). */
  renderModelVoice(text: string): Promise<ModelAudio>;
  /** Decodes running and waiting, for health pages and tests. */
  stats(): { size: number; busy: number; queued: number; maxQueue: number };
  close(): Promise<void>;
}

export function createSpeechScoringEngine(options: { workers: number; maxQueue: number }): ScoringEngine {
  // Created on first use: a server whose decoder helper is not built still serves everything
  // else, and its scoring calls answer 503 with the engine's message.
  let pool: ScoringPool | null = null;
  const getPool = () => (pool ??= createScoringPool({ size: options.workers, maxQueue: options.maxQueue }));
  return {
    assess: ({ audio, text }) => assess({ audio, text, options: { pool: getPool(), adviceCount: 3 } }),
    renderModelVoice: (text) => renderModelPronunciation(text),
    stats: () => (pool ? pool.stats() : { size: options.workers, busy: 0, queued: 0, maxQueue: options.maxQueue }),
    async close() {
      const p = pool;
      pool = null;
      await p?.close();
    },
  };
}
