/**
 * `assess({ audio, text, options })`: the engine's one entry point (issue 3).
 * Decode → signal checks → align and recognise → script checks → calibrated
 * scores → letters and advice.
 */
import { FRAME_MS, frameLevelsDb } from './alignment.ts';
import { analyzeRecording, type Analysis } from './analyze.ts';
import { decodeAudio, type AudioInput } from './audio.ts';
import { loadCalibration, type Calibration } from './calibration.ts';
import { alignLetters } from './letters.ts';
import { buildLexicon, tokenizeText } from './lexicon.ts';
import { renderModelPronunciation, type ModelAudio } from './model-voice.ts';
import { ARTICULATION_TIPS, toIpa, type Phone } from './phones.ts';
import { createScoringPool, type ScoringPool } from './pool.ts';
import {
  gatherEvidence,
  judgeScript,
  judgeSignal,
  measureSignal,
  RETAKE_MESSAGES,
  type QualityVerdict,
} from './quality.ts';
import { scoreAlignment, type ModelScores } from './scoring.ts';

/** A score on the learner's scale: integer 0–100, higher is better. */
export type Score = number;

export interface PhoneAssessment {
  /** Expected sound, ARPAbet without stress digit (e.g. "TH"). */
  arpabet: Phone;
  /** Expected sound in IPA (e.g. "θ"). */
  ipa: string;
  /** Position in the recording, ms from its start. */
  startMs: number;
  endMs: number;
  /** How well the expected sound was produced, 0–100. */
  score: Score;
  /**
   * What the engine most likely heard instead ("what you said"): the usual substitute
   * (e.g. S for TH, L for R) that fitted these frames better than the expected sound in
   * the confusion pass; null when the expected sound fitted best.
   */
  heard: { arpabet: Phone; ipa: string } | null;
  /** Share of the phone's frames where free phone recognition agreed with the expected sound, 0–1 ("how sure"). */
  agreement: number;
}

export interface LetterAssessment {
  /** The letters as written (one or more, e.g. "igh" spelling AY in "knight"). */
  letters: string;
  /** Index of the first letter in the word, 0-based. */
  start: number;
  /** Indexes into the word's `phones` that these letters spell (empty only for an unpronounced symbol). */
  phoneIndexes: number[];
  /** Score of the sound(s) these letters spell, 0–100 (lowest if two). */
  score: Score;
}

export interface WordAssessment {
  text: string;
  startMs: number;
  endMs: number;
  /** Pronunciation accuracy of the word, 0–100. */
  accuracy: Score;
  /** Lexical stress for words of two or more syllables; null for one-syllable words. */
  stress: { isCorrect: boolean; expectedSyllable: number } | null;
  /** Where the expected pronunciation came from (dictionary or spelling-based guess). */
  pronunciationSource: 'cmudict' | 'g2p';
  phones: PhoneAssessment[];
  /** The word's letters aligned to its sounds (the spec's `letter_based`). */
  letters: LetterAssessment[];
}

export interface UtteranceAssessment {
  /** Pronunciation accuracy of the whole utterance, 0–100. */
  accuracy: Score;
  /** Smoothness: rate, pauses, hesitations, 0–100. */
  fluency: Score;
  /** Intonation and rhythm, 0–100. */
  prosody: Score;
  /** Share of the text actually said, 0–100. */
  completeness: Score;
  /** Overall score, 0–100. */
  total: Score;
  /** Words per minute over the span from the first to the last word. */
  speechRateWpm: number;
  /** Silent gaps of at least 150 ms between words. */
  pauseCount: number;
  /** Total length of those gaps, ms. */
  pauseMs: number;
}

export interface Quality {
  verdict: QualityVerdict;
  /** Plain-English reason and what to do; null when ok. */
  message: string | null;
  /** True when the learner should record again instead of receiving a score. */
  retake: boolean;
}

