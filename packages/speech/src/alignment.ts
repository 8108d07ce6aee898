/**
 * Turns the decoder's raw segments into the prompt's words and phones with
 * goodness-of-pronunciation (GOP) features per phone.
 */
import type { LexiconEntry, StressedPhone } from './lexicon.ts';
import type { DecoderResult, DecoderSegment } from './pool.ts';
import { isPhone, isVowel, type Phone } from './phones.ts';

/** Frame length of the acoustic front end, in ms. */
export const FRAME_MS = 10;

/** Builds the JSGF grammar whose words are single phones; one alternative per dictionary variant. */
export function buildGrammar(entries: readonly LexiconEntry[]): string {
  const rules = entries.map((entry, i) => {
    const variants = [
      ...new Set(entry.variants.map((v) => v.map((p) => p.phone.toLowerCase()).join(' '))),
    ];
    return `<w${i}> = ( ${variants.join(' | ')} );`;
  });
  const top = `public <utt> = ${entries.map((_, i) => `<w${i}>`).join(' ')};`;
  return ['#JSGF V1.0;', 'grammar cs;', top, ...rules, ''].join('\n');
}

/** Per-phone measurements that the calibration maps to expert scores. */
export interface PhoneFeatures {
  frames: number;
  /** Forced-alignment acoustic score per frame. */
  forcedPerFrame: number;
  /** Free phone recognition score per frame over the same frames. */
  freePerFrame: number;
  /** forcedPerFrame − freePerFrame (≤ 0 when another phone fits better). */
  gop: number;
  /** Fraction of the phone's frames that free recognition labelled with the same phone. */
  matchFraction: number;
  /** Mean RMS level of the phone's frames relative to the utterance's speech level, dB. */
  relativeLevelDb: number;
  /** Fraction of the phone's frames with a pitch. */
  voicedFraction: number;
  /** Mean pitch in Hz over voiced frames (0 if none). */
  meanPitchHz: number;
}

export interface AlignedPhone {
  phone: Phone;
  /**
   * Result of the confusion pass: the phone chosen when the expected one competed
   * with its usual substitutes (same as `phone` when it won), with its score per
   * frame. Null when the pass did not run or could not be matched.
   */
  confusion: { phone: Phone; scorePerFrame: number } | null;
  /** CMUdict stress digit for vowels (0, 1, 2), null for consonants. */
  stress: number | null;
  startFrame: number;
  /** Inclusive. */
  endFrame: number;
  /** Most likely phone the free recognizer heard over these frames (null when silence/noise). */
  heard: Phone | null;
  features: PhoneFeatures;
}

export interface AlignedWord {
  text: string;
  /** Which dictionary variant the learner's audio matched best. */
  variantIndex: number;
  phones: AlignedPhone[];
  startFrame: number;
  endFrame: number;
}

export interface AlignedUtterance {
  words: AlignedWord[];
  /** Frames of silence between the first and the last word, with their spans. */
  pauses: Array<{ startFrame: number; endFrame: number }>;
  /** Free-recognition phones (no silence) in order. */
  freePhones: Phone[];
  frames: number;
  /** First and last frame of speech according to the alignment. */
  speechStartFrame: number;
  speechEndFrame: number;
}

function segmentPhone(label: string): Phone | null {
  const upper = label.toUpperCase();
  return isPhone(upper) ? upper : null;
}

/** Picks, word by word, the variant that reproduces the aligned phone sequence. */
function matchVariants(
  entries: readonly LexiconEntry[],
  phones: readonly Phone[],
): number[] | null {
  const memo = new Map<string, number[] | null>();
  const walk = (wordIndex: number, phoneIndex: number): number[] | null => {
    if (wordIndex === entries.length) return phoneIndex === phones.length ? [] : null;
    const key = `${wordIndex}:${phoneIndex}`;
    if (memo.has(key)) return memo.get(key) ?? null;
    const entry = entries[wordIndex] as LexiconEntry;
    let found: number[] | null = null;
    for (let v = 0; v < entry.variants.length && !found; v++) {
      const variant = entry.variants[v] as StressedPhone[];
      const fits = variant.every((p, k) => phones[phoneIndex + k] === p.phone);
      if (!fits) continue;
      const rest = walk(wordIndex + 1, phoneIndex + variant.length);
      if (rest) found = [v, ...rest];
    }
    memo.set(key, found);
    return found;
  };
  return walk(0, 0);
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0) + 1);
}

