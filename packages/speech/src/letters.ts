/**
 * Letter-to-phone alignment: which letters of a word spell which sounds, so
 * the learner can see each letter coloured by the score of its sound (the
 * spec's `letter_based`). Silent letters ("k" in knight, "gh" in through)
 * join the group of the sound they sit with.
 */
import type { Phone } from './phones.ts';

/** Spellings each phone commonly has in English, most typical first. */
const SPELLINGS: Record<Phone, readonly string[]> = {
  AA: ['a', 'o', 'ah', 'al', 'au', 'aw', 'ough', 'ea'],
  AE: ['a', 'ai', 'au', 'al'],
  AH: ['u', 'a', 'o', 'e', 'i', 'ou', 'oo', 'oe', 'y', 'ai', 'io', 'eo', 'ia'],
  AO: ['o', 'aw', 'au', 'ough', 'augh', 'a', 'al', 'oa', 'ou', 'oo'],
  AW: ['ou', 'ow', 'ough', 'au'],
  AY: ['i', 'y', 'igh', 'ie', 'ye', 'ai', 'ei', 'uy', 'ey', 'eigh', 'is', 'ia'],
  B: ['b', 'bb', 'bu'],
  CH: ['ch', 'tch', 't', 'c', 'cz'],
  D: ['d', 'dd', 'ed', 'ld'],
  DH: ['th', 'the'],
  EH: ['e', 'ea', 'a', 'ai', 'ie', 'ay', 'ue', 'u'],
  ER: ['er', 'ir', 'ur', 'or', 'ear', 'our', 'ar', 're', 'r', 'yr', 'ere', 'eur'],
  EY: ['a', 'ai', 'ay', 'ei', 'ey', 'eigh', 'ea', 'et', 'e', 'aigh'],
  F: ['f', 'ff', 'ph', 'gh', 'fe', 'lf'],
  G: ['g', 'gg', 'gu', 'gue', 'gh'],
  HH: ['h', 'wh'],
  IH: ['i', 'y', 'e', 'u', 'ui', 'ee', 'ie', 'a', 'o'],
  IY: ['e', 'ee', 'ea', 'y', 'ie', 'ei', 'i', 'ey', 'eo', 'oe', 'ay'],
  JH: ['j', 'g', 'dg', 'dge', 'ge', 'gg', 'd', 'di'],
  K: ['k', 'c', 'ck', 'ch', 'q', 'kn', 'cc', 'qu', 'x', 'que', 'lk', 'cq'],
  L: ['l', 'll', 'le'],
  M: ['m', 'mm', 'mb', 'mn', 'lm', 'me'],
  N: ['n', 'nn', 'kn', 'gn', 'pn', 'ne', 'mn'],
  NG: ['ng', 'n', 'ngue'],
  OW: ['o', 'oa', 'ow', 'oe', 'ough', 'ou', 'eau', 'oh', 'ew'],
  OY: ['oi', 'oy'],
  P: ['p', 'pp'],
  R: ['r', 'rr', 'wr', 'rh', 're'],
  S: ['s', 'ss', 'c', 'sc', 'ps', 'se', 'ce', 'st', 'x', 'z'],
  SH: ['sh', 'ti', 'ci', 'ch', 's', 'ss', 'si', 'sci', 'ce'],
  T: ['t', 'tt', 'ed', 'pt', 'th', 'bt', 'te'],
  TH: ['th'],
  UH: ['oo', 'u', 'ou', 'o'],
  UW: ['oo', 'u', 'ue', 'ew', 'o', 'ou', 'ui', 'ough', 'oe', 'eue', 'ieu', 'eu', 'wo'],
  V: ['v', 'f', 've', 'vv', 'ph'],
  W: ['w', 'wh', 'u', 'o'],
  Y: ['y', 'i', 'j', 'u', 'ue', 'eu'],
  Z: ['z', 's', 'zz', 'ss', 'x', 'ze', 'se', 'es'],
  ZH: ['s', 'si', 'g', 'ge', 'z', 'ti'],
};

