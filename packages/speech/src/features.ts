/**
 * Feature vectors for the calibrated scorers: one per phone, per word and per
 * utterance. The fitting script and the runtime use exactly these functions,
 * so a refit can never drift from what is served.
 */
import type { AlignedPhone, AlignedUtterance, AlignedWord } from './alignment.ts';
import { FRAME_MS, phoneEditDistance } from './alignment.ts';
import { ARPABET_PHONES, isVowel, type Phone } from './phones.ts';

/** Per-phone statistics measured on the training corpus (fitted): median duration in frames, GOP mean and spread. */
export type PhoneNorms = Partial<Record<Phone, { frames: number; gopMean: number; gopSd: number }>>;

const DEFAULT_TYPICAL_FRAMES = 8;

export const PHONE_FEATURE_NAMES = [
  'gop',
  'forcedPerFrame',
  'freePerFrame',
  'matchFraction',
  'heardSame',
  'logDurRatio',
  'absLogDurRatio',
  'relativeLevelDb',
  'voicedFraction',
  'isVowel',
  'wordMeanGop',
  'wordMinGop',
  'uttMeanGop',
  'uttMeanMatch',
  'prevGop',
  'nextGop',
  'gopMinusUtt',
  'isWordInitial',
  'isWordFinal',
  'shortPhone',
  'confusionSubstituted',
  'confusionGain',
  'wordSubstitutions',
  'gopZ',
  'gopZSquaredLow',
  'gopTimesVowel',
  'prevMatch',
  'nextMatch',
  'prevSubstituted',
  'nextSubstituted',
  'heardSilence',
  'wordMeanMatch',
  'wordPhoneCount',
  'uttMeanGopZ',
  'gopZMinusUtt',
  ...ARPABET_PHONES.map((p) => `is_${p}`),
] as const;

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

function isSubstituted(phone: AlignedPhone): boolean {
  return phone.confusion !== null && phone.confusion.phone !== phone.phone;
}

function clampGop(value: number): number {
  return Math.max(-60, Math.min(20, value));
}

/** Utterance-wide context shared by every phone's features. */
export interface UtteranceContext {
  meanGop: number;
  meanMatch: number;
  /** Mean GOP z-score against the phone norms (0 without norms): how this speaker sounds overall. */
  meanGopZ: number;
  /** The phone norms the context was measured with. */
  norms: PhoneNorms;
}

function phoneGopZ(phone: AlignedPhone, typical: PhoneNorms): number {
  const norm = typical[phone.phone];
  const z = norm ? (clampGop(phone.features.gop) - norm.gopMean) / (norm.gopSd || 1) : 0;
  return Math.max(-5, Math.min(3, z));
}

export function utteranceContext(
  utterance: AlignedUtterance,
  typical: PhoneNorms = {},
): UtteranceContext {
  const phones = utterance.words.flatMap((w) => w.phones);
  return {
    meanGop: mean(phones.map((p) => clampGop(p.features.gop))),
    meanMatch: mean(phones.map((p) => p.features.matchFraction)),
    meanGopZ: mean(phones.map((p) => phoneGopZ(p, typical))),
    norms: typical,
  };
}

