import { describe, expect, it } from 'vitest';
import { alignLetters } from './letters.ts';
import type { Phone } from './phones.ts';

function spell(word: string, phones: string): string {
  const list = phones.split(' ') as Phone[];
  return alignLetters(word, list)
    .map((g) => `${g.letters}=${g.phoneIndexes.map((i) => list[i]).join('+')}`)
    .join(' ');
}

describe('alignLetters', () => {
  it('handles silent letters and long spellings', () => {
    expect(spell('through', 'TH R UW')).toBe('th=TH r=R ough=UW');
    expect(spell('knight', 'N AY T')).toBe('kn=N igh=AY t=T');
    expect(spell('psychology', 'S AY K AA L AH JH IY')).toBe(
      'ps=S y=AY ch=K o=AA l=L o=AH g=JH y=IY',
    );
  });

  it('lets one letter group spell two sounds', () => {
    const queue = spell('queue', 'K Y UW');
    expect(queue.startsWith('q')).toBe(true);
    expect(queue).toMatch(/=Y\+UW$/);
    expect(spell('box', 'B AA K S')).toBe('b=B o=AA x=K+S');
  });

  it('covers every letter exactly once and every phone at least once', () => {
    for (const [word, phones] of [
      ['psychology', 'S AY K AA L AH JH IY'],
      ['queue', 'K Y UW'],
      ['either', 'AY DH ER'],
    ] as const) {
      const groups = alignLetters(word, phones.split(' ') as Phone[]);
      expect(groups.map((g) => g.letters).join('')).toBe(word);
      expect(new Set(groups.flatMap((g) => g.phoneIndexes)).size).toBe(phones.split(' ').length);
    }
  });
});
