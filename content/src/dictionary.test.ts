import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCourse } from './index.ts';

/**
 * The pronunciation engine aligns recordings against CMUdict pronunciations (DESIGN.md,
 * speech). A word missing from the dictionary falls back to guessed spelling rules, which
 * makes its phone scores less trustworthy, so every word a learner is scored on must be there.
 */
const CMUDICT = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z' -]/g, ' ')
    .split(/[\s-]+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

describe('scored text', () => {
  it('uses only words in CMUdict', () => {
    expect(existsSync(CMUDICT), `${CMUDICT} (Debian pocketsphinx-en-us)`).toBe(true);
    const dictionary = new Set(
      readFileSync(CMUDICT, 'utf8')
        .split('\n')
        .map((line) => line.split(' ')[0]?.replace(/\(\d+\)$/, '') ?? ''),
    );
    const course = loadCourse();
    const scored = [
      ...course.modules.flatMap((m) => [
        ...m.preLesson.items.map((i) => i.text),
        ...m.guidedLesson.listenAndRecord.items.map((i) => i.text),
        ...m.guidedLesson.recognisingTools.items.map((i) => i.word),
        ...m.fluencyActivities.items.map((i) => i.text),
        ...m.finalAssessment.items.map((i) => i.text),
      ]),
      ...course.assessment.items.map((i) => i.text),
    ];
    const missing = [...new Set(scored.flatMap(words))].filter((w) => !dictionary.has(w));
    expect(missing).toEqual([]);
    expect(dictionary.has('think') && !dictionary.has('thinkk')).toBe(true);
  });
});
