import { INTRO_VIDEO_LANGUAGES } from '@clearspeak/contract';
import { ARPABET_PHONES, VOWELS } from '@clearspeak/speech/phones';
import { z } from 'zod';

/**
 * The course as data. Authors write the "input" shape (no lesson ids); parsing adds the
 * stable lesson ids and the caption cues, so every consumer (seed, media build, tests)
 * sees the same derived values.
 *
 * Section names and their order follow spec learning-experience §3 (entities) and §4
 * (step order: pre lesson, video lessons, listen and record, listen and choose,
 * recognising tools, fluency activities, final assessment, review).
 */

/** The 39 phonemes of CMUdict's ARPAbet: the engine's own set, so a module trains what it scores. */
export { ARPABET_PHONES };
export type ArpabetPhone = (typeof ARPABET_PHONES)[number];

export const ARPABET_VOWELS: ReadonlySet<string> = VOWELS;

/**
 * A sound a module trains: an ARPAbet phone, or a vowel with a CMUdict stress digit
 * (AH0 is the schwa, the reduced vowel that word and sentence stress hinge on).
 */
export function isArpabetSound(value: string): boolean {
  const match = /^([A-Z]{1,2})([012])?$/.exec(value);
  if (!match) return false;
  const [, phone, stress] = match;
  if (!phone || !(ARPABET_PHONES as readonly string[]).includes(phone)) return false;
  return stress === undefined || ARPABET_VOWELS.has(phone);
}

/** The phone without its stress digit: AH0 -> AH. */
export function basePhone(sound: string): ArpabetPhone {
  return sound.replace(/[012]$/, '') as ArpabetPhone;
}

export const ArpabetSoundSchema = z.string().refine(isArpabetSound, {
  message: 'must be an ARPAbet phone (optionally a vowel with stress 0-2)',
});

const text = (max: number) => z.string().trim().min(1).max(max);
/** Messages shown on intro and result cards: short, plain and warm (spec §2 Lesson player). */
const message = text(280);
const code = z.string().regex(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and dashes');

const withMessages = {
  startMessage: message,
  completionMessage: message,
};

// ---------------------------------------------------------------- groups

export const ModuleGroupSchema = z.object({
  code,
  title: text(80),
  order: z.number().int().positive(),
  /** spec §2: the trial group is open by default and free users may use it. */
  isTrial: z.boolean(),
});
export type ModuleGroup = z.output<typeof ModuleGroupSchema>;

// ---------------------------------------------------------------- sections

export const PreLessonItemSchema = z.object({
  text: text(400),
  instructions: text(280),
});

export const PreLessonSchema = z.object({
  items: z.array(PreLessonItemSchema).min(1),
  ...withMessages,
});

export const SlideSchema = z.object({
  heading: text(60),
  /** Shown on the slide; keep it to two short lines. */
  body: text(170),
  /** A word or phrase shown large, for the learner to say along. */
  sayText: text(60).optional(),
  /**
   * What the narrator says while the slide is up; becomes the caption cues.
   * `{shown|spoken}` shows the first part in captions and gives espeak-ng the second,
   * for sound names a speech engine would spell out (e.g. `{AY|[['eI]]}`).
   */
  narration: text(700).refine(isWellFormedNarration, {
    message: 'narration markup must be {shown|spoken} without nesting',
  }),
});
export type Slide = z.output<typeof SlideSchema>;

export const VideoLessonSchema = z.object({
  title: text(80),
  slides: z.array(SlideSchema).min(2),
});

export const ListenAndRecordItemSchema = z.object({
  text: text(80),
  focus: z.array(ArpabetSoundSchema).min(1).optional(),
  tip: text(200),
});

export const ChoiceOptionSchema = z.object({
  title: text(60),
  correct: z.boolean(),
});

export const ListenAndChooseItemSchema = z
  .object({
    /** The word or phrase the model voice says; the correct option has this title. */
    word: text(60),
    /** espeak-ng input when the spelling alone would be read wrongly (e.g. stress). */
    speakAs: text(120).optional(),
    options: z.array(ChoiceOptionSchema).min(2).max(4),
  })
  .superRefine((item, ctx) => {
    const correct = item.options.filter((o) => o.correct);
    if (correct.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `exactly one option must be correct, found ${correct.length}`,
      });
    } else if (correct[0]?.title !== item.word) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `the correct option must be the spoken word "${item.word}"`,
      });
    }
    const titles = item.options.map((o) => o.title.toLowerCase());
    if (new Set(titles).size !== titles.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'option titles must differ' });
    }
  });

