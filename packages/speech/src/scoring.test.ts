import { describe, expect, it } from 'vitest';
import { judgeCompleteness, WORD_SAID_MIN } from './scoring.ts';

describe('judgeCompleteness', () => {
  it('is the share of words scored as said, on 0–10', () => {
    expect(judgeCompleteness([9, 8, 7, 10])).toBe(10);
    expect(judgeCompleteness([9, 1, 8, 0.5])).toBe(5);
    expect(judgeCompleteness([WORD_SAID_MIN, WORD_SAID_MIN - 0.1])).toBe(5);
    expect(judgeCompleteness([])).toBe(0);
  });
});
