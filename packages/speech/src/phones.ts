/**
 * The 39 ARPAbet phones of American English (CMUdict's set, as used by the
 * PocketSphinx US-English acoustic model), their IPA symbols, and a short
 * plain-English articulation tip for each.
 */

export const ARPABET_PHONES = [
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'B',
  'CH',
  'D',
  'DH',
  'EH',
  'ER',
  'EY',
  'F',
  'G',
  'HH',
  'IH',
  'IY',
  'JH',
  'K',
  'L',
  'M',
  'N',
  'NG',
  'OW',
  'OY',
  'P',
  'R',
  'S',
  'SH',
  'T',
  'TH',
  'UH',
  'UW',
  'V',
  'W',
  'Y',
  'Z',
  'ZH',
] as const;

/** An ARPAbet phone without stress digit, e.g. `"AE"`. */
export type Phone = (typeof ARPABET_PHONES)[number];

const PHONE_SET: ReadonlySet<string> = new Set(ARPABET_PHONES);

export function isPhone(value: string): value is Phone {
  return PHONE_SET.has(value);
}

export const VOWELS: ReadonlySet<Phone> = new Set<Phone>([
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'EH',
  'ER',
  'EY',
  'IH',
  'IY',
  'OW',
  'OY',
  'UH',
  'UW',
]);

export function isVowel(phone: Phone): boolean {
  return VOWELS.has(phone);
}

/** IPA for each phone (General American; AH is /ʌ/ when stressed, /ə/ otherwise). */
const IPA: Record<Phone, string> = {
  AA: 'ɑ',
  AE: 'æ',
  AH: 'ʌ',
  AO: 'ɔ',
  AW: 'aʊ',
  AY: 'aɪ',
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  EH: 'ɛ',
  ER: 'ɝ',
  EY: 'eɪ',
  F: 'f',
  G: 'ɡ',
  HH: 'h',
  IH: 'ɪ',
  IY: 'i',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  OW: 'oʊ',
  OY: 'ɔɪ',
  P: 'p',
  R: 'ɹ',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  UH: 'ʊ',
  UW: 'u',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
};

/** IPA of a phone; `stress` 0 turns AH into schwa and ER into /ɚ/. */
export function toIpa(phone: Phone, stress?: number): string {
  if (stress === 0 && phone === 'AH') return 'ə';
  if (stress === 0 && phone === 'ER') return 'ɚ';
  return IPA[phone];
}

/** Splits a CMUdict token such as `"AH0"` into phone and stress (0, 1, 2 or null). */
export function parseCmuPhone(token: string): { phone: Phone; stress: number | null } | null {
  const match = /^([A-Z]+)([012])?$/.exec(token);
  if (!match) return null;
  const phone = match[1] ?? '';
  if (!isPhone(phone)) return null;
  return { phone, stress: match[2] === undefined ? null : Number(match[2]) };
}

/**
 * Plain-English articulation tips, one per phone: where the tongue and lips go
 * and whether the voice is on. Written for learners, not phoneticians.
 */
