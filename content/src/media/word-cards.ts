import { alignLetters, lookupCmudict, toIpa, tokenizeText, type Phone } from '@clearspeak/speech';
import { VOWELS } from '@clearspeak/speech/phones';
import type { AssessmentItem } from '../schema.ts';

/**
 * Word cards: one picture per word of the fluency assessment (the AI result's
 * `words[].image_url`, issue 6). A card shows the word with the letters of its key sound
 * highlighted, the IPA transcription with that sound highlighted, and the sound itself: the
 * sound the assessment tests in that word, which is what the learner should look at.
 */

/** Words that keep their capital letter on the card (the pronoun and names). */
const KEEP_CAPITAL = new Set(['i', 'laura', 'thursday']);

/** The highlight colours: one for vowels, one for consonants (the sound charts' convention). */
const VOWEL_COLOR = '#D9480F';
const CONSONANT_COLOR = '#0B7285';

export interface WordCardRecipe {
  type: 'word-card';
  /** As shown: lower case, except the pronoun "I" and names. */
  word: string;
  /** The word's letters in runs; `key` marks the letters that spell the key sound. */
  letters: { text: string; key: boolean }[];
  /** IPA transcription (with the primary stress mark) in runs; `key` marks the key sound. */
  ipa: { text: string; key: boolean }[];
  /** The key sound: ARPAbet and IPA. */
  sound: { phone: string; ipa: string };
  color: string;
}

/** Every distinct word of the assessment items (lower case), in the order they first appear. */
export function listAssessmentWords(items: readonly AssessmentItem[]): string[] {
  const words: string[] = [];
  for (const item of items)
    for (const token of tokenizeText(item.text)) {
      const word = token.toLowerCase();
      if (!words.includes(word)) words.push(word);
    }
  return words;
}

const baseSound = (sound: string) => sound.replace(/\d$/, '');

/**
 * The card of one assessment word. The key sound is the first sound tagged on an item that
 * contains the word (the word's own item first) and that the word has; otherwise its stressed
 * vowel. Throws for a word the dictionary lacks: a card must show the real pronunciation.
 */
export function wordCardRecipe(word: string, items: readonly AssessmentItem[]): WordCardRecipe {
  const lower = word.toLowerCase();
  const pronunciation = lookupCmudict(lower)[0];
  if (!pronunciation)
    throw new Error(`no dictionary pronunciation for the assessment word "${word}"`);
  const phones = pronunciation.map((p) => p.phone);
  const containing = items
    .filter((item) => tokenizeText(item.text).some((t) => t.toLowerCase() === lower))
    .sort((a, b) => Number(b.kind === 'word') - Number(a.kind === 'word'));
  const tagged = containing.flatMap((item) => item.sounds.map(baseSound));
  const taggedIndex = tagged
    .map((sound) => phones.indexOf(sound as Phone))
    .find((index) => index >= 0);
  const stressed = pronunciation.findIndex((p) => p.stress === 1);
  const firstVowel = phones.findIndex((p) => VOWELS.has(p));
  const keyIndex = taggedIndex ?? (stressed >= 0 ? stressed : Math.max(0, firstVowel));
  const keyPhone = phones[keyIndex] as Phone;
  const keyStress = pronunciation[keyIndex]?.stress ?? undefined;

  const letters: WordCardRecipe['letters'] = [];
  const shown = KEEP_CAPITAL.has(lower) ? lower[0]?.toUpperCase() + lower.slice(1) : lower;
  for (const group of alignLetters(lower, phones)) {
    const text = shown.slice(group.start, group.start + group.letters.length);
    const key = group.phoneIndexes.includes(keyIndex);
    const last = letters[letters.length - 1];
    if (last && last.key === key) last.text += text;
    else letters.push({ text, key });
  }

  // Primary stress mark before the stressed syllable's onset (one consonant), for 2+ syllables.
  const syllables = pronunciation.filter((p) => p.stress !== null).length;
  const markAt =
    syllables > 1 && stressed >= 0
      ? stressed > 0 && !VOWELS.has(phones[stressed - 1] as Phone)
        ? stressed - 1
        : stressed
      : -1;
  const ipa: WordCardRecipe['ipa'] = [];
  const pushIpa = (text: string, key: boolean) => {
    const last = ipa[ipa.length - 1];
    if (last && last.key === key) last.text += text;
    else ipa.push({ text, key });
  };
  pronunciation.forEach((p, i) => {
    if (i === markAt) pushIpa('ˈ', false);
    pushIpa(toIpa(p.phone, p.stress ?? undefined), i === keyIndex);
  });

  return {
    type: 'word-card',
    word: shown,
    letters,
    ipa,
    sound: { phone: keyPhone, ipa: toIpa(keyPhone, keyStress) },
    color: VOWELS.has(keyPhone) ? VOWEL_COLOR : CONSONANT_COLOR,
  };
}