/** RMS level per 10 ms frame in dBFS. */
export function frameLevelsDb(samples: Int16Array): Float32Array {
  const frameSamples = 160;
  const count = Math.floor(samples.length / frameSamples);
  const levels = new Float32Array(count);
  for (let f = 0; f < count; f++) {
    let sum = 0;
    for (let i = f * frameSamples; i < (f + 1) * frameSamples; i++) {
      const s = (samples[i] ?? 0) / 32768;
      sum += s * s;
    }
    levels[f] = 10 * Math.log10(sum / frameSamples + 1e-10);
  }
  return levels;
}

/**
 * Interprets a decoder result for the prompt. Returns null when the forced
 * alignment is missing or does not match the grammar (caller retries / rejects).
 */
export function interpretAlignment(
  entries: readonly LexiconEntry[],
  result: DecoderResult,
  levelsDb: Float32Array,
): AlignedUtterance | null {
  if (!result.align) return null;
  const phoneSegs: Array<DecoderSegment & { phone: Phone }> = [];
  for (const seg of result.align) {
    const phone = segmentPhone(seg.label);
    if (phone) phoneSegs.push({ ...seg, phone });
  }
  const variantChoice = matchVariants(
    entries,
    phoneSegs.map((s) => s.phone),
  );
  if (!variantChoice) return null;

  const free = result.free
    .map((seg) => ({ ...seg, phone: segmentPhone(seg.label) }))
    .filter((seg) => seg.endFrame >= seg.startFrame);

  // Speech level: the loud frames inside the aligned speech span.
  const first = phoneSegs[0];
  const last = phoneSegs[phoneSegs.length - 1];
  const speechStartFrame = first?.startFrame ?? 0;
  const speechEndFrame = last?.endFrame ?? 0;
  const speechLevels = Array.from(levelsDb.subarray(speechStartFrame, speechEndFrame + 1)).sort(
    (a, b) => a - b,
  );
  const speechLevelDb = speechLevels[Math.floor(speechLevels.length * 0.9)] ?? -30;

  const words: AlignedWord[] = [];
  let cursor = 0;
  entries.forEach((entry, w) => {
    const variantIndex = variantChoice[w] ?? 0;
    const variant = entry.variants[variantIndex] as StressedPhone[];
    const phones: AlignedPhone[] = variant.map((expected, k) => {
      const seg = phoneSegs[cursor + k] as DecoderSegment & { phone: Phone };
      const frames = seg.endFrame - seg.startFrame + 1;
      let freeScore = 0;
      let matchFrames = 0;
      const heardFrames = new Map<string, number>();
      for (const f of free) {
        const ov = overlap(seg.startFrame, seg.endFrame, f.startFrame, f.endFrame);
        if (ov === 0) continue;
        const len = f.endFrame - f.startFrame + 1;
        freeScore += (f.acousticScore * ov) / len;
        if (f.phone === expected.phone) matchFrames += ov;
        const key = f.phone ?? 'SIL';
        heardFrames.set(key, (heardFrames.get(key) ?? 0) + ov);
      }
      let heard: Phone | null = null;
      let best = 0;
      for (const [label, count] of heardFrames) {
        if (count > best) {
          best = count;
          heard = isPhone(label) ? label : null;
        }
      }
      let levelSum = 0;
      let voiced = 0;
      let pitchSum = 0;
      for (let fr = seg.startFrame; fr <= seg.endFrame; fr++) {
        levelSum += levelsDb[fr] ?? -100;
        const hz = result.pitchHz[fr] ?? 0;
        if (hz > 0) {
          voiced++;
          pitchSum += hz;
        }
      }
      const forcedPerFrame = seg.acousticScore / frames;
      const freePerFrame = freeScore / frames;
      return {
        phone: expected.phone,
        stress: expected.stress,
        startFrame: seg.startFrame,
        endFrame: seg.endFrame,
        heard,
        confusion: null,
        features: {
          frames,
          forcedPerFrame,
          freePerFrame,
          gop: forcedPerFrame - freePerFrame,
          matchFraction: matchFrames / frames,
          relativeLevelDb: levelSum / frames - speechLevelDb,
          voicedFraction: voiced / frames,
          meanPitchHz: voiced > 0 ? pitchSum / voiced : 0,
        },
      };
    });
    cursor += variant.length;
    words.push({
      text: entry.word,
      variantIndex,
      phones,
      startFrame: phones[0]?.startFrame ?? 0,
      endFrame: phones[phones.length - 1]?.endFrame ?? 0,
    });
  });

  const pauses: Array<{ startFrame: number; endFrame: number }> = [];
  for (const seg of result.align) {
    if (segmentPhone(seg.label)) continue;
    if (seg.startFrame > speechStartFrame && seg.endFrame < speechEndFrame) {
      pauses.push({ startFrame: seg.startFrame, endFrame: seg.endFrame });
    }
  }
  const freePhones = free.flatMap((f) => (f.phone ? [f.phone] : []));
  return { words, pauses, freePhones, frames: result.frames, speechStartFrame, speechEndFrame };
}

