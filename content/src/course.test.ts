import { describe, expect, it } from 'vitest';
import { courseData } from './course/index.ts';
import {
  ASSESSMENT_LANGUAGES,
  CourseValidationError,
  isArpabetSound,
  listMediaAssets,
  loadCourse,
  modelAudioKey,
  parseCourse,
  lessonVideoKey,
  lessonCaptionsKey,
  listModuleSteps,
  shownText,
  spokenText,
  splitIntoCues,
  type Module,
} from './index.ts';

const course = loadCourse();

/** Ids the routes, the seed and learners' saved progress depend on: changing one is a breaking change. */
const STABLE_MODULE_IDS: Record<number, string> = {
  1: 'schwa',
  2: 'flap-t',
  3: 'th',
  4: 'ih-iy',
  5: 'r-l',
  6: 'v-w',
  7: 'final-consonants',
  8: 'word-stress',
  9: 'sentence-stress',
  10: 'intonation',
  11: 'linking',
  12: 'reductions',
  13: 'ae-eh-aa',
  14: 'sh-ch',
};

function lessonIds(m: Module): string[] {
  return [
    ...m.preLesson.items,
    ...m.guidedLesson.videoLessons.lessons,
    ...m.guidedLesson.listenAndRecord.items,
    ...m.guidedLesson.listenAndChoose.items,
    ...m.guidedLesson.recognisingTools.items,
    ...m.fluencyActivities.items,
    ...m.finalAssessment.items,
  ].map((item) => item.uniqueId);
}

function sectionsWithMessages(m: Module) {
  return [
    m.preLesson,
    m.guidedLesson.videoLessons,
    m.guidedLesson.listenAndRecord,
    m.guidedLesson.listenAndChoose,
    m.guidedLesson.recognisingTools,
    m.fluencyActivities,
    m.finalAssessment,
  ];
}