function xml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const CARD_WIDTH = 480;
const CARD_HEIGHT = 300;
const INK = '#12263A';
const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';

/** A small deterministic sound wave drawn from the word, so every card looks its own. */
function wave(word: string, color: string): string {
  const bars: string[] = [];
  const count = 24;
  const width = 6;
  const gap = 5;
  const left = CARD_WIDTH - 32 - count * (width + gap) + gap;
  for (let i = 0; i < count; i++) {
    const code = word.charCodeAt(i % word.length) || 97;
    const envelope = Math.sin(((i + 0.5) / count) * Math.PI);
    const height = Math.round(6 + envelope * (10 + ((code * (i + 3)) % 17)));
    bars.push(
      `<rect x="${left + i * (width + gap)}" y="${268 - height / 2}" width="${width}" height="${height}" rx="3" fill="${color}" opacity="0.35"/>`,
    );
  }
  return bars.join('');
}

/** The SVG of a word card (480×300). */
export function drawWordCard(recipe: WordCardRecipe): string {
  const { color } = recipe;
  // DejaVu Sans Bold averages about 0.68 em per lower-case letter: keep the word inside the card.
  const wordSize = Math.min(84, Math.floor((CARD_WIDTH - 72) / (recipe.word.length * 0.68)));
  const runs = (parts: { text: string; key: boolean }[]) =>
    parts
      .map((part) =>
        part.key
          ? `<tspan fill="${color}" text-decoration="underline">${xml(part.text)}</tspan>`
          : `<tspan>${xml(part.text)}</tspan>`,
      )
      .join('');
  const label = `${recipe.word}, key sound /${recipe.sound.ipa}/`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" role="img" aria-label="${xml(label)}">` +
    `<rect x="2" y="2" width="${CARD_WIDTH - 4}" height="${CARD_HEIGHT - 4}" rx="28" fill="#FFFFFF" stroke="${color}" stroke-width="4"/>` +
    `<path d="M2 30a28 28 0 0 1 28-28h${CARD_WIDTH - 60}a28 28 0 0 1 28 28v52h-${CARD_WIDTH - 4}z" fill="${color}" opacity="0.12"/>` +
    `<circle cx="58" cy="46" r="30" fill="${color}"/>` +
    `<text x="58" y="47" dominant-baseline="middle" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${recipe.sound.ipa.length > 1 ? 22 : 28}" fill="#FFFFFF">/${xml(recipe.sound.ipa)}/</text>` +
    `<text x="102" y="40" font-family="${FONT}" font-weight="700" font-size="15" letter-spacing="2" fill="${color}">KEY SOUND</text>` +
    `<text x="102" y="62" font-family="${FONT}" font-size="17" fill="${INK}">${xml(recipe.sound.phone)} as in “${xml(recipe.word)}”</text>` +
    `<text x="${CARD_WIDTH / 2}" y="160" dominant-baseline="middle" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${wordSize}" fill="${INK}">${runs(recipe.letters)}</text>` +
    `<text x="${CARD_WIDTH / 2}" y="222" dominant-baseline="middle" text-anchor="middle" font-family="${FONT}" font-size="30" fill="#52606D">/${runs(recipe.ipa)}/</text>` +
    wave(recipe.word, color) +
    '</svg>\n'
  );
}
