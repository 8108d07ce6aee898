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
): Promise<Analysis> {
  const words = tokenizeText(text);
  const entries = await buildLexicon(words);
  const grammar = buildGrammar(entries);
  const levelsDb = frameLevelsDb(samples);
  let decoder = await pool.decode({ samples, grammar });
  let aligned = interpretAlignment(entries, decoder, levelsDb);
  if (!aligned) {
    // About 1% of utterances fall off the normal beams; wider beams find them.
    decoder = await pool.decode({ samples, grammar, wide: true });
    aligned = interpretAlignment(entries, decoder, levelsDb);
  }
  if (aligned) {
    // Second pass: each aligned phone competes with its usual substitutes ("what you said").
    const confusion = await pool.decode({
      samples,
      grammar: buildConfusionGrammar(aligned),
      free: false,
      pitch: false,
    });
    applyConfusionPass(aligned, confusion.align);
  }
  return { entries, decoder, levelsDb, aligned };
}
