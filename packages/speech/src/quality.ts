/**
 * Can this recording be judged fairly? Verdicts that ask for a re-take
 * instead of giving a low score (issue 3: "quality").
 */
import type { AlignedUtterance } from './alignment.ts';
import { phoneEditDistance } from './alignment.ts';

/**
 * `ok`, or why the recording cannot be judged:
 * - `silence`: no speech found (silence, or only noise without a voice);
 * - `too_quiet`: speech is there but too faint to judge;
 * - `clipped`: the level overloaded the microphone and the sound is distorted;
 * - `too_short`: the recording is too short for the text;
 * - `off_script`: the learner said something other than the text.
 */
export type QualityVerdict =
  'ok' | 'silence' | 'too_quiet' | 'clipped' | 'too_short' | 'off_script';

export const RETAKE_MESSAGES: Record<Exclude<QualityVerdict, 'ok'>, string> = {
  silence: "We couldn't hear any speech. Check your microphone and try again.",
  too_quiet: 'Your recording is too quiet to judge. Move closer to the microphone and try again.',
  clipped:
    'Your recording is distorted because it was too loud. Move a little away from the microphone and try again.',
  too_short: 'The recording stopped too early. Say the whole sentence, then stop recording.',
  off_script: "That didn't sound like the sentence. Read it exactly as written and try again.",
};

/** Level measurements of a recording, computed before any decoding. */
export interface SignalStats {
  durationMs: number;
  /** Loudest 10 ms frames (95th percentile), dBFS. */
  speechLevelDb: number;
  /** Quietest frames (10th percentile), dBFS. */
  floorLevelDb: number;
  /** Fraction of samples sitting at full scale in runs of 3 or more. */
  clippedFraction: number;
  /** Time above the noise floor by 15 dB or more, ms. */
  activeMs: number;
}

export function measureSignal(samples: Int16Array, levelsDb: Float32Array): SignalStats {
  const sorted = Array.from(levelsDb).sort((a, b) => a - b);
  const pick = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? -100;
  const floorLevelDb = pick(0.1);
  const speechLevelDb = pick(0.95);
  let clipped = 0;
  let run = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i] ?? 0;
    if (s >= 32700 || s <= -32700) {
      run++;
      if (run === 3) clipped += 3;
      else if (run > 3) clipped++;
    } else {
      run = 0;
    }
  }
  const threshold = Math.max(floorLevelDb + 15, -65);
  const active = Array.from(levelsDb).filter((l) => l > threshold).length;
  return {
    durationMs: (samples.length / 16_000) * 1000,
    speechLevelDb,
    floorLevelDb,
    clippedFraction: samples.length > 0 ? clipped / samples.length : 0,
    activeMs: active * 10,
  };
}

/** Checks that need no decoding. `phoneCount` is the prompt's length in phones. */
export function judgeSignal(stats: SignalStats, phoneCount: number): QualityVerdict {
  if (stats.durationMs < 300) return 'too_short';
  if (stats.speechLevelDb < -60 || stats.activeMs < 100) return 'silence';
  if (stats.speechLevelDb < -42) return 'too_quiet';
  if (stats.clippedFraction > 0.002) return 'clipped';
  // Even fast speakers need ~45 ms per phone; much less than that cannot hold the text.
  if (stats.durationMs < Math.max(400, phoneCount * 45)) return 'too_short';
  return 'ok';
}

/** Evidence that the audio matches the prompt, from the decoder. */
export interface ScriptEvidence {
  /** Fraction of aligned frames carrying a pitch (voice). */
  voicedFraction: number;
  /** Edit distance between free phone recognition and the prompt's phones, per prompt phone. */
  freeEditRatio: number;
  /** Mean fraction of each phone's frames where free recognition agrees with the prompt. */
  meanMatch: number;
  /** Mean per-frame score difference forced − free over the prompt's phones (≤ 0; lower = worse fit). */
  meanGop: number;
  /** Share of phones squeezed to the model's minimum length (3 frames): the alignment forcing text onto audio that lacks it. */
  shortPhoneFraction: number;
}

export function gatherEvidence(aligned: AlignedUtterance): ScriptEvidence {
  const phones = aligned.words.flatMap((w) => w.phones);
  const frames = phones.reduce((a, p) => a + p.features.frames, 0);
  const voiced = phones.reduce((a, p) => a + p.features.voicedFraction * p.features.frames, 0);
  const expected = phones.map((p) => p.phone);
  return {
    voicedFraction: frames > 0 ? voiced / frames : 0,
    freeEditRatio: phoneEditDistance(expected, aligned.freePhones) / Math.max(1, expected.length),
    meanMatch:
      phones.reduce((a, p) => a + p.features.matchFraction, 0) / Math.max(1, phones.length),
    meanGop:
      phones.reduce((a, p) => a + Math.max(-60, p.features.gop), 0) / Math.max(1, phones.length),
    shortPhoneFraction:
      phones.filter((p) => p.features.frames <= 3).length / Math.max(1, phones.length),
  };
}

/** Checks after decoding: a voice must be there, and it must be saying the text. */
export function judgeScript(
  aligned: AlignedUtterance | null,
  evidence: ScriptEvidence | null,
): QualityVerdict {
  if (!aligned || !evidence) return 'off_script';
  if (evidence.voicedFraction < 0.08) return 'silence';
  // A poor fit with squeezed phones: learners' audio paired with another
  // sentence's text score −3.5 (median), a third of them below −4; honest training readings never below −3.87.
  if (evidence.meanGop / 10 - evidence.shortPhoneFraction < OFF_SCRIPT_MAX_FIT) return 'off_script';
  // All three must agree: heavily accented but honest readings come close on each
  // (training corpus: agreement down to 0.02, edit ratio up to 1.5, GOP down to −36).
  if (
    evidence.meanMatch < OFF_SCRIPT_MAX_MATCH &&
    evidence.freeEditRatio > OFF_SCRIPT_MIN_EDIT &&
    evidence.meanGop < OFF_SCRIPT_MAX_GOP
  ) {
    return 'off_script';
  }
  return 'ok';
}

/**
 * Tuned so that none of the 416 expert-labelled training readings is rejected,
 * while a different word read by the same synthetic voice is. Conservative on
 * purpose: a wrongly rejected learner is worse than a low score for nonsense.
 */
export const OFF_SCRIPT_MAX_MATCH = 0.02;
export const OFF_SCRIPT_MIN_EDIT = 0.99;
export const OFF_SCRIPT_MAX_GOP = -30;
export const OFF_SCRIPT_MAX_FIT = -4;
