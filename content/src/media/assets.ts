import type { Course, Slide } from '../schema.ts';
import {
  COACH_VOICE,
  MODEL_SPEED_WPM,
  MODEL_VOICE,
  SECTION_ICONS,
  coachPhotoKey,
  coachReplyAudioKey,
  introCaptionsKey,
  introVideoKey,
  lessonCaptionsKey,
  lessonVideoKey,
  modelAudioKey,
  moduleIconKey,
  resultSoundKey,
  sectionIconKey,
  type ResultSound,
  type SectionIcon,
  assessmentWordImageKey,
} from './keys.ts';
import { listAssessmentWords, wordCardRecipe, type WordCardRecipe } from './word-cards.ts';

export type MediaKind = 'audio' | 'video' | 'captions' | 'image';

/** How a file is made; the build hashes this to decide whether a file is stale. */
export type MediaRecipe =
  | { type: 'speech'; text: string; speakAs?: string; voice: string; speedWpm: number }
  | {
      type: 'slides';
      title: string;
      slides: Slide[];
      /** `text` is shown in the captions, `speech` is what espeak-ng reads. */
      cues: { slideIndex: number; text: string; speech: string }[];
      voice: string;
      speedWpm: number;
      locale: string;
      captionsKey: string;
    }
  | { type: 'captions'; videoKey: string }
  | { type: 'result-sound'; result: ResultSound }
  | { type: 'icon'; label: string; color: string; shape: 'module' | 'section' | 'avatar' }
  | WordCardRecipe;

export interface MediaAsset {
  /** Path relative to the media root; also the URL path under /media. */
  key: string;
  kind: MediaKind;
  /** The text spoken or shown, for people (admins replacing a file). */
  text: string;
  /** espeak-ng voice, where something is spoken. */
  voice?: string;
  /** Lesson unique ids (or other labels) that use the file. */
  usedBy: string[];
  recipe: MediaRecipe;
}

const GRAY = '#9AA5B1';
const SECTION_LABELS: Record<SectionIcon, { label: string; color: string }> = {
  'pre-lesson': { label: 'Pre', color: '#3D7DCA' },
  'video-lesson': { label: '▶', color: '#E4572E' },
  'listen-record': { label: 'Rec', color: '#17A398' },
  'listen-choose': { label: 'A/B', color: '#8E44AD' },
  'recognising-tools': { label: 'AI', color: '#F29E4C' },
  fluency: { label: 'Talk', color: '#2E86AB' },
  'final-assessment': { label: 'Test', color: '#C0392B' },
  feedback: { label: '★', color: '#F1C40F' },
};