export interface Advice {
  /** The weak sound, ARPAbet and IPA. */
  arpabet: Phone;
  ipa: string;
  /** Its lowest score in this recording, 0–100. */
  score: Score;
  /** How to make the sound: tongue, lips, voicing. */
  tip: string;
  /** The prompt's words containing the weak sound, in order. */
  words: string[];
  /** Model pronunciation of the first of those words (espeak-ng, American voice), when requested. */
  modelAudio?: ModelAudio;
}

export type Assessment =
  | {
      status: 'scored';
      text: string;
      durationMs: number;
      quality: Quality & { verdict: 'ok' };
      utterance: UtteranceAssessment;
      words: WordAssessment[];
      advice: Advice[];
    }
  | {
      status: 'retake';
      text: string;
      durationMs: number;
      quality: Quality;
      utterance: null;
      words: [];
      advice: [];
    };

export interface AssessOptions {
  /** Decoder pool; defaults to a shared pool of two helpers created on first use. */
  pool?: ScoringPool;
  /** Number of weak sounds to advise on, 0–10; default 3. */
  adviceCount?: number;
  /** Render model pronunciation audio for each advised word; default false (the server renders on demand). */
  includeModelAudio?: boolean;
  /** Advise on sounds scoring below this, 0–100; default 70. */
  adviceBelow?: number;
  calibration?: Calibration;
}

export interface AssessInput {
  audio: AudioInput;
  /** What the learner was asked to say. */
  text: string;
  options?: AssessOptions;
}

let defaultPool: ScoringPool | null = null;

/** The shared pool used when `options.pool` is not given. */
export function getDefaultPool(): ScoringPool {
  defaultPool ??= createScoringPool({ size: 2, maxQueue: 16 });
  return defaultPool;
}

export async function closeDefaultPool(): Promise<void> {
  const pool = defaultPool;
  defaultPool = null;
  await pool?.close();
}

const toPct = (value: number, scale: number): Score =>
  Math.max(0, Math.min(100, Math.round((value / scale) * 100)));

function retake(
  text: string,
  durationMs: number,
  verdict: Exclude<QualityVerdict, 'ok'>,
): Assessment {
  return {
    status: 'retake',
    text,
    durationMs,
    quality: { verdict, message: RETAKE_MESSAGES[verdict], retake: true },
    utterance: null,
    words: [],
    advice: [],
  };
}

/** Scores an analysed recording without the quality gate (used by `assess`, eval and tests). */
export function scoreAnalysis(
  analysis: Analysis,
  calibration: Calibration = loadCalibration(),
): ModelScores | null {
  if (!analysis.aligned) return null;
  return scoreAlignment(analysis.aligned, analysis.decoder.pitchHz, calibration);
}

/**
 * Assesses a recording of `text`. Never returns a low score for a recording
 * that cannot be judged: those come back with `status: 'retake'`.
 * Throws AudioDecodeError for unreadable audio and QueueFullError when the pool is saturated.
 */
