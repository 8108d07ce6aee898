/**
 * Applies the calibrated models to an aligned utterance: phone → word →
 * utterance, each level using the calibrated scores of the level below.
 */
import type { AlignedUtterance } from './alignment.ts';
import type { Calibration } from './calibration.ts';
import {
  judgeStress,
  measureTiming,
  phoneFeatures,
  utteranceContext,
  utteranceFeatures,
  wordFeatures,
  type UtteranceTiming,
} from './features.ts';
import { linearPart, predictModel } from './gbdt.ts';

export type ScoringModels = Pick<Calibration, 'phone' | 'word' | 'utterance' | 'phoneNorms'>;

/** Raw model outputs on the expert corpus's scales. */
export interface ModelScores {
  /** Per word, per phone: 0–2 (2 correct, 1 accented, 0 wrong or missing). */
  phones: number[][];
  /** Per word accuracy 0–10. */
  words: number[];
  /** Per word: stress correct (true/false), or null for words of one syllable. */
  stress: Array<boolean | null>;
  /** Utterance scores 0–10. */
  utterance: Record<'accuracy' | 'fluency' | 'prosodic' | 'completeness' | 'total', number>;
  timing: UtteranceTiming;
}

export function scoreAlignment(
  aligned: AlignedUtterance,
  pitchHz: readonly number[],
  models: ScoringModels,
): ModelScores {
  const context = utteranceContext(aligned, models.phoneNorms);
  const phones = aligned.words.map((word) =>
    word.phones.map((_, i) =>
      predictModel(models.phone, phoneFeatures(word, i, context, models.phoneNorms)),
    ),
  );
  // The word and utterance models read the phone model's linear part (see linearPart).
  const basis =
    linearPart(models.phone) === models.phone
      ? phones
      : aligned.words.map((word) =>
          word.phones.map((_, i) =>
            predictModel(
              linearPart(models.phone),
              phoneFeatures(word, i, context, models.phoneNorms),
            ),
          ),
        );
  const words = aligned.words.map((word, w) =>
    predictModel(models.word, wordFeatures(word, basis[w] ?? [], context)),
  );
  const stress = aligned.words.map((word) => judgeStress(word));
  const timing = measureTiming(aligned, pitchHz);
  const row = utteranceFeatures(
    aligned,
    basis.flat(),
    words,
    timing,
    stress.filter((s): s is boolean => s !== null),
    models.phoneNorms,
  );
  const u = models.utterance;
  return {
    phones,
    words,
    stress,
    timing,
    utterance: {
      accuracy: predictModel(u.accuracy, row),
      fluency: predictModel(u.fluency, row),
      prosodic: predictModel(u.prosodic, row),
      completeness: judgeCompleteness(words),
      total: predictModel(u.total, row),
    },
  };
}

/** A word scoring below this (0–10) counts as not said for completeness. */
export const WORD_SAID_MIN = 3;

/**
 * Completeness, 0–10: the share of the text's words actually said. Not a fitted
 * model: the experts' completeness is 10 for nearly every training recording,
 * so there is nothing to learn from, while a word scored as wholly wrong or
 * missing is direct evidence.
 */
export function judgeCompleteness(wordScores: readonly number[]): number {
  if (wordScores.length === 0) return 0;
  return (10 * wordScores.filter((w) => w >= WORD_SAID_MIN).length) / wordScores.length;
}