export function phoneFeatures(
  word: AlignedWord,
  index: number,
  context: UtteranceContext,
  typical: PhoneNorms,
): number[] {
  const phone = word.phones[index] as AlignedPhone;
  const f = phone.features;
  const gops = word.phones.map((p) => clampGop(p.features.gop));
  const gop = clampGop(f.gop);
  const norm = typical[phone.phone];
  const logDurRatio = Math.log(f.frames / (norm?.frames ?? DEFAULT_TYPICAL_FRAMES));
  const gopZ = norm ? (gop - norm.gopMean) / (norm.gopSd || 1) : 0;
  const prev = word.phones[index - 1];
  const next = word.phones[index + 1];
  return [
    gop,
    Math.max(-100, f.forcedPerFrame),
    Math.max(-100, f.freePerFrame),
    f.matchFraction,
    phone.heard === phone.phone ? 1 : 0,
    logDurRatio,
    Math.abs(logDurRatio),
    Math.max(-40, f.relativeLevelDb),
    f.voicedFraction,
    isVowel(phone.phone) ? 1 : 0,
    mean(gops),
    Math.min(...gops),
    context.meanGop,
    context.meanMatch,
    index > 0 ? (gops[index - 1] ?? gop) : context.meanGop,
    index < gops.length - 1 ? (gops[index + 1] ?? gop) : context.meanGop,
    gop - context.meanGop,
    index === 0 ? 1 : 0,
    index === word.phones.length - 1 ? 1 : 0,
    f.frames <= 3 ? 1 : 0,
    isSubstituted(phone) ? 1 : 0,
    phone.confusion
      ? Math.max(-20, Math.min(40, phone.confusion.scorePerFrame - f.forcedPerFrame))
      : 0,
    word.phones.filter(isSubstituted).length,
    Math.max(-5, Math.min(3, gopZ)),
    gopZ < 0 ? Math.min(25, gopZ * gopZ) : 0,
    isVowel(phone.phone) ? gop : 0,
    prev ? prev.features.matchFraction : context.meanMatch,
    next ? next.features.matchFraction : context.meanMatch,
    prev && isSubstituted(prev) ? 1 : 0,
    next && isSubstituted(next) ? 1 : 0,
    phone.heard === null ? 1 : 0,
    mean(word.phones.map((p) => p.features.matchFraction)),
    word.phones.length,
    context.meanGopZ,
    Math.max(-5, Math.min(3, gopZ)) - context.meanGopZ,
    ...ARPABET_PHONES.map((p) => (p === phone.phone ? 1 : 0)),
  ];
}

export const WORD_FEATURE_NAMES = [
  'meanPhonePred',
  'minPhonePred',
  'maxPhonePred',
  'meanGop',
  'minGop',
  'meanMatch',
  'heardSameFraction',
  'phoneCount',
  'logWordDurPerPhone',
  'uttMeanGop',
  'lowPhoneFraction',
  'substitutedFraction',
  'meanGopZ',
  'minGopZ',
  'veryLowPhoneFraction',
  'heardSilenceFraction',
  'meanConfusionGain',
  'maxConfusionGain',
  'uttMeanGopZ',
  'uttMeanMatch',
  'logDurRatio',
] as const;

function confusionGain(phone: AlignedPhone): number {
  return phone.confusion
    ? Math.max(-20, Math.min(40, phone.confusion.scorePerFrame - phone.features.forcedPerFrame))
    : 0;
}

/** `phonePreds`: calibrated phone scores on the corpus scale 0–2. */
export function wordFeatures(
  word: AlignedWord,
  phonePreds: readonly number[],
  context: UtteranceContext,
): number[] {
  const gops = word.phones.map((p) => clampGop(p.features.gop));
  const frames = word.endFrame - word.startFrame + 1;
  const zs = word.phones.map((p) => phoneGopZ(p, context.norms));
  return [
    mean(phonePreds),
    Math.min(...phonePreds),
    Math.max(...phonePreds),
    mean(gops),
    Math.min(...gops),
    mean(word.phones.map((p) => p.features.matchFraction)),
    mean(word.phones.map((p) => (p.heard === p.phone ? 1 : 0))),
    word.phones.length,
    Math.log(Math.max(1, frames) / word.phones.length),
    context.meanGop,
    mean(phonePreds.map((p) => (p < 1.5 ? 1 : 0))),
    mean(word.phones.map((p) => (isSubstituted(p) ? 1 : 0))),
    mean(zs),
    Math.min(...zs),
    mean(phonePreds.map((p) => (p < 1 ? 1 : 0))),
    mean(word.phones.map((p) => (p.heard === null ? 1 : 0))),
    mean(word.phones.map(confusionGain)),
    Math.max(...word.phones.map(confusionGain)),
    context.meanGopZ,
    context.meanMatch,
    Math.log(
      Math.max(1, frames) /
        word.phones.reduce(
          (a, p) => a + (context.norms[p.phone]?.frames ?? DEFAULT_TYPICAL_FRAMES),
          0,
        ),
    ),
  ];
}

