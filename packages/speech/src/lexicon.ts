/**
 * Word pronunciations: every CMUdict variant (all accepted as correct), with
 * an espeak-ng guess for words the dictionary lacks.
 */
import { dictionary } from 'cmu-pronouncing-dictionary';
import { guessPronunciations, type StressedPhone } from './g2p.ts';
import { parseCmuPhone } from './phones.ts';

export type { StressedPhone } from './g2p.ts';

/** One word of the prompt with the pronunciations we accept for it. */
export interface LexiconEntry {
  /** The word as written in the prompt (punctuation stripped). */
  word: string;
  /** Accepted pronunciations, most common first. Never empty. */
  variants: StressedPhone[][];
  /** Where the pronunciations come from. */
  source: 'cmudict' | 'g2p';
}

const dict = dictionary as Record<string, string>;

function parseVariant(text: string): StressedPhone[] {
  const phones: StressedPhone[] = [];
  for (const token of text.split(' ')) {
    const parsed = parseCmuPhone(token);
    if (parsed) phones.push(parsed);
  }
  return phones;
}

/** Dictionary pronunciations of a word (lower-cased), or [] when absent. */
export function lookupCmudict(word: string): StressedPhone[][] {
  const key = word.toLowerCase();
  const variants: StressedPhone[][] = [];
  const first = dict[key];
  if (first === undefined) return variants;
  variants.push(parseVariant(first));
  for (let n = 2; ; n++) {
    const next = dict[`${key}(${n})`];
    if (next === undefined) break;
    variants.push(parseVariant(next));
  }
  return variants.filter((v) => v.length > 0);
}

/**
 * Splits prompt text into words: letters, digits and inner apostrophes; other
 * punctuation separates or is dropped ("Don't stop!" -> ["Don't", "stop"]).
 */
export function tokenizeText(text: string): string[] {
  return text
    .split(/[^A-Za-z0-9']+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w.length > 0);
}

const g2pCache = new Map<string, StressedPhone[]>();

/** Looks every word up, guessing the missing ones with one espeak-ng call. */
export async function buildLexicon(words: readonly string[]): Promise<LexiconEntry[]> {
  const entries: Array<LexiconEntry | null> = words.map((word) => {
    const variants = lookupCmudict(word);
    return variants.length > 0 ? { word, variants, source: 'cmudict' } : null;
  });
  const missing = [
    ...new Set(words.filter((w, i) => entries[i] === null && !g2pCache.has(w.toLowerCase()))),
  ];
  if (missing.length > 0) {
    const guesses = await guessPronunciations(missing);
    missing.forEach((w, i) => g2pCache.set(w.toLowerCase(), guesses[i] ?? []));
  }
  return words.map((word, i) => {
    const entry = entries[i];
    if (entry) return entry;
    const guess = g2pCache.get(word.toLowerCase()) ?? [];
    // An unpronounceable token (e.g. "'") still needs one phone to align against.
    return {
      word,
      variants: [guess.length > 0 ? guess : [{ phone: 'AH', stress: 1 }]],
      source: 'g2p',
    };
  });
}
