/**
 * Decoding + alignment of one recording against its prompt: everything up to
 * (not including) calibrated scores. Shared by `assess` and the fitting script.
 */
import {
  applyConfusionPass,
  buildConfusionGrammar,
  buildGrammar,
  frameLevelsDb,
  interpretAlignment,
  type AlignedUtterance,
} from './alignment.ts';
import { buildLexicon, tokenizeText, type LexiconEntry } from './lexicon.ts';
import type { DecoderResult, ScoringPool } from './pool.ts';

export interface Analysis {
  entries: LexiconEntry[];
  decoder: DecoderResult;
  levelsDb: Float32Array;
  /** Null when even the wide-beam search could not align the prompt to the audio. */
  aligned: AlignedUtterance | null;
}

export async function analyzeRecording(
  pool: ScoringPool,
  samples: Int16Array,
  text: string,
  /** Pronunciations to align against instead of the dictionary's (the fitting script passes the experts'). */
  lexiconOverride?: LexiconEntry[],
): Promise<Analysis> {
  const entries = lexiconOverride ?? (await buildLexicon(tokenizeText(text)));
  const grammar = buildGrammar(entries);
  const levelsDb = frameLevelsDb(samples);
  // Free phone recognition is the costliest pass and independent of the
  // text, so it runs on a second helper while the first aligns and then runs
  // the confusion pass: one recording's latency is about max(free, align +
  // confusion) instead of their sum when helpers are idle.
  const freePass = pool.decode({ samples, free: true, pitch: false });
  freePass.catch(() => undefined); // awaited below; avoid an unhandled rejection meanwhile
  const alignAndConfuse = async (): Promise<{
    result: DecoderResult;
    confusion: DecoderResult | null;
  }> => {
    let result = await pool.decode({ samples, grammar, free: false, pitch: true });
    let draft = interpretAlignment(entries, result, levelsDb);
    if (!draft) {
      // About 1% of utterances fall off the normal beams; wider beams find them.
      result = await pool.decode({ samples, grammar, free: false, pitch: true, wide: true });
      draft = interpretAlignment(entries, result, levelsDb);
    }
    if (!draft) return { result, confusion: null };
    // Each aligned phone competes with its usual substitutes ("what you said").
    const confusion = await pool.decode({
      samples,
      grammar: buildConfusionGrammar(draft),
      free: false,
      pitch: false,
    });
    return { result, confusion };
  };
  const [{ result, confusion }, free] = await Promise.all([alignAndConfuse(), freePass]);
  const decoder: DecoderResult = { ...result, free: free.free };
  const aligned = interpretAlignment(entries, decoder, levelsDb);
  if (aligned && confusion) applyConfusionPass(aligned, confusion.align);
  return { entries, decoder, levelsDb, aligned };
}