/** Timing and pitch measurements of an utterance (also reported to the learner). */
export interface UtteranceTiming {
  /** Speech span from the first to the last aligned phone, ms. */
  speechMs: number;
  /** Silent gaps of at least 150 ms between words. */
  pauseCount: number;
  pauseMs: number;
  /** Words per minute over the speech span. */
  wordsPerMinute: number;
  /** Phones per second over the speech span minus pauses. */
  articulationRate: number;
  /** Pitch spread over voiced frames, semitones (std). */
  pitchStdSemitones: number;
  /** 10th–90th percentile pitch range, semitones. */
  pitchRangeSemitones: number;
  /** Mean absolute frame-to-frame pitch change within voiced runs, semitones. */
  pitchSlope: number;
  /** Normalised pairwise variability index of vowel durations (rhythm; 0 = even). */
  vowelNpvi: number;
}

export const MIN_PAUSE_MS = 150;

export function measureTiming(
  utterance: AlignedUtterance,
  pitchHz: readonly number[],
): UtteranceTiming {
  const speechFrames = Math.max(1, utterance.speechEndFrame - utterance.speechStartFrame + 1);
  const pauses = utterance.pauses.filter(
    (p) => (p.endFrame - p.startFrame + 1) * FRAME_MS >= MIN_PAUSE_MS,
  );
  const pauseFrames = pauses.reduce((a, p) => a + p.endFrame - p.startFrame + 1, 0);
  const phoneCount = utterance.words.reduce((a, w) => a + w.phones.length, 0);
  const semitones: number[] = [];
  let slopeSum = 0;
  let slopeCount = 0;
  let previous = 0;
  for (let f = utterance.speechStartFrame; f <= utterance.speechEndFrame; f++) {
    const hz = pitchHz[f] ?? 0;
    if (hz > 0) {
      const st = 12 * Math.log2(hz / 100);
      semitones.push(st);
      // Octave jumps are tracker errors, not intonation.
      if (previous !== 0 && Math.abs(st - previous) < 4) {
        slopeSum += Math.abs(st - previous);
        slopeCount++;
      }
      previous = st;
    } else {
      previous = 0;
    }
  }
  const st = [...semitones].sort((a, b) => a - b);
  const stMean = mean(st);
  const stStd = Math.sqrt(mean(st.map((v) => (v - stMean) ** 2)));
  const p10 = st[Math.floor(st.length * 0.1)] ?? 0;
  const p90 = st[Math.floor(st.length * 0.9)] ?? 0;
  const vowelFrames = utterance.words.flatMap((w) =>
    w.phones.filter((p) => isVowel(p.phone)).map((p) => p.features.frames),
  );
  let npvi = 0;
  for (let i = 1; i < vowelFrames.length; i++) {
    const a = vowelFrames[i - 1] ?? 1;
    const b = vowelFrames[i] ?? 1;
    npvi += Math.abs(a - b) / ((a + b) / 2);
  }
  npvi = vowelFrames.length > 1 ? (100 * npvi) / (vowelFrames.length - 1) : 0;
  const speechMs = speechFrames * FRAME_MS;
  return {
    speechMs,
    pauseCount: pauses.length,
    pauseMs: pauseFrames * FRAME_MS,
    wordsPerMinute: (utterance.words.length / speechMs) * 60_000,
    articulationRate: phoneCount / ((Math.max(1, speechFrames - pauseFrames) * FRAME_MS) / 1000),
    pitchStdSemitones: stStd,
    pitchRangeSemitones: p90 - p10,
    pitchSlope: slopeCount > 0 ? slopeSum / slopeCount : 0,
    vowelNpvi: npvi,
  };
}