export const ARTICULATION_TIPS: Record<Phone, string> = {
  AA: 'Open your mouth wide and drop your jaw; keep the tongue low and flat at the back, lips relaxed, as when a doctor asks you to say "ah" (as in "father").',
  AE: 'Open your jaw and spread your lips slightly; push the tongue low and forward, its tip touching the back of your lower teeth (as in "cat"). Do not let it become "e" as in "bet".',
  AH: 'Relax everything: jaw half open, tongue resting in the middle of the mouth, lips neutral. Keep it short (as in "cup", and the weak "a" in "about").',
  AO: 'Drop your jaw, round your lips a little and keep the tongue low at the back (as in "thought"). Hold it a bit longer than "ah".',
  AW: 'Start with an open "ah", then glide quickly while rounding your lips into "oo" (as in "now").',
  AY: 'Start with an open "ah", then glide the tongue up and forward toward "ee" (as in "my"). Make the glide clear.',
  B: 'Press both lips together, turn your voice on, then open them with a small pop (as in "bat"). Your throat should buzz.',
  CH: 'Touch the tongue just behind the upper teeth, round the lips forward, then release into "sh" in one quick burst with no voice (as in "chair").',
  D: 'Tap the tip of your tongue on the ridge just behind your upper teeth with the voice on (as in "dog"). Do not touch the teeth themselves.',
  DH: 'Put the tip of your tongue lightly between your teeth and let air flow over it with your voice on, so it buzzes (as in "this"). Do not replace it with "d" or "z".',
  EH: 'Jaw half open, lips slightly spread, tongue in the middle-front of the mouth (as in "bed"). Keep it short and do not glide to "ay".',
  ER: 'Curl the tongue tip up and back (or bunch the tongue), without touching the roof of the mouth, and round the lips a little; hold it as one steady sound (as in "bird").',
  EY: 'Start with "e" as in "bed" and glide up toward "ee" (as in "day"). The glide is what makes it American.',
  F: 'Rest your upper teeth lightly on your lower lip and blow air through, with no voice (as in "fan").',
  G: 'Raise the back of your tongue against the soft palate, turn the voice on, then release (as in "go").',
  HH: 'Just breathe out through an open mouth, shaped for the next vowel, with no friction in the throat (as in "hat"). Do not drop it.',
  IH: 'Tongue high and forward but relaxed, lips not spread, and keep it short (as in "sit"). It is not a short "ee".',
  IY: 'Spread your lips in a smile, raise the tongue high and forward, and hold the sound a little long (as in "see").',
  JH: 'Touch the tongue behind the upper teeth, round the lips, then release into a voiced "zh" in one burst (as in "job").',
  K: 'Raise the back of your tongue to the soft palate, build up air and release it with a puff and no voice (as in "cat").',
  L: 'Touch the tongue tip on the ridge behind your upper teeth and let the voice flow around the sides of the tongue (as in "light"). At the end of a word keep the tip up.',
  M: 'Close your lips and hum through your nose (as in "man").',
  N: 'Press the tongue tip on the ridge behind your upper teeth and hum through your nose (as in "no").',
  NG: 'Raise the back of the tongue to the soft palate and hum through your nose; do not add a "g" after it (as in "sing").',
  OW: 'Start with rounded lips and the tongue mid-back, then glide to a tighter "oo" shape (as in "go").',
  OY: 'Start with rounded lips as in "aw", then glide the tongue up and forward toward "ee" (as in "boy").',
  P: 'Press both lips together, build up air and release it with a strong puff and no voice (as in "pen"). Hold a tissue in front of your mouth: it should move.',
  R: 'Pull the tongue back and curl the tip up without touching anything; round the lips slightly (as in "red"). Do not tap or trill.',
  S: 'Put the tongue tip close to the ridge behind your upper teeth and push a thin stream of air over it, with no voice (as in "sun"). Keep the teeth nearly closed.',
  SH: 'Pull the tongue slightly back from the "s" position, round and push the lips forward and blow, with no voice (as in "she").',
  T: 'Tap the tongue tip on the ridge behind your upper teeth and release a puff of air with no voice (as in "top").',
  TH: 'Put the tip of your tongue lightly between your teeth and blow air over it, with no voice (as in "think"). Do not replace it with "s", "t" or "f".',
  UH: 'Round the lips a little, tongue high at the back but relaxed, and keep it short (as in "book").',
  UW: 'Round and push your lips forward into a small circle, tongue high at the back, and hold it (as in "blue").',
  V: 'Rest your upper teeth lightly on your lower lip and let the voice buzz as air flows through (as in "van"). Do not use both lips as for "b" or "w".',
  W: 'Round your lips tightly as for "oo", then open them quickly into the next vowel (as in "we"). The teeth do not touch the lip.',
  Y: 'Raise the tongue toward the roof of the mouth as for "ee", then glide quickly into the next vowel (as in "yes").',
  Z: 'Same tongue position as "s", but turn the voice on so it buzzes (as in "zoo").',
  ZH: 'Same tongue and lip position as "sh", but with the voice on (as in "measure").',
};