describe('the course', () => {
  it('parses, with at least 12 modules, 2 intro modules and 3 in the trial group', () => {
    expect(course.modules.length).toBeGreaterThanOrEqual(12);
    expect(course.modules.filter((m) => m.isIntro).length).toBeGreaterThanOrEqual(2);
    const trial = course.groups.filter((g) => g.isTrial);
    expect(trial).toHaveLength(1);
    expect(course.modules.filter((m) => m.group === trial[0]?.code).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(course.groups.every((g) => g.title.length > 0)).toBe(true);
  });

  it('keeps numeric module ids stable, with module 3 a good first intro module', () => {
    expect(Object.fromEntries(course.modules.map((m) => [m.id, m.code]))).toEqual(
      STABLE_MODULE_IDS,
    );
    const first = course.modules.find((m) => m.id === 3);
    expect(first?.isIntro).toBe(true);
    expect(first?.sounds).toEqual(['TH', 'DH']);
  });

  it.each(course.modules.map((m) => [m.code, m] as const))(
    'module %s meets the section minimums',
    (_code, m) => {
      expect(m.preLesson.items.length).toBeGreaterThanOrEqual(1);
      expect(m.guidedLesson.videoLessons.lessons.length).toBeGreaterThanOrEqual(2);
      for (const lesson of m.guidedLesson.videoLessons.lessons) {
        expect(lesson.slides.length).toBeGreaterThanOrEqual(2);
        expect(lesson.captionCues.length).toBeGreaterThanOrEqual(lesson.slides.length);
        expect(lesson.captionCues.map((c) => c.text).join(' ')).toBe(lesson.narration);
      }
      expect(m.guidedLesson.listenAndRecord.items.length).toBeGreaterThanOrEqual(8);
      expect(m.guidedLesson.listenAndChoose.items.length).toBeGreaterThanOrEqual(6);
      expect(m.guidedLesson.recognisingTools.items.length).toBeGreaterThanOrEqual(6);
      expect(m.fluencyActivities.items.length).toBeGreaterThanOrEqual(3);
      expect(m.finalAssessment.items.length).toBeGreaterThanOrEqual(3);
      for (const section of sectionsWithMessages(m)) {
        expect(section.startMessage.length).toBeGreaterThan(20);
        expect(section.completionMessage.length).toBeGreaterThan(20);
      }
      expect(m.title && m.subTitle && m.description && m.slug).toBeTruthy();
    },
  );

  it('gives every lesson a unique id of the form <module code>-<section>-<n>', () => {
    const all = course.modules.flatMap(lessonIds);
    expect(new Set(all).size).toBe(all.length);
    for (const m of course.modules) {
      for (const id of lessonIds(m))
        expect(id).toMatch(
          new RegExp(`^${m.code}-(pre|video|record|choose|recognise|fluency|final)-[1-9][0-9]*$`),
        );
    }
    const th = course.modules.find((m) => m.code === 'th');
    expect(th?.guidedLesson.videoLessons.lessons.map((l) => l.uniqueId)).toEqual([
      'th-video-1',
      'th-video-2',
    ]);
    expect(th?.guidedLesson.listenAndChoose.items[0]?.uniqueId).toBe('th-choose-1');
  });

  it('lists only valid ARPAbet sounds, and sounds modules list at least one', () => {
    expect(['TH', 'DH', 'AH0', 'IY', 'ER0'].every(isArpabetSound)).toBe(true);
    expect(['th', 'XX', 'B1', 'AH3', 'IY12', ''].some(isArpabetSound)).toBe(false);
    for (const m of course.modules) {
      for (const sound of m.sounds) expect(isArpabetSound(sound), `${m.code}: ${sound}`).toBe(true);
      if (m.focus === 'sounds') expect(m.sounds.length).toBeGreaterThan(0);
      for (const item of [
        ...m.guidedLesson.listenAndRecord.items,
        ...m.guidedLesson.recognisingTools.items,
      ]) {
        for (const sound of item.focus ?? [])
          expect(isArpabetSound(sound), `${item.uniqueId}: ${sound}`).toBe(true);
      }
    }
    for (const item of course.assessment.items)
      for (const sound of item.sounds) expect(isArpabetSound(sound)).toBe(true);
  });

  it('has exactly one correct option per listen-and-choose item, and it is the spoken word', () => {
    for (const m of course.modules) {
      for (const item of m.guidedLesson.listenAndChoose.items) {
        const correct = item.options.filter((o) => o.correct);
        expect(correct, item.uniqueId).toHaveLength(1);
        expect(correct[0]?.title, item.uniqueId).toBe(item.word);
        expect(item.options.length).toBeGreaterThanOrEqual(2);
      }
      // Not always the first option, or learners could learn the position instead of the sound.
      const positions = new Set(
        m.guidedLesson.listenAndChoose.items.map((i) => i.options.findIndex((o) => o.correct)),
      );
      expect(positions.size, m.code).toBeGreaterThan(1);
    }
  });

  it('rejects bad content and names the bad field', () => {
    const broken = structuredClone(courseData);
    const module = broken.modules[0];
    if (!module) throw new Error('no module');
    const firstChoice = module.guidedLesson.listenAndChoose.items[0];
    if (!firstChoice) throw new Error('no item');
    firstChoice.options = firstChoice.options.map((o) => ({ ...o, correct: true }));
    module.sounds = ['TH', 'XX'];
    let error: unknown;
    try {
      parseCourse(broken);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CourseValidationError);
    const message = (error as Error).message;
    expect(message).toContain(
      'modules[0](th).guidedLesson.listenAndChoose.items.0.options: exactly one option must be correct',
    );
    expect(message).toContain('modules[0](th).sounds.1');
  });

  it('rejects a course without module 3 as an intro module', () => {
    const broken = structuredClone(courseData);
    broken.modules = broken.modules.map((m) => (m.id === 3 ? { ...m, isIntro: false } : m));
    expect(() => parseCourse(broken)).toThrow(/module 3 must be an intro module/);
  });
});

describe('the assessment', () => {
  it('has at least 12 items covering TH, R/L, V/W and short/long vowels', () => {
    const { items } = course.assessment;
    expect(items.length).toBeGreaterThanOrEqual(12);
    const tested = new Set(items.flatMap((i) => i.sounds.map((s) => s.replace(/[012]$/, ''))));
    for (const sound of ['TH', 'DH', 'R', 'L', 'V', 'W', 'IH', 'IY'])
      expect(tested.has(sound), sound).toBe(true);
    expect(items.some((i) => i.kind === 'word') && items.some((i) => i.kind === 'sentence')).toBe(
      true,
    );
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('tests in every item at least one sound that a module trains, so the study plan can act on it', () => {
    const trained = new Set(
      course.modules.flatMap((m) => m.sounds.map((s) => s.replace(/[012]$/, ''))),
    );
    for (const item of course.assessment.items) {
      expect(
        item.sounds.some((s) => trained.has(s.replace(/[012]$/, ''))),
        item.text,
      ).toBe(true);
    }
    for (const sound of ['TH', 'DH', 'R', 'L', 'V', 'W', 'IH', 'IY', 'AE', 'SH', 'ZH', 'T', 'D']) {
      expect(trained.has(sound), sound).toBe(true);
    }
  });

  it('has an intro video in each of the 8 languages, narrated in that language', () => {
    const videos = course.assessment.introVideos;
    expect(videos.map((v) => v.language).sort()).toEqual([...ASSESSMENT_LANGUAGES].sort());
    const scripts: Record<string, RegExp> = {
      bengali: /\p{Script=Bengali}/u,
      hindi: /\p{Script=Devanagari}/u,
      chinese: /\p{Script=Han}/u,
      arabic: /\p{Script=Arabic}/u,
    };
    for (const video of videos) {
      const script = scripts[video.language];
      if (script) expect(script.test(video.narration), video.language).toBe(true);
    }
    const english = videos.find((v) => v.language === 'english');
    const spanish = videos.find((v) => v.language === 'spanish');
    expect(english?.narration).not.toBe(spanish?.narration);
  });

  it('starts the waiting tips with "Hang Tight!"', () => {
    expect(course.assessment.waitingTips[0]).toMatch(/^Hang Tight!/);
  });
});

describe('sample coach feedback', () => {
  it('ships for every intro module, one reply per final-assessment item, with 1-5 stars', () => {
    for (const m of course.modules.filter((x) => x.isIntro)) {
      const feedback = m.sampleFeedback;
      expect(feedback, m.code).toBeDefined();
      expect(feedback?.replies).toHaveLength(m.finalAssessment.items.length);
      for (const score of Object.values(feedback?.scores ?? {}))
        expect(score >= 1 && score <= 5).toBe(true);
      expect(feedback?.coach.name.length).toBeGreaterThan(0);
    }
  });
});

describe('listMediaAssets', () => {
  const assets = listMediaAssets(course);
  const keys = new Set(assets.map((a) => a.key));

  it('lists each file once', () => {
    expect(keys.size).toBe(assets.length);
  });

  it('has model audio for everything a learner hears, a video and captions for each lesson', () => {
    for (const m of course.modules) {
      for (const item of m.guidedLesson.listenAndRecord.items)
        expect(keys.has(modelAudioKey(item.text))).toBe(true);
      for (const item of m.guidedLesson.listenAndChoose.items) {
        expect(keys.has(modelAudioKey(item.word, item.speakAs))).toBe(true);
      }
      for (const item of m.guidedLesson.recognisingTools.items)
        expect(keys.has(modelAudioKey(item.word))).toBe(true);
      for (const item of [
        ...m.fluencyActivities.items,
        ...m.finalAssessment.items,
        ...m.preLesson.items,
      ]) {
        expect(keys.has(modelAudioKey(item.text))).toBe(true);
      }
      for (const lesson of m.guidedLesson.videoLessons.lessons) {
        expect(keys.has(lessonVideoKey(m.code, lesson.uniqueId))).toBe(true);
        expect(keys.has(lessonCaptionsKey(m.code, lesson.uniqueId))).toBe(true);
      }
    }
    for (const item of course.assessment.items)
      expect(keys.has(modelAudioKey(item.text))).toBe(true);
    expect(
      assets.filter((a) => a.key.startsWith('video/assessment/') && a.kind === 'video'),
    ).toHaveLength(8);
    expect(keys.has('sounds/correct.mp3') && keys.has('sounds/incorrect.mp3')).toBe(true);
  });

  it('speaks punctuation-sensitive items as separate files', () => {
    expect(modelAudioKey("You're coming?")).not.toBe(modelAudioKey("You're coming."));
    expect(modelAudioKey('think')).toBe(modelAudioKey('think'));
  });
});

describe('listModuleSteps', () => {
  it('walks a module in the step order of spec §4', () => {
    const th = course.modules.find((m) => m.code === 'th');
    if (!th) throw new Error('no th module');
    const steps = listModuleSteps(th);
    const kinds = steps.map(
      (s) => `${s.lessonType}${s.guidedLessonType ? `:${s.guidedLessonType}` : ''}`,
    );
    const order = [...new Set(kinds)];
    expect(order).toEqual([
      'preLesson',
      'guidedLesson:lesson',
      'guidedLesson:listen_records',
      'guidedLesson:listen_options',
      'guidedLesson:recognising_tools',
      'fluencyActivity',
      'finalAssignment',
    ]);
    expect(steps[0]?.uniqueId).toBe('th-pre-1');
    expect(steps.at(-1)?.uniqueId).toBe(`th-final-${th.finalAssessment.items.length}`);
    expect(steps.map((s) => s.position)).toEqual(steps.map((_, i) => i));
    expect(new Set(steps.map((s) => s.uniqueId)).size).toBe(steps.length);
  });
});

describe('narration markup', () => {
  it('shows one text in captions and gives espeak-ng another', () => {
    const narration = "The {A|[['a]]} in cat, and the {O|[['0]]} in hot, are different.";
    expect(shownText(narration)).toBe('The A in cat, and the O in hot, are different.');
    expect(spokenText(narration)).toBe("The [['a]] in cat, and the [['0]] in hot, are different.");
  });

  it('never cuts a cue inside markup', () => {
    const long =
      'This is a long sentence that needs cutting, {EE, AY, I, and OY|ee, ay, I, and oy}, with more words after it to make it long.';
    for (const cue of splitIntoCues(long)) expect(shownText(cue)).not.toMatch(/[{}|]/);
  });

  it('leaves no markup in any caption cue of the course', () => {
    const cues = [
      ...course.modules.flatMap((m) =>
        m.guidedLesson.videoLessons.lessons.flatMap((l) => l.captionCues),
      ),
      ...course.assessment.introVideos.flatMap((v) => v.captionCues),
    ];
    expect(cues.length).toBeGreaterThan(200);
    for (const cue of cues) {
      expect(cue.text).not.toMatch(/[{}|]|\[\[/);
      expect(cue.speech).not.toMatch(/[{}|]/);
    }
    expect(cues.some((c) => c.text !== c.speech)).toBe(true);
  });
});
