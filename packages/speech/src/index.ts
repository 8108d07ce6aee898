/**
 * @clearspeak/speech: the ClearSpeak pronunciation engine.
 * See README.md for an overview; every exported type documents its units and ranges.
 */
export {
  assess,
  closeDefaultPool,
  getDefaultPool,
  scoreAnalysis,
  type Advice,
  type AssessInput,
  type AssessOptions,
  type Assessment,
  type LetterAssessment,
  type PhoneAssessment,
  type Quality,
  type Score,
  type UtteranceAssessment,
  type WordAssessment,
} from './assess.ts';
export {
  AudioDecodeError,
  decodeAudio,
  encodeWav,
  SAMPLE_RATE_HZ,
  type AudioInput,
  type DecodedAudio,
} from './audio.ts';
export {
  createScoringPool,
  DecoderError,
  QueueFullError,
  type ScoringPool,
  type ScoringPoolOptions,
} from './pool.ts';
export { renderModelPronunciation, type ModelAudio, type RenderOptions } from './model-voice.ts';
export { ARTICULATION_TIPS, ARPABET_PHONES, toIpa, type Phone } from './phones.ts';
export { buildLexicon, lookupCmudict, tokenizeText, type LexiconEntry } from './lexicon.ts';
export { alignLetters, type LetterGroup } from './letters.ts';
export { RETAKE_MESSAGES, type QualityVerdict } from './quality.ts';