/** A run of letters spelling one sound (or two, as "x" spells K S). */
export interface LetterGroup {
  /** The letters as written, e.g. "igh". */
  letters: string;
  /** Index of the first letter in the word (0-based). */
  start: number;
  /** Indices into the word's phone list spelled by these letters (1 or 2 entries). */
  phoneIndexes: number[];
}

const VOWEL_LETTERS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

function spellingCost(letters: string, phones: readonly Phone[]): number {
  if (phones.length === 1) {
    const phone = phones[0] as Phone;
    const list = SPELLINGS[phone];
    const rank = list.indexOf(letters);
    if (rank >= 0) return 1 + rank * 0.05;
    // An unknown spelling that starts with a known one plus silent letters (e.g. "te" in "write").
    const prefix = list.find((s) => letters.startsWith(s));
    if (prefix && letters.length - prefix.length <= 2)
      return 2.2 + (letters.length - prefix.length) * 0.6;
    const suffix = list.find((s) => letters.endsWith(s));
    if (suffix && letters.length - suffix.length <= 2)
      return 2.4 + (letters.length - suffix.length) * 0.6;
    if (letters.length === 1) {
      const isVowelPhone = /^[AEIOU]/.test(phone);
      return VOWEL_LETTERS.has(letters) === isVowelPhone ? 4 : 6;
    }
    return 9;
  }
  // Two sounds from one spelling: "x" = K S, "u" = Y UW, "oi" = W AA, "qu" = K W ...
  const joined = phones.join(' ');
  const pairs: Record<string, readonly string[]> = {
    'K S': ['x', 'xc', 'cc'],
    'G Z': ['x'],
    'Y UW': ['u', 'ue', 'ew', 'eu', 'ieu', 'iew'],
    'Y AH': ['u'],
    'K W': ['qu'],
    'W AA': ['oi'],
    'W AH': ['o'],
    'Y ER': ['ur'],
    'AH L': ['le', 'l'],
    'AH N': ['en', 'on'],
    'AH M': ['m'],
    'ER Z': ['rs'],
  };
  if (pairs[joined]?.includes(letters)) return 1.5;
  return 12;
}

/**
 * Aligns a word's letters to its phones by dynamic programming over letter
 * groups of 1–4 letters spelling 1–2 phones, minimising a cost that prefers
 * common English spellings. Every letter belongs to exactly one group.
 */
export function alignLetters(word: string, phones: readonly Phone[]): LetterGroup[] {
  const text = word.toLowerCase();
  const n = text.length;
  const m = phones.length;
  if (n === 0) return [];
  if (m === 0) return [{ letters: word, start: 0, phoneIndexes: [] }];
  const INF = Number.POSITIVE_INFINITY;
  const cost: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(INF));
  const back: Array<Array<[number, number] | null>> = Array.from({ length: n + 1 }, () =>
    new Array<[number, number] | null>(m + 1).fill(null),
  );
  (cost[0] as number[])[0] = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      const here = cost[i]?.[j] ?? INF;
      if (here === INF) continue;
      for (let len = 1; len <= 4 && i + len <= n; len++) {
        const letters = text.slice(i, i + len);
        for (let k = 1; k <= 2 && j + k <= m; k++) {
          const c = here + spellingCost(letters, phones.slice(j, j + k)) + (len > 1 ? 0.1 : 0);
          const row = cost[i + len] as number[];
          if (c < (row[j + k] ?? INF)) {
            row[j + k] = c;
            (back[i + len] as Array<[number, number] | null>)[j + k] = [i, j];
          }
        }
      }
    }
  }
  if ((cost[n]?.[m] ?? INF) === INF) {
    // More phones than letters can carry (abbreviations like "TV"): spread evenly.
    return [...text].map((letter, i) => ({
      letters: word[i] ?? letter,
      start: i,
      phoneIndexes: [Math.min(m - 1, Math.floor((i * m) / n))],
    }));
  }
  const groups: LetterGroup[] = [];
  let i = n;
  let j = m;
  while (i > 0) {
    const step = back[i]?.[j];
    if (!step) break;
    const [pi, pj] = step;
    groups.unshift({
      letters: word.slice(pi, i),
      start: pi,
      phoneIndexes: Array.from({ length: j - pj }, (_, k) => pj + k),
    });
    i = pi;
    j = pj;
  }
  return groups;
}