export const RecognisingToolItemSchema = z.object({
  /** A dictionary word (or a phrase of up to 4 words): the engine scores it phone by phone. */
  word: z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z'-]*( [A-Za-z][A-Za-z'-]*){0,3}$/,
      'a word or a phrase of up to 4 words, letters only',
    ),
  focus: z.array(ArpabetSoundSchema).min(1).optional(),
  tip: text(200),
});

export const FluencyActivityItemSchema = z.object({
  title: text(80),
  prompt: text(240),
  text: text(400),
});

export const FinalAssessmentItemSchema = z.object({
  text: text(400),
  instructions: text(240),
});

export const COACH_FACTORS = ['pronunciation', 'fluency', 'intonation', 'stress'] as const;
export type CoachFactor = (typeof COACH_FACTORS)[number];

const star = z.number().int().min(1).max(5);

/** spec §4 Feedback lesson states: for intro modules, completing all lessons enables the sample feedback. */
export const SampleFeedbackSchema = z.object({
  coach: z.object({ name: text(60), photo: text(120) }),
  /** Summary shown above the per-item replies. */
  summary: text(600),
  /** One reply per final-assessment item, in the same order. */
  replies: z.array(text(600)).min(1),
  scores: z.object({ pronunciation: star, fluency: star, intonation: star, stress: star }),
});

// ---------------------------------------------------------------- modules

export type SectionKey = 'pre' | 'video' | 'record' | 'choose' | 'recognise' | 'fluency' | 'final';

/** Stable lesson ids: `${moduleCode}-${section}-${n}` (n from 1, in authored order). */
export function lessonUniqueId(moduleCode: string, section: SectionKey, index: number): string {
  return `${moduleCode}-${section}-${index + 1}`;
}

function withIds<T extends object>(items: T[], moduleCode: string, section: SectionKey) {
  return items.map((item, i) => ({ uniqueId: lessonUniqueId(moduleCode, section, i), ...item }));
}

const SPOKEN_MARKUP = /\{([^{}|]*)\|([^{}|]*)\}/g;

export function isWellFormedNarration(narration: string): boolean {
  return !/[{}|]/.test(narration.replace(SPOKEN_MARKUP, ''));
}

/** The narration as captions show it. */
export function shownText(narration: string): string {
  return narration.replace(SPOKEN_MARKUP, '$1');
}

/** The narration as espeak-ng reads it. */
export function spokenText(narration: string): string {
  return narration.replace(SPOKEN_MARKUP, '$2');
}

function toCues(slides: { narration: string }[]) {
  return slides.flatMap((s, slideIndex) =>
    splitIntoCues(s.narration).map((cue) => ({
      slideIndex,
      text: shownText(cue),
      speech: spokenText(cue),
    })),
  );
}

/** Splits narration into caption cues: one sentence each, long sentences at a comma. */
export function splitIntoCues(narration: string): string[] {
  const sentences = narration
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?。！？।؟])\s*(?=\S)/u)
    .map((s) => s.trim())
    .filter(Boolean);
  const cues: string[] = [];
  for (const sentence of sentences) {
    if (sentence.length <= 90) {
      cues.push(sentence);
      continue;
    }
    // Break at the comma nearest the middle so each cue fits two caption lines.
    // Never cut inside {shown|spoken} markup.
    const commas = [...sentence.matchAll(/[,،，]\s/gu)]
      .map((m) => m.index ?? 0)
      .filter((at) => sentence.lastIndexOf('{', at) <= sentence.lastIndexOf('}', at))
      .map((at) => at + 1);
    const middle = sentence.length / 2;
    const cut = commas.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))[0];
    if (cut === undefined || cut < 20 || sentence.length - cut < 20) cues.push(sentence);
    else cues.push(sentence.slice(0, cut).trim(), sentence.slice(cut).trim());
  }
  return cues;
}

