/**
 * Grapheme-to-phoneme fallback for words missing from CMUdict: espeak-ng's
 * American-English IPA output mapped onto ARPAbet with stress digits.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Phone } from './phones.ts';
import { isVowel } from './phones.ts';

const execFileAsync = promisify(execFile);

/** A phone with its CMUdict stress digit (vowels: 0 unstressed, 1 primary, 2 secondary; consonants: null). */
export interface StressedPhone {
  phone: Phone;
  stress: number | null;
}

// Longest symbols first so that diphthongs and affricates win over their parts.
const IPA_TO_ARPABET: ReadonlyArray<readonly [string, Phone[]]> = [
  ['n̩', ['AH', 'N']],
  ['l̩', ['AH', 'L']],
  ['m̩', ['AH', 'M']],
  ['aɪ', ['AY']],
  ['aʊ', ['AW']],
  ['ɔɪ', ['OY']],
  ['eɪ', ['EY']],
  ['oʊ', ['OW']],
  ['əʊ', ['OW']],
  ['tʃ', ['CH']],
  ['dʒ', ['JH']],
  ['ɜː', ['ER']],
  ['ɑː', ['AA']],
  ['ɔː', ['AO']],
  ['oː', ['AO']],
  ['iː', ['IY']],
  ['uː', ['UW']],
  ['ɝ', ['ER']],
  ['ɚ', ['ER']],
  ['ɜ', ['ER']],
  ['ɑ', ['AA']],
  ['ɒ', ['AA']],
  ['ɔ', ['AO']],
  ['o', ['OW']],
  ['i', ['IY']],
  ['u', ['UW']],
  ['ɪ', ['IH']],
  ['ᵻ', ['IH']],
  ['ɨ', ['IH']],
  ['ɛ', ['EH']],
  ['e', ['EH']],
  ['æ', ['AE']],
  ['a', ['AE']],
  ['ʌ', ['AH']],
  ['ə', ['AH']],
  ['ɐ', ['AH']],
  ['ʊ', ['UH']],
  ['ɾ', ['T']],
  ['ʔ', ['T']],
  ['p', ['P']],
  ['b', ['B']],
  ['t', ['T']],
  ['d', ['D']],
  ['k', ['K']],
  ['ɡ', ['G']],
  ['g', ['G']],
  ['f', ['F']],
  ['v', ['V']],
  ['θ', ['TH']],
  ['ð', ['DH']],
  ['s', ['S']],
  ['z', ['Z']],
  ['ʃ', ['SH']],
  ['ʒ', ['ZH']],
  ['h', ['HH']],
  ['m', ['M']],
  ['n', ['N']],
  ['ŋ', ['NG']],
  ['l', ['L']],
  ['ɫ', ['L']],
  ['ɹ', ['R']],
  ['r', ['R']],
  ['w', ['W']],
  ['j', ['Y']],
  ['x', ['K']],
  ['ç', ['HH']],
];

/** Converts espeak-ng IPA for one word into ARPAbet with stress digits. */
export function ipaToArpabet(ipa: string): StressedPhone[] {
  const out: StressedPhone[] = [];
  let pendingStress = 0;
  let i = 0;
  while (i < ipa.length) {
    const ch = ipa[i] ?? '';
    if (ch === 'ˈ') {
      pendingStress = 1;
      i++;
      continue;
    }
    if (ch === 'ˌ') {
      pendingStress = 2;
      i++;
      continue;
    }
    const match = IPA_TO_ARPABET.find(([symbol]) => ipa.startsWith(symbol, i));
    if (!match) {
      i++;
      continue;
    } // length marks, ties, syllable dots, unknown symbols
    const [symbol, phones] = match;
    i += symbol.length;
    const prev = out[out.length - 1];
    // espeak writes r-coloured vowels as ɚɹ / ɜːɹ: one ER in ARPAbet.
    if (phones[0] === 'R' && prev?.phone === 'ER') continue;
    for (const phone of phones) {
      if (isVowel(phone)) {
        out.push({ phone, stress: pendingStress });
        pendingStress = 0;
      } else {
        out.push({ phone, stress: null });
      }
    }
  }
  // A word spoken alone always carries a stress; espeak omits it on monosyllables.
  const vowels = out.filter((p) => p.stress !== null);
  if (vowels.length > 0 && !vowels.some((p) => p.stress === 1)) {
    const first = vowels[0];
    if (first) first.stress = 1;
  }
  return out;
}

/**
 * Pronounces words with espeak-ng (voice en-us) in one process call.
 * Returns one ARPAbet sequence per input word, in order.
 */
export async function guessPronunciations(words: readonly string[]): Promise<StressedPhone[][]> {
  if (words.length === 0) return [];
  const clean = words.map((w) => w.replace(/[^A-Za-z']/g, '') || 'a');
  const { stdout } = await execFileAsync(
    'espeak-ng',
    ['-q', '--ipa', '-v', 'en-us', clean.join('\n')],
    {
      timeout: 10_000,
    },
  );
  const lines = stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  return clean.map((_, index) => ipaToArpabet((lines[index] ?? '').replace(/\s+/g, '')));
}