/** Every media file the course needs, once each, in a stable order. */
export function listMediaAssets(course: Course): MediaAsset[] {
  const assets = new Map<string, MediaAsset>();
  const add = (asset: MediaAsset) => {
    const existing = assets.get(asset.key);
    if (existing) existing.usedBy.push(...asset.usedBy);
    else assets.set(asset.key, asset);
  };
  const speech = (text: string, usedBy: string, speakAs?: string) =>
    add({
      key: modelAudioKey(text, speakAs),
      kind: 'audio',
      text,
      voice: MODEL_VOICE,
      usedBy: [usedBy],
      recipe: {
        type: 'speech',
        text,
        ...(speakAs ? { speakAs } : {}),
        voice: MODEL_VOICE,
        speedWpm: MODEL_SPEED_WPM,
      },
    });

  for (const section of SECTION_ICONS) {
    const { label, color } = SECTION_LABELS[section];
    for (const variant of ['color', 'gray'] as const) {
      add({
        key: sectionIconKey(section, variant),
        kind: 'image',
        text: label,
        usedBy: [`section:${section}`],
        recipe: { type: 'icon', label, color: variant === 'gray' ? GRAY : color, shape: 'section' },
      });
    }
  }
  for (const result of ['correct', 'incorrect'] as const) {
    add({
      key: resultSoundKey(result),
      kind: 'audio',
      text: `${result} answer chime`,
      usedBy: ['listen-and-choose'],
      recipe: { type: 'result-sound', result },
    });
  }

  for (const m of course.modules) {
    for (const variant of ['color', 'gray'] as const) {
      add({
        key: moduleIconKey(m.code, variant),
        kind: 'image',
        text: m.icon.label,
        usedBy: [`module:${m.id}`],
        recipe: {
          type: 'icon',
          label: m.icon.label,
          color: variant === 'gray' ? GRAY : m.icon.color,
          shape: 'module',
        },
      });
    }
    for (const item of m.preLesson.items) speech(item.text, item.uniqueId);
    for (const lesson of m.guidedLesson.videoLessons.lessons) {
      const videoKey = lessonVideoKey(m.code, lesson.uniqueId);
      const captionsKey = lessonCaptionsKey(m.code, lesson.uniqueId);
      add({
        key: videoKey,
        kind: 'video',
        text: lesson.narration,
        voice: MODEL_VOICE,
        usedBy: [lesson.uniqueId],
        recipe: {
          type: 'slides',
          title: lesson.title,
          slides: lesson.slides,
          cues: lesson.captionCues,
          voice: MODEL_VOICE,
          speedWpm: MODEL_SPEED_WPM,
          locale: 'en-US',
          captionsKey,
        },
      });
      add({
        key: captionsKey,
        kind: 'captions',
        text: lesson.narration,
        voice: MODEL_VOICE,
        usedBy: [lesson.uniqueId],
        recipe: { type: 'captions', videoKey },
      });
      for (const slide of lesson.slides) if (slide.sayText) speech(slide.sayText, lesson.uniqueId);
    }
    for (const item of m.guidedLesson.listenAndRecord.items) speech(item.text, item.uniqueId);
    for (const item of m.guidedLesson.listenAndChoose.items) {
      for (const option of item.options) {
        // The spoken word may carry an espeak override (stress); the other options are read as written.
        speech(option.title, item.uniqueId, option.correct ? item.speakAs : undefined);
      }
    }
    for (const item of m.guidedLesson.recognisingTools.items) speech(item.word, item.uniqueId);
    for (const item of m.fluencyActivities.items) speech(item.text, item.uniqueId);
    for (const item of m.finalAssessment.items) speech(item.text, item.uniqueId);
    if (m.sampleFeedback) {
      const coach = m.sampleFeedback.coach;
      add({
        key: coachPhotoKey(coach.name),
        kind: 'image',
        text: coach.name,
        usedBy: [`sample-feedback:${m.code}`],
        recipe: { type: 'icon', label: initials(coach.name), color: '#5B6C8F', shape: 'avatar' },
      });
      m.sampleFeedback.replies.forEach((reply, i) => {
        add({
          key: coachReplyAudioKey(m.code, i),
          kind: 'audio',
          text: reply,
          voice: COACH_VOICE,
          usedBy: [m.finalAssessment.items[i]?.uniqueId ?? `${m.code}-final-${i + 1}`],
          recipe: { type: 'speech', text: reply, voice: COACH_VOICE, speedWpm: MODEL_SPEED_WPM },
        });
      });
    }
  }

  for (const item of course.assessment.items) speech(item.text, `assessment:${item.id}`);
  // One picture per word of the assessment: the AI result's words[].image_url (issue 6).
  for (const word of listAssessmentWords(course.assessment.items)) {
    const recipe = wordCardRecipe(word, course.assessment.items);
    add({
      key: assessmentWordImageKey(word),
      kind: 'image',
      text: `${recipe.word} /${recipe.ipa.map((part) => part.text).join('')}/`,
      usedBy: course.assessment.items
        .filter((item) => listAssessmentWords([item]).includes(word))
        .map((item) => `assessment:${item.id}`),
      recipe,
    });
  }
  for (const video of course.assessment.introVideos) {
    const videoKey = introVideoKey(video.language);
    const captionsKey = introCaptionsKey(video.language);
    add({
      key: videoKey,
      kind: 'video',
      text: video.narration,
      voice: video.voice,
      usedBy: [`assessment-intro:${video.language}`],
      recipe: {
        type: 'slides',
        title: video.title,
        slides: video.slides,
        cues: video.captionCues,
        voice: video.voice,
        speedWpm: 150,
        locale: video.locale,
        captionsKey,
      },
    });
    add({
      key: captionsKey,
      kind: 'captions',
      text: video.narration,
      voice: video.voice,
      usedBy: [`assessment-intro:${video.language}`],
      recipe: { type: 'captions', videoKey },
    });
  }
  return [...assets.values()];
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 2);
}
