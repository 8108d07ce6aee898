import { describe, expect, it } from 'vitest';
import { ipaToArpabet } from './g2p.ts';
import { buildLexicon, lookupCmudict, tokenizeText } from './lexicon.ts';

const phones = (variant: Array<{ phone: string }>): string => variant.map((p) => p.phone).join(' ');

describe('lexicon', () => {
  it('accepts every CMUdict variant of a word', () => {
    const variants = lookupCmudict('either').map(phones);
    expect(variants).toEqual(expect.arrayContaining(['IY DH ER', 'AY DH ER']));
  });

  it('keeps the dictionary stress marks', () => {
    const [first] = lookupCmudict('banana');
    expect(first?.map((p) => p.stress)).toEqual([null, 0, null, 1, null, 0]);
  });

  it('guesses a pronunciation for a word missing from the dictionary', async () => {
    expect(lookupCmudict('zorbliff')).toEqual([]);
    const [entry] = await buildLexicon(['zorbliff']);
    expect(entry?.source).toBe('g2p');
    const guess = phones(entry?.variants[0] ?? []);
    expect(guess.startsWith('Z')).toBe(true);
    expect(guess).toContain('B L');
    expect(guess.endsWith('F')).toBe(true);
    expect(entry?.variants[0]?.some((p) => p.stress === 1)).toBe(true);
  });

  it('maps espeak-ng IPA to ARPAbet with stress', () => {
    expect(phones(ipaToArpabet('θɹˈuː'))).toBe('TH R UW');
    expect(ipaToArpabet('mˈɛʒɚɹ').map((p) => `${p.phone}${p.stress ?? ''}`)).toEqual([
      'M',
      'EH1',
      'ZH',
      'ER0',
    ]);
    expect(phones(ipaToArpabet('tʃˈɜːtʃ'))).toBe('CH ER CH');
  });

  it('splits prompt text into words', () => {
    expect(tokenizeText("Don't stop, Stella!  It's 3 o'clock.")).toEqual([
      "Don't",
      'stop',
      'Stella',
      "It's",
      '3',
      "o'clock",
    ]);
  });
});