export const ModuleSchema = z
  .object({
    /** Stable numeric id: routes (/modules/3) and the seed depend on it. */
    id: z.number().int().positive(),
    /** Short code sent to the AI endpoints as module_code; prefixes lesson ids. */
    code,
    slug: code,
    title: text(60),
    subTitle: text(80),
    description: text(600),
    /** Drawn as an SVG card icon by the media build (keys: media/keys.ts moduleIconKey). */
    icon: z.object({ label: text(4), color: z.string().regex(/^#[0-9a-fA-F]{6}$/) }),
    isIntro: z.boolean(),
    group: code,
    /** Order inside its group. */
    order: z.number().int().positive(),
    /** 'sounds' modules train phones; 'prosody' modules train stress, rhythm and melody. */
    focus: z.enum(['sounds', 'prosody']),
    /** ARPAbet sounds the module trains, most important first (used by the study plan). */
    sounds: z.array(ArpabetSoundSchema),
    preLesson: PreLessonSchema,
    guidedLesson: z.object({
      videoLessons: z.object({ lessons: z.array(VideoLessonSchema).min(2), ...withMessages }),
      listenAndRecord: z.object({
        title: text(80),
        items: z.array(ListenAndRecordItemSchema).min(8),
        ...withMessages,
      }),
      listenAndChoose: z.object({
        title: text(80),
        items: z.array(ListenAndChooseItemSchema).min(6),
        ...withMessages,
      }),
      recognisingTools: z.object({
        title: text(80),
        items: z.array(RecognisingToolItemSchema).min(6),
        ...withMessages,
      }),
    }),
    fluencyActivities: z.object({
      items: z.array(FluencyActivityItemSchema).min(3),
      ...withMessages,
    }),
    finalAssessment: z.object({
      items: z.array(FinalAssessmentItemSchema).min(3),
      ...withMessages,
    }),
    sampleFeedback: SampleFeedbackSchema.optional(),
  })
  .superRefine((m, ctx) => {
    if (m.focus === 'sounds' && m.sounds.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['sounds'],
        message: 'a sounds module must list the sounds it trains',
      });
    }
    if (new Set(m.sounds).size !== m.sounds.length) {
      ctx.addIssue({ code: 'custom', path: ['sounds'], message: 'sounds must not repeat' });
    }
    if (m.isIntro && !m.sampleFeedback) {
      ctx.addIssue({
        code: 'custom',
        path: ['sampleFeedback'],
        message: 'intro modules ship a sample coach feedback',
      });
    }
    if (m.sampleFeedback && m.sampleFeedback.replies.length !== m.finalAssessment.items.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['sampleFeedback', 'replies'],
        message: `one reply per final-assessment item (${m.finalAssessment.items.length})`,
      });
    }
  })
  .transform((m) => ({
    ...m,
    preLesson: { ...m.preLesson, items: withIds(m.preLesson.items, m.code, 'pre') },
    guidedLesson: {
      videoLessons: {
        ...m.guidedLesson.videoLessons,
        lessons: withIds(m.guidedLesson.videoLessons.lessons, m.code, 'video').map((lesson) => ({
          ...lesson,
          narration: shownText(lesson.slides.map((s) => s.narration).join(' ')),
          captionCues: toCues(lesson.slides),
        })),
      },
      listenAndRecord: {
        ...m.guidedLesson.listenAndRecord,
        items: withIds(m.guidedLesson.listenAndRecord.items, m.code, 'record'),
      },
      listenAndChoose: {
        ...m.guidedLesson.listenAndChoose,
        items: withIds(m.guidedLesson.listenAndChoose.items, m.code, 'choose'),
      },
      recognisingTools: {
        ...m.guidedLesson.recognisingTools,
        items: withIds(m.guidedLesson.recognisingTools.items, m.code, 'recognise'),
      },
    },
    fluencyActivities: {
      ...m.fluencyActivities,
      items: withIds(m.fluencyActivities.items, m.code, 'fluency'),
    },
    finalAssessment: {
      ...m.finalAssessment,
      items: withIds(m.finalAssessment.items, m.code, 'final'),
    },
  }));

export type ModuleInput = z.input<typeof ModuleSchema>;
export type Module = z.output<typeof ModuleSchema>;
export type VideoLesson = Module['guidedLesson']['videoLessons']['lessons'][number];
export type CaptionCue = VideoLesson['captionCues'][number];

// ---------------------------------------------------------------- assessment

/** spec accounts-assessment-plans §9: intro videos exist for these languages (one list, in the contract). */
export const ASSESSMENT_LANGUAGES = INTRO_VIDEO_LANGUAGES;
export type AssessmentLanguage = (typeof ASSESSMENT_LANGUAGES)[number];

