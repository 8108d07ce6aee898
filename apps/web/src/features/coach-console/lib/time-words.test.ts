import { describe, expect, it } from 'vitest';
import { formatAverageMinutes, formatClock, formatWaiting, reviewSeconds } from './time-words';

describe('formatWaiting', () => {
  it.each([
    [0, 'just now'],
    [1, '1 min'],
    [59, '59 min'],
    [60, '1 h'],
    [180, '3 h'],
    [47 * 60 + 59, '47 h'],
    [48 * 60, '2 days'],
    [71 * 60, '2 days'],
    [72 * 60, '3 days'],
  ])('%i minutes → %s', (minutes, words) => {
    expect(formatWaiting(minutes)).toBe(words);
  });
});

describe('formatClock and formatAverageMinutes', () => {
  it('reads like a stopwatch', () => {
    expect(formatClock(45)).toBe('0:45');
    expect(formatClock(12 * 60 + 5)).toBe('12:05');
    expect(formatClock(3729)).toBe('1:02:09');
  });
  it('rounds averages to minutes and has a dash before the first answer', () => {
    expect(formatAverageMinutes(null)).toBe('—');
    expect(formatAverageMinutes(41.6)).toBe('42 min');
    expect(formatAverageMinutes(65)).toBe('1 h 5 min');
    expect(formatAverageMinutes(120)).toBe('2 h');
  });
});

describe('reviewSeconds', () => {
  const claimedAt = '2026-11-21T20:00:00.000Z';
  it('adds the running claim to what earlier claims spent', () => {
    const now = Date.parse('2026-11-21T20:10:30.000Z');
    expect(reviewSeconds({ status: 'claimed', claimed_at: claimedAt, time_spent_seconds: 120 }, now)).toBe(750);
  });
  it('shows the stored total once answered, and never goes below it on a skewed clock', () => {
    expect(reviewSeconds({ status: 'answered', claimed_at: claimedAt, time_spent_seconds: 1800 }, Date.now())).toBe(1800);
    const before = Date.parse('2026-11-21T19:59:00.000Z');
    expect(reviewSeconds({ status: 'claimed', claimed_at: claimedAt, time_spent_seconds: 60 }, before)).toBe(60);
  });
});
