/**
 * Fitted mapping from features to expert-like scores (see scripts/fit.ts).
 * The parameters ship as calibration/calibration.json.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PhoneNorms } from './features.ts';
import type { ScoreModel } from './gbdt.ts';

export interface Calibration {
  version: 1;
  /** Corpus and date of the fit, for the record. */
  fittedOn: string;
  phoneNorms: PhoneNorms;
  /** Phone score on the corpus scale 0–2. */
  phone: ScoreModel;
  /** Word accuracy on the corpus scale 0–10. */
  word: ScoreModel;
  /** Utterance scores on the corpus scale 0–10. */
  utterance: Record<'accuracy' | 'fluency' | 'prosodic' | 'total', ScoreModel>;
  /** Speaker-wise cross-validated Pearson correlations measured at fit time. */
  crossValidation: Record<string, number>;
}

export const CALIBRATION_PATH = join(
  resolve(dirname(fileURLToPath(import.meta.url)), '..'),
  'calibration',
  'calibration.json',
);

let cached: Calibration | null = null;

export function loadCalibration(path: string = CALIBRATION_PATH): Calibration {
  if (path === CALIBRATION_PATH && cached) return cached;
  const calibration = JSON.parse(readFileSync(path, 'utf8')) as Calibration;
  if (calibration.version !== 1) throw new Error(`unsupported calibration version in ${path}`);
  if (path === CALIBRATION_PATH) cached = calibration;
  return calibration;
}