export const AssessmentItemSchema = z.object({
  /** Stable numeric id (initial_assessment_id on the wire). */
  id: z.number().int().positive(),
  kind: z.enum(['word', 'sentence']),
  /** The text to say (the item's title on the wire). */
  text: text(200),
  /** The sounds this item exposes, for the study plan. */
  sounds: z.array(ArpabetSoundSchema).min(1),
  /** Why the item is hard, used as a text tip when a listed sound fails. */
  tip: text(240),
});
export type AssessmentItem = z.output<typeof AssessmentItemSchema>;

export const IntroVideoSchema = z.object({
  language: z.enum(ASSESSMENT_LANGUAGES),
  /** BCP 47 tag for the caption track's srclang. */
  locale: z.string().min(2),
  /** espeak-ng voice that narrates it. */
  voice: z.string().min(2),
  title: text(80),
  slides: z.array(SlideSchema).min(2),
});

export const AssessmentSchema = z
  .object({
    items: z.array(AssessmentItemSchema).min(12),
    introVideos: z.array(IntroVideoSchema),
    /** spec accounts-assessment-plans §2: waiting screen tips, the first starts "Hang Tight!...". */
    waitingTips: z.array(text(200)).min(3),
  })
  .superRefine((a, ctx) => {
    const langs = a.introVideos.map((v) => v.language);
    for (const lang of ASSESSMENT_LANGUAGES) {
      if (langs.filter((l) => l === lang).length !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['introVideos'],
          message: `exactly one intro video in ${lang}`,
        });
      }
    }
    if (!a.waitingTips[0]?.startsWith('Hang Tight!')) {
      ctx.addIssue({
        code: 'custom',
        path: ['waitingTips', 0],
        message: 'the first tip starts "Hang Tight!"',
      });
    }
    const ids = a.items.map((i) => i.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'item ids must be unique' });
  })
  .transform((a) => ({
    ...a,
    introVideos: a.introVideos.map((v) => ({
      ...v,
      narration: shownText(v.slides.map((s) => s.narration).join(' ')),
      captionCues: toCues(v.slides),
    })),
  }));
export type Assessment = z.output<typeof AssessmentSchema>;
export type IntroVideo = Assessment['introVideos'][number];

// ---------------------------------------------------------------- course

/** spec learning-experience §2: signing up sends the learner to /modules/3, so 3 must be an intro module. */
export const FIRST_INTRO_MODULE_ID = 3;

export const CourseSchema = z
  .object({
    groups: z.array(ModuleGroupSchema).min(1),
    modules: z.array(ModuleSchema).min(12),
    assessment: AssessmentSchema,
  })
  .superRefine((c, ctx) => {
    const unique = (values: (string | number)[], path: string, what: string) => {
      const seen = new Set<string | number>();
      for (const v of values) {
        if (seen.has(v))
          ctx.addIssue({ code: 'custom', path: [path], message: `duplicate ${what} ${String(v)}` });
        seen.add(v);
      }
    };
    unique(
      c.groups.map((g) => g.code),
      'groups',
      'group code',
    );
    unique(
      c.modules.map((m) => m.id),
      'modules',
      'module id',
    );
    unique(
      c.modules.map((m) => m.code),
      'modules',
      'module code',
    );
    unique(
      c.modules.map((m) => m.slug),
      'modules',
      'module slug',
    );
    const groupCodes = new Set(c.groups.map((g) => g.code));
    c.modules.forEach((m, i) => {
      if (!groupCodes.has(m.group))
        ctx.addIssue({
          code: 'custom',
          path: ['modules', i, 'group'],
          message: `unknown group ${m.group}`,
        });
    });
    const trial = new Set(c.groups.filter((g) => g.isTrial).map((g) => g.code));
    if (trial.size !== 1)
      ctx.addIssue({ code: 'custom', path: ['groups'], message: 'exactly one trial group' });
    if (c.modules.filter((m) => trial.has(m.group)).length < 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['modules'],
        message: 'at least 3 modules in the trial group',
      });
    }
    if (c.modules.filter((m) => m.isIntro).length < 2) {
      ctx.addIssue({ code: 'custom', path: ['modules'], message: 'at least 2 intro modules' });
    }
    if (!c.modules.some((m) => m.id === FIRST_INTRO_MODULE_ID && m.isIntro)) {
      ctx.addIssue({
        code: 'custom',
        path: ['modules'],
        message: `module ${FIRST_INTRO_MODULE_ID} must be an intro module`,
      });
    }
  });

export type CourseInput = z.input<typeof CourseSchema>;
export type Course = z.output<typeof CourseSchema>;