export const UTTERANCE_FEATURE_NAMES = [
  'meanPhonePred',
  'minWordPred',
  'meanWordPred',
  'lowWordFraction',
  'meanGop',
  'meanMatch',
  'freeEditRatio',
  'logArticulationRate',
  'logWpm',
  'pauseCount',
  'pauseFraction',
  'leadingSilenceSec',
  'pitchStd',
  'pitchRange',
  'pitchSlope',
  'vowelNpvi',
  'wordCount',
  'voicedFraction',
  'logDurPerPhone',
  'stressCorrectFraction',
  'sdWordPred',
  'lowPhoneFraction',
  'substitutedFraction',
  'meanGopZ',
  'lowGopZFraction',
  'meanForcedPerFrame',
  'meanFreePerFrame',
  'vowelMeanGop',
  'consonantMeanGop',
  'meanAbsLogDurRatio',
  'logMeanPitch',
  'shortPhoneFraction',
  'elongatedFraction',
  'wordPaceCv',
  'longestPauseSec',
  'trailingSilenceSec',
  'phonePredP10',
  'phonePredP25',
  'phonePredMedian',
  'minPhonePred',
  'veryLowPhoneFraction',
  'imperfectPhoneFraction',
  'wordPredP25',
  'badWordFraction',
  'imperfectWordFraction',
  'vowelMeanPhonePred',
  'consonantMeanPhonePred',
  'heardSameFraction',
  'meanConfusionGain',
  'gopZP10',
  'gopZP25',
  'gopZMedian',
  'noMatchFraction',
] as const;

/** The q-quantile (0–1) of a list (nearest rank); 0 for an empty list. */
function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export function utteranceFeatures(
  utterance: AlignedUtterance,
  phonePreds: readonly number[],
  wordPreds: readonly number[],
  timing: UtteranceTiming,
  stressCorrect: readonly boolean[],
  norms: PhoneNorms,
): number[] {
  const gopZ = (p: AlignedPhone): number => {
    const norm = norms[p.phone];
    const z = norm ? (clampGop(p.features.gop) - norm.gopMean) / (norm.gopSd || 1) : 0;
    return Math.max(-5, Math.min(3, z));
  };
  const absLogDur = (p: AlignedPhone): number =>
    Math.abs(Math.log(p.features.frames / (norms[p.phone]?.frames ?? DEFAULT_TYPICAL_FRAMES)));
  const pitched = utterance.words
    .flatMap((w) => w.phones)
    .filter((p) => p.features.meanPitchHz > 0);
  const phones = utterance.words.flatMap((w) => w.phones);
  const expected = phones.map((p) => p.phone);
  const edit = phoneEditDistance(expected, utterance.freePhones) / Math.max(1, expected.length);
  const voiced = mean(phones.map((p) => p.features.voicedFraction));
  const wordMean = mean(wordPreds);
  return [
    mean(phonePreds),
    Math.min(...wordPreds),
    wordMean,
    mean(wordPreds.map((w) => (w < 7 ? 1 : 0))),
    mean(phones.map((p) => clampGop(p.features.gop))),
    mean(phones.map((p) => p.features.matchFraction)),
    Math.min(2, edit),
    Math.log(Math.max(0.5, timing.articulationRate)),
    Math.log(Math.max(10, timing.wordsPerMinute)),
    Math.min(8, timing.pauseCount),
    timing.pauseMs / Math.max(1, timing.speechMs),
    Math.min(3, (utterance.speechStartFrame * FRAME_MS) / 1000),
    Math.min(8, timing.pitchStdSemitones),
    Math.min(20, timing.pitchRangeSemitones),
    Math.min(3, timing.pitchSlope),
    Math.min(150, timing.vowelNpvi),
    Math.min(30, utterance.words.length),
    voiced,
    Math.log(timing.speechMs / Math.max(1, phones.length)),
    stressCorrect.length > 0 ? mean(stressCorrect.map((s) => (s ? 1 : 0))) : 1,
    Math.sqrt(mean(wordPreds.map((w) => (w - wordMean) ** 2))),
    mean(phonePreds.map((p) => (p < 1.5 ? 1 : 0))),
    mean(phones.map((p) => (isSubstituted(p) ? 1 : 0))),
    mean(phones.map(gopZ)),
    mean(phones.map((p) => (gopZ(p) < -1.5 ? 1 : 0))),
    mean(phones.map((p) => Math.max(-100, p.features.forcedPerFrame))),
    mean(phones.map((p) => Math.max(-100, p.features.freePerFrame))),
    mean(phones.filter((p) => isVowel(p.phone)).map((p) => clampGop(p.features.gop))),
    mean(phones.filter((p) => !isVowel(p.phone)).map((p) => clampGop(p.features.gop))),
    mean(phones.map(absLogDur)),
    pitched.length > 0 ? Math.log(mean(pitched.map((p) => p.features.meanPitchHz))) : Math.log(150),
    mean(phones.map((p) => (p.features.frames <= 3 ? 1 : 0))),
    mean(phones.map((p) => (absLogDur(p) > Math.log(2.5) && p.features.frames > 8 ? 1 : 0))),
    wordPaceCv(utterance),
    Math.min(3, Math.max(0, ...utterance.pauses.map((q) => q.endFrame - q.startFrame + 1)) / 100),
    Math.min(3, Math.max(0, utterance.frames - 1 - utterance.speechEndFrame) / 100),
    quantile(phonePreds, 0.1),
    quantile(phonePreds, 0.25),
    quantile(phonePreds, 0.5),
    phonePreds.length > 0 ? Math.min(...phonePreds) : 0,
    mean(phonePreds.map((p) => (p < 1 ? 1 : 0))),
    mean(phonePreds.map((p) => (p < 1.8 ? 1 : 0))),
    quantile(wordPreds, 0.25),
    mean(wordPreds.map((w) => (w < 5 ? 1 : 0))),
    mean(wordPreds.map((w) => (w < 8 ? 1 : 0))),
    mean(phonePreds.filter((_, i) => isVowel(phones[i]?.phone ?? 'AA'))),
    mean(phonePreds.filter((_, i) => !isVowel(phones[i]?.phone ?? 'AA'))),
    mean(phones.map((p) => (p.heard === p.phone ? 1 : 0))),
    mean(
      phones.map((p) =>
        p.confusion
          ? Math.max(-20, Math.min(40, p.confusion.scorePerFrame - p.features.forcedPerFrame))
          : 0,
      ),
    ),
    quantile(phones.map(gopZ), 0.1),
    quantile(phones.map(gopZ), 0.25),
    quantile(phones.map(gopZ), 0.5),
    mean(phones.map((p) => (p.features.matchFraction === 0 ? 1 : 0))),
  ];
}

