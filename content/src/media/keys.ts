import { createHash } from 'node:crypto';

/**
 * Where every media file lives, relative to the media root (MEDIA_DIR). Pure functions,
 * so the seed and the server compute the same URLs as the build without touching disk.
 */

/** espeak-ng voice and speed of the model pronunciations (American English, moderate pace). */
export const MODEL_VOICE = 'en-us';
export const MODEL_SPEED_WPM = 145;
/** The narrator of the sample coach replies: a second American voice, so it is not the model voice. */
export const COACH_VOICE = 'en-us+f3';

export function slugify(value: string, maxLength = 40): string {
  const slug = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || 'item';
}

export function shortHash(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 8);
}

/**
 * One file per distinct thing said: the same word used in two modules is one file.
 * The hash covers punctuation and the espeak input, so "You're coming?" (rising)
 * and "You're coming." (falling) are different files.
 */
export function modelAudioKey(text: string, speakAs?: string, voice: string = MODEL_VOICE): string {
  return `audio/model/${slugify(text)}-${shortHash(`${voice}\n${speakAs ?? text}`)}.mp3`;
}

export function coachReplyAudioKey(moduleCode: string, itemIndex: number): string {
  return `audio/coach/${moduleCode}-final-${itemIndex + 1}.mp3`;
}

export function lessonVideoKey(moduleCode: string, lessonUniqueId: string): string {
  return `video/${moduleCode}/${lessonUniqueId}.mp4`;
}

export function lessonCaptionsKey(moduleCode: string, lessonUniqueId: string): string {
  return `video/${moduleCode}/${lessonUniqueId}.vtt`;
}

export function introVideoKey(language: string): string {
  return `video/assessment/intro-${language}.mp4`;
}

export function introCaptionsKey(language: string): string {
  return `video/assessment/intro-${language}.vtt`;
}

export type ResultSound = 'correct' | 'incorrect';

/** spec learning-experience §4: a sound plays for the listen-and-choose result. */
export function resultSoundKey(result: ResultSound): string {
  return `sounds/${result}.mp3`;
}

export function moduleIconKey(moduleCode: string, variant: 'color' | 'gray' = 'color'): string {
  return variant === 'gray'
    ? `images/modules/${moduleCode}-gray.svg`
    : `images/modules/${moduleCode}.svg`;
}

export const SECTION_ICONS = [
  'pre-lesson',
  'video-lesson',
  'listen-record',
  'listen-choose',
  'recognising-tools',
  'fluency',
  'final-assessment',
  'feedback',
] as const;
export type SectionIcon = (typeof SECTION_ICONS)[number];

export function sectionIconKey(section: SectionIcon, variant: 'color' | 'gray' = 'color'): string {
  return variant === 'gray'
    ? `images/sections/${section}-gray.svg`
    : `images/sections/${section}.svg`;
}

export function coachPhotoKey(coachName: string): string {
  return `images/coaches/${slugify(coachName)}.svg`;
}

/** The picture of one fluency-assessment word (a word card; see word-cards.ts). */
export function assessmentWordImageKey(word: string): string {
  return `images/words/${slugify(word)}.svg`;
}
