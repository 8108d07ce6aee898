import { describe, expect, it } from 'vitest';
import {
  fluencyWordTone,
  letterBarHeightPct,
  listenChooseScore,
  moduleScoreTone,
  phoneScoreTone,
} from './scores';

describe('score displays (spec: learning §4, §9)', () => {
  it('colours module scores: 0 grey, under 70 red, 70–89 yellow, 90+ green', () => {
    expect([0, 1, 69.9, 70, 89.9, 90, 100].map(moduleScoreTone)).toEqual([
      'gray', 'red', 'red', 'yellow', 'yellow', 'green', 'green',
    ]);
  });
  it('colours phone scores: ≤1.5 red, ≤2 orange, >2 green', () => {
    expect([0, 1.5, 1.51, 2, 2.01, 3].map(phoneScoreTone)).toEqual([
      'red', 'red', 'orange', 'orange', 'green', 'green',
    ]);
  });
  it('colours fluency words: below 70 red, else green', () => {
    expect([69.9, 70, 100].map(fluencyWordTone)).toEqual(['red', 'green', 'green']);
  });
  it('sizes letter bars as score / 3', () => {
    expect([0, 1.5, 3, 4].map(letterBarHeightPct)).toEqual([0, 50, 100, 100]);
  });
  it('scores listen-and-choose as 10 × correct / total', () => {
    expect(listenChooseScore(3, 4)).toBe(7.5);
    expect(listenChooseScore(6, 6)).toBe(10);
    expect(listenChooseScore(0, 6)).toBe(0);
    expect(listenChooseScore(1, 3)).toBe(3.3);
    expect(listenChooseScore(0, 0)).toBe(0);
  });
});