/** Levenshtein distance between two phone sequences. */
export function phoneEditDistance(a: readonly string[], b: readonly string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const sub = (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(sub, (prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

export { isVowel };

/**
 * Sounds that learners commonly produce instead of each phone (voicing,
 * place and vowel-quality confusions, with Mandarin and other L1 transfers
 * in mind). The confusion pass lets each expected phone compete with these.
 */
export const CONFUSIONS: Record<Phone, readonly Phone[]> = {
  AA: ['AO', 'AH', 'AE'],
  AE: ['EH', 'AA', 'AH'],
  AH: ['AA', 'AO', 'ER'],
  AO: ['AA', 'OW'],
  AW: ['AO', 'OW'],
  AY: ['AA', 'EY'],
  B: ['P', 'V'],
  CH: ['SH', 'JH', 'T'],
  D: ['T', 'DH'],
  DH: ['D', 'Z', 'L'],
  EH: ['AE', 'IH', 'EY'],
  ER: ['AH', 'AA'],
  EY: ['EH', 'IY'],
  F: ['P', 'V'],
  G: ['K'],
  HH: ['F', 'K'],
  IH: ['IY', 'EH'],
  IY: ['IH'],
  JH: ['CH', 'ZH', 'Z'],
  K: ['G', 'T'],
  L: ['R', 'N'],
  M: ['N'],
  N: ['L', 'NG'],
  NG: ['N'],
  OW: ['AO', 'UW'],
  OY: ['OW', 'AO'],
  P: ['B', 'F'],
  R: ['L', 'W'],
  S: ['SH', 'TH', 'Z'],
  SH: ['S', 'ZH'],
  T: ['D', 'CH'],
  TH: ['S', 'F', 'T'],
  UH: ['UW'],
  UW: ['UH', 'OW'],
  V: ['W', 'F', 'B'],
  W: ['V'],
  Y: ['IY'],
  Z: ['S', 'JH'],
  ZH: ['SH', 'JH', 'Z'],
};

/** Grammar for the confusion pass: one slot per aligned phone, expected phone or a usual substitute. */
export function buildConfusionGrammar(aligned: AlignedUtterance): string {
  const slots = aligned.words.flatMap((w) =>
    w.phones.map(
      (p) => `( ${[p.phone, ...CONFUSIONS[p.phone]].map((x) => x.toLowerCase()).join(' | ')} )`,
    ),
  );
  return ['#JSGF V1.0;', 'grammar cs;', `public <utt> = ${slots.join(' ')};`, ''].join('\n');
}

/** Stores the confusion pass's choice on each aligned phone (in place). */
export function applyConfusionPass(
  aligned: AlignedUtterance,
  segments: DecoderSegment[] | null,
): void {
  if (!segments) return;
  const chosen = segments.flatMap((seg) => {
    const phone = segmentPhone(seg.label);
    return phone
      ? [{ phone, perFrame: seg.acousticScore / (seg.endFrame - seg.startFrame + 1) }]
      : [];
  });
  const phones = aligned.words.flatMap((w) => w.phones);
  if (chosen.length !== phones.length) return;
  phones.forEach((p, i) => {
    const c = chosen[i];
    if (c) p.confusion = { phone: c.phone, scorePerFrame: c.perFrame };
  });
}