/** Coefficient of variation of the words' duration per phone: uneven pace suggests hesitation. */
function wordPaceCv(utterance: AlignedUtterance): number {
  const pace = utterance.words.map(
    (w) => (w.endFrame - w.startFrame + 1) / Math.max(1, w.phones.length),
  );
  const m = mean(pace);
  if (pace.length < 2 || m === 0) return 0;
  return Math.min(2, Math.sqrt(mean(pace.map((v) => (v - m) ** 2))) / m);
}

/**
 * Lexical stress check for a word of two or more syllables: the vowel with the
 * most prominence (duration, loudness and pitch, each relative to the word's
 * other vowels) should carry the dictionary's primary stress. Null for
 * one-syllable words, where stress is not judged.
 */
export function judgeStress(word: AlignedWord): boolean | null {
  const vowels = word.phones.filter((p) => isVowel(p.phone));
  if (vowels.length < 2) return null;
  const primary = vowels.findIndex((p) => p.stress === 1);
  if (primary < 0) return null;
  const z = (values: number[]): number[] => {
    const m = mean(values);
    const sd = Math.sqrt(mean(values.map((v) => (v - m) ** 2))) || 1;
    return values.map((v) => (v - m) / sd);
  };
  const dur = z(vowels.map((p) => Math.log(p.features.frames)));
  const level = z(vowels.map((p) => p.features.relativeLevelDb));
  const pitch = z(
    vowels.map((p) => (p.features.meanPitchHz > 0 ? Math.log(p.features.meanPitchHz) : 0)),
  );
  const prominence = vowels.map((_, i) => (dur[i] ?? 0) + (level[i] ?? 0) + 0.5 * (pitch[i] ?? 0));
  let best = 0;
  prominence.forEach((value, i) => {
    if (value > (prominence[best] ?? -Infinity)) best = i;
  });
  return best === primary;
}