export async function assess({ audio, text, options = {} }: AssessInput): Promise<Assessment> {
  const decoded = await decodeAudio(audio);
  const words = tokenizeText(text);
  if (words.length === 0) throw new Error('the text to assess has no words');
  const levels = frameLevelsDb(decoded.samples);
  const entries = await buildLexicon(words);
  const phoneCount = entries.reduce((a, e) => a + Math.min(...e.variants.map((v) => v.length)), 0);
  const signal = judgeSignal(measureSignal(decoded.samples, levels), phoneCount);
  if (signal !== 'ok') return retake(text, decoded.durationMs, signal);

  const pool = options.pool ?? getDefaultPool();
  const analysis = await analyzeRecording(pool, decoded.samples, text);
  const script = judgeScript(
    analysis.aligned,
    analysis.aligned ? gatherEvidence(analysis.aligned) : null,
  );
  if (script !== 'ok' || !analysis.aligned)
    return retake(text, decoded.durationMs, script === 'ok' ? 'off_script' : script);

  const calibration = options.calibration ?? loadCalibration();
  const scores = scoreAlignment(analysis.aligned, analysis.decoder.pitchHz, calibration);
  const assessedWords: WordAssessment[] = analysis.aligned.words.map((word, w) => {
    const entry = analysis.entries[w];
    const phoneScores = (scores.phones[w] ?? []).map((s) => toPct(s, 2));
    const phones: PhoneAssessment[] = word.phones.map((p, i) => ({
      arpabet: p.phone,
      ipa: toIpa(p.phone, p.stress ?? undefined),
      startMs: p.startFrame * FRAME_MS,
      endMs: (p.endFrame + 1) * FRAME_MS,
      score: phoneScores[i] ?? 0,
      heard:
        p.confusion && p.confusion.phone !== p.phone
          ? { arpabet: p.confusion.phone, ipa: toIpa(p.confusion.phone) }
          : null,
      agreement: Number(p.features.matchFraction.toFixed(2)),
    }));
    const vowels = word.phones.filter((p) => p.stress !== null);
    const stressJudged = scores.stress[w];
    return {
      text: word.text,
      startMs: word.startFrame * FRAME_MS,
      endMs: (word.endFrame + 1) * FRAME_MS,
      accuracy: toPct(scores.words[w] ?? 0, 10),
      stress:
        stressJudged === null || stressJudged === undefined
          ? null
          : { isCorrect: stressJudged, expectedSyllable: vowels.findIndex((p) => p.stress === 1) },
      pronunciationSource: entry?.source ?? 'cmudict',
      phones,
      letters: alignLetters(
        word.text,
        word.phones.map((p) => p.phone),
      ).map((group) => ({
        letters: group.letters,
        start: group.start,
        phoneIndexes: group.phoneIndexes,
        score:
          group.phoneIndexes.length > 0
            ? Math.min(...group.phoneIndexes.map((i) => phoneScores[i] ?? 0))
            : 0,
      })),
    };
  });

  const advice = await buildAdvice(assessedWords, options);
  const u = scores.utterance;
  return {
    status: 'scored',
    text,
    durationMs: decoded.durationMs,
    quality: { verdict: 'ok', message: null, retake: false },
    utterance: {
      accuracy: toPct(u.accuracy, 10),
      fluency: toPct(u.fluency, 10),
      prosody: toPct(u.prosodic, 10),
      completeness: toPct(u.completeness, 10),
      total: toPct(u.total, 10),
      speechRateWpm: Math.round(scores.timing.wordsPerMinute),
      pauseCount: scores.timing.pauseCount,
      pauseMs: scores.timing.pauseMs,
    },
    words: assessedWords,
    advice,
  };
}

async function buildAdvice(
  words: readonly WordAssessment[],
  options: AssessOptions,
): Promise<Advice[]> {
  const count = Math.max(0, Math.min(10, options.adviceCount ?? 3));
  const below = options.adviceBelow ?? 70;
  const weakest = new Map<Phone, { score: number; words: string[] }>();
  for (const word of words) {
    for (const phone of word.phones) {
      if (phone.score >= below) continue;
      const entry = weakest.get(phone.arpabet) ?? { score: 101, words: [] };
      entry.score = Math.min(entry.score, phone.score);
      if (!entry.words.includes(word.text)) entry.words.push(word.text);
      weakest.set(phone.arpabet, entry);
    }
  }
  const chosen = [...weakest.entries()].sort((a, b) => a[1].score - b[1].score).slice(0, count);
  return Promise.all(
    chosen.map(async ([phone, entry]) => {
      const advice: Advice = {
        arpabet: phone,
        ipa: toIpa(phone),
        score: entry.score,
        tip: ARTICULATION_TIPS[phone],
        words: entry.words,
      };
      const first = entry.words[0];
      if (options.includeModelAudio && first)
        advice.modelAudio = await renderModelPronunciation(first);
      return advice;
    }),
  );
}
