import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tokenizeText } from '@clearspeak/speech';
import { assessmentWordImageKey, listAssessmentWords, listMediaAssets, loadCourse } from './index.ts';
import { buildMedia, drawWordCard, readManifest, wordCardRecipe } from './media/index.ts';

const course = loadCourse();
const items = course.assessment.items;

describe('assessment word cards (issue 6: words[].image_url)', () => {
  it('gives every word of every assessment item a picture asset', () => {
    const images = new Map(
      listMediaAssets(course)
        .filter((a) => a.recipe.type === 'word-card')
        .map((a) => [a.key, a]),
    );
    const words = items.flatMap((item) => tokenizeText(item.text));
    expect(words.length).toBeGreaterThan(60);
    for (const word of words) {
      const asset = images.get(assessmentWordImageKey(word));
      expect(asset, word).toBeDefined();
      expect(asset?.kind).toBe('image');
      expect(asset?.key).toMatch(/^images\/words\/[a-z]+\.svg$/);
    }
    // One card per distinct word, whatever its case in the sentences.
    expect(images.size).toBe(new Set(words.map((w) => w.toLowerCase())).size);
    expect(listAssessmentWords(items)).toHaveLength(images.size);
  });

  it('highlights the letters and the IPA of the sound the item tests', () => {
    const think = wordCardRecipe('think', items);
    expect(think.sound).toEqual({ phone: 'TH', ipa: 'θ' });
    expect(think.letters).toEqual([
      { text: 'th', key: true },
      { text: 'ink', key: false },
    ]);
    expect(think.ipa).toEqual([
      { text: 'θ', key: true },
      { text: 'ɪŋk', key: false },
    ]);
    // A sentence word takes the first sound its sentence tests that the word has.
    const weather = wordCardRecipe('weather', items);
    expect(weather.sound.phone).toBe('DH');
    expect(weather.letters.find((l) => l.key)?.text).toBe('th');
    // Stress mark before the stressed syllable, outside the highlight; names keep the capital.
    const thursday = wordCardRecipe('thursday', items);
    expect(thursday.word).toBe('Thursday');
    expect(thursday.ipa.map((p) => p.text).join('')).toBe('ˈθɝzdeɪ');
    expect(thursday.ipa.find((p) => p.key)?.text).toBe('θ');
    // Nothing tested in "I": its stressed vowel is the key sound.
    expect(wordCardRecipe('I', items).sound.phone).toBe('AY');
  });

  it('draws a card with the word, the IPA and the key sound', () => {
    const svg = drawWordCard(wordCardRecipe('very', items));
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 480 300"/);
    expect(svg).toContain('aria-label="very, key sound /v/"');
    expect(svg).toContain('text-decoration="underline">v</tspan><tspan>ery</tspan>');
    expect(svg).toContain('/<tspan>ˈ</tspan><tspan fill="#0B7285" text-decoration="underline">v</tspan><tspan>ɛɹi</tspan>/');
    expect(svg).toContain('V as in “very”');
    expect(() => wordCardRecipe('zzxqv', items)).toThrow(/no dictionary pronunciation/);
  });

  describe('build', () => {
    let dir: string;
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('writes the cards at build:media and caches them by recipe hash', async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'cs-word-cards-'));
      const isCard = (a: { recipe: { type: string } }) => a.recipe.type === 'word-card';
      const first = await buildMedia({ course, outDir: dir, filter: isCard });
      const count = listAssessmentWords(items).length;
      expect(first.built.image).toBe(count);
      const svg = await readFile(path.join(dir, assessmentWordImageKey('think')), 'utf8');
      expect(svg).toContain('aria-label="think, key sound /θ/"');
      const manifest = await readManifest(dir);
      expect(manifest.files[assessmentWordImageKey('think')]).toMatchObject({ kind: 'image' });
      const second = await buildMedia({ course, outDir: dir, filter: isCard });
      expect(second.built.image).toBe(0);
      expect(second.cached).toBe(count);
    });
  });
});
