import { describe, expect, it } from 'vitest';
import { assessmentNotice, assessmentRegions, playbackSpan, severityOf, wordTone } from './error-map';
import { phone, scoredAssessment } from '../test/fixtures';

describe('assessmentRegions: the engine error map as waveform regions', () => {
  it('marks weak (< 60) and unclear (60–80) sounds where they occur, with IPA and what was heard', () => {
    const regions = assessmentRegions(scoredAssessment(), 1400);
    expect(regions).toEqual([
      {
        id: 'w0-p0',
        startMs: 200,
        endMs: 290,
        severity: 'weak',
        ipa: 'θ',
        heardIpa: 's',
        word: 'think',
        score: 35,
        label: '/θ/ heard /s/',
      },
      {
        id: 'w1-p2',
        startMs: 760,
        endMs: 900,
        severity: 'unclear',
        ipa: 'aʊ',
        heardIpa: null,
        word: 'about',
        score: 72,
        label: '/aʊ/',
      },
    ]);
  });

  it('uses the thresholds exactly: 59.9 weak, 60 unclear, 79.9 unclear, 80 not marked', () => {
    expect(severityOf(59.9)).toBe('weak');
    expect(severityOf(60)).toBe('unclear');
    expect(severityOf(79.9)).toBe('unclear');
    expect(severityOf(80)).toBeNull();
    expect(wordTone(52)).toBe('weak');
    expect(wordTone(95)).toBe('good');
  });

  it('sorts by time, clamps to the recording and drops marks outside it', () => {
    const assessment = scoredAssessment({
      words: [
        { text: 'late', start_ms: 900, end_ms: 1300, accuracy: 40, phones: [phone('l', 900, 1100, 20), phone('eɪ', 1450, 1500, 10)] },
        { text: 'early', start_ms: 0, end_ms: 300, accuracy: 40, phones: [phone('ɝ', 0, 300, 50)] },
      ],
    });
    const regions = assessmentRegions(assessment, 1000);
    expect(regions.map((r) => [r.ipa, r.startMs, r.endMs])).toEqual([
      ['ɝ', 0, 300],
      ['l', 900, 1000],
    ]);
  });

  it('says "heard" only when the engine heard a different sound', () => {
    const same = scoredAssessment({
      words: [{ text: 'see', start_ms: 0, end_ms: 300, accuracy: 50, phones: [phone('s', 0, 100, 40, 's')] }],
    });
    expect(assessmentRegions(same)[0]?.label).toBe('/s/');
  });

  it('has no regions unless the recording was scored', () => {
    for (const status of ['pending', 'retake', 'failed'] as const) {
      expect(assessmentRegions(scoredAssessment({ status }))).toEqual([]);
    }
    expect(assessmentRegions(null)).toEqual([]);
  });
});

describe('assessmentNotice', () => {
  it('says plainly when there is no map, and nothing when there is one', () => {
    expect(assessmentNotice(null, 0)).toMatch(/has not assessed/);
    expect(assessmentNotice(scoredAssessment({ status: 'pending' }), 0)).toMatch(/still scoring/);
    expect(assessmentNotice(scoredAssessment({ status: 'retake' }), 0)).toMatch(/record this again/);
    expect(assessmentNotice(scoredAssessment({ status: 'failed' }), 0)).toMatch(/could not score/);
    expect(assessmentNotice(scoredAssessment(), 0)).toMatch(/no weak or unclear sounds/);
    expect(assessmentNotice(scoredAssessment(), 2)).toBeNull();
  });
});

describe('playbackSpan', () => {
  it('widens a short mark evenly to 400 ms and keeps it inside the recording', () => {
    expect(playbackSpan({ startMs: 500, endMs: 600 }, 2000)).toEqual({ startMs: 350, endMs: 750 });
    expect(playbackSpan({ startMs: 0, endMs: 50 }, 2000)).toEqual({ startMs: 0, endMs: 400 });
    expect(playbackSpan({ startMs: 1950, endMs: 2000 }, 2000)).toEqual({ startMs: 1600, endMs: 2000 });
    expect(playbackSpan({ startMs: 100, endMs: 200 }, 300)).toEqual({ startMs: 0, endMs: 300 });
  });

  it('plays a long span as it is', () => {
    expect(playbackSpan({ startMs: 200, endMs: 900 }, 2000)).toEqual({ startMs: 200, endMs: 900 });
  });
});
