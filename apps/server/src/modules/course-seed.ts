import type { Insertable } from 'kysely';
import {
  lessonCaptionsKey,
  lessonVideoKey,
  listModuleSteps,
  loadCourse,
  modelAudioKey,
  moduleIconKey,
  type Course,
  type Module,
} from '@clearspeak/content';
import type { Db } from '../lib/db.ts';
import type { LessonsTable, ModuleSections } from './tables.ts';

export interface CourseSeedResult {
  groups: number;
  modules: number;
  lessons: number;
}

/**
 * Loads the course (content/) into the catalogue tables. Runs at every start, in production
 * too: it is the catalogue, not demo data. Upserts by stable ids (group code, module id,
 * lesson unique_id) in one transaction, so a restart is a no-op and a content edit lands
 * whole or not at all. Rows the content no longer has are hidden (is_active false), never
 * deleted: learners' completions and recordings point at them.
 */
export async function seedCourse(db: Db, course: Course = loadCourse()): Promise<CourseSeedResult> {
  return db.transaction().execute(async (trx) => {
    const groups = await trx
      .insertInto('moduleGroups')
      .values(course.groups.map((g) => ({ code: g.code, title: g.title, sortOrder: g.order, isTrial: g.isTrial, isActive: true })))
      .onConflict((oc) =>
        oc.column('code').doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          sortOrder: eb.ref('excluded.sortOrder'),
          isTrial: eb.ref('excluded.isTrial'),
          isActive: true,
        })),
      )
      .returning(['id', 'code'])
      .execute();
    const groupIdOf = new Map(groups.map((g) => [g.code, g.id]));
    await trx.updateTable('moduleGroups').set({ isActive: false }).where('code', 'not in', course.groups.map((g) => g.code)).execute();

    await trx
      .insertInto('modules')
      .values(
        course.modules.map((m) => {
          const groupId = groupIdOf.get(m.group);
          if (groupId === undefined) throw new Error(`Module ${m.code}: unknown group ${m.group}`);
          return {
            id: m.id,
            code: m.code,
            slug: m.slug,
            groupId,
            sortOrder: m.order,
            title: m.title,
            subTitle: m.subTitle,
            description: m.description,
            iconKey: moduleIconKey(m.code),
            grayIconKey: moduleIconKey(m.code, 'gray'),
            isIntro: m.isIntro,
            focus: m.focus,
            sounds: JSON.stringify(m.sounds),
            sections: JSON.stringify(sectionsOf(m)),
            sampleFeedback: m.sampleFeedback ? JSON.stringify(m.sampleFeedback) : null,
            isActive: true,
          };
        }),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          code: eb.ref('excluded.code'),
          slug: eb.ref('excluded.slug'),
          groupId: eb.ref('excluded.groupId'),
          sortOrder: eb.ref('excluded.sortOrder'),
          title: eb.ref('excluded.title'),
          subTitle: eb.ref('excluded.subTitle'),
          description: eb.ref('excluded.description'),
          iconKey: eb.ref('excluded.iconKey'),
          grayIconKey: eb.ref('excluded.grayIconKey'),
          isIntro: eb.ref('excluded.isIntro'),
          focus: eb.ref('excluded.focus'),
          sounds: eb.ref('excluded.sounds'),
          sections: eb.ref('excluded.sections'),
          sampleFeedback: eb.ref('excluded.sampleFeedback'),
          isActive: true,
        })),
      )
      .execute();
    await trx.updateTable('modules').set({ isActive: false }).where('id', 'not in', course.modules.map((m) => m.id)).execute();

    const lessons = course.modules.flatMap(lessonRowsOf);
    await trx
      .insertInto('lessons')
      .values(lessons)
      .onConflict((oc) =>
        oc.column('uniqueId').doUpdateSet((eb) => ({
          moduleId: eb.ref('excluded.moduleId'),
          lessonType: eb.ref('excluded.lessonType'),
          guidedLessonType: eb.ref('excluded.guidedLessonType'),
          position: eb.ref('excluded.position'),
          title: eb.ref('excluded.title'),
          text: eb.ref('excluded.text'),
          description: eb.ref('excluded.description'),
          tip: eb.ref('excluded.tip'),
          focus: eb.ref('excluded.focus'),
          options: eb.ref('excluded.options'),
          videoKey: eb.ref('excluded.videoKey'),
          captionKey: eb.ref('excluded.captionKey'),
          audioKey: eb.ref('excluded.audioKey'),
          isActive: true,
        })),
      )
      .execute();
    await trx
      .updateTable('lessons')
      .set({ isActive: false })
      .where(
        'uniqueId',
        'not in',
        lessons.map((l) => l.uniqueId),
      )
      .execute();
    return { groups: course.groups.length, modules: course.modules.length, lessons: lessons.length };
  });
}

function sectionsOf(m: Module): ModuleSections {
  const g = m.guidedLesson;
  const texts = (title: string, s: { startMessage: string; completionMessage: string }) => ({
    title,
    startMessage: s.startMessage,
    completionMessage: s.completionMessage,
  });
  return {
    preLesson: texts('Pre Lesson', m.preLesson),
    videoLessons: texts('Video Lessons', g.videoLessons),
    listenAndRecord: texts(g.listenAndRecord.title, g.listenAndRecord),
    listenAndChoose: texts(g.listenAndChoose.title, g.listenAndChoose),
    recognisingTools: texts(g.recognisingTools.title, g.recognisingTools),
    fluencyActivities: texts('Conversational Tips', m.fluencyActivities),
    finalAssessment: texts('Final Assessment', m.finalAssessment),
  };
}

type LessonRow = Insertable<LessonsTable> & { uniqueId: string };

/** One row per lesson item, in the module's step order (content's listModuleSteps, spec §4). */
function lessonRowsOf(m: Module): LessonRow[] {
  const position = new Map(listModuleSteps(m).map((s) => [s.uniqueId, s.position]));
  const base = (uniqueId: string) => {
    const at = position.get(uniqueId);
    if (at === undefined) throw new Error(`Lesson ${uniqueId} is missing from the step order`);
    return {
      uniqueId,
      moduleId: m.id,
      position: at,
      text: null,
      description: null,
      tip: null,
      focus: '[]',
      options: '[]',
      videoKey: null,
      captionKey: null,
      audioKey: null,
      isActive: true,
    };
  };
  const g = m.guidedLesson;
  return [
    ...m.preLesson.items.map((item, i) => ({
      ...base(item.uniqueId),
      lessonType: 'preLesson' as const,
      guidedLessonType: null,
      title: m.preLesson.items.length > 1 ? `Pre Lesson ${i + 1}` : 'Pre Lesson',
      text: item.text,
      description: item.instructions,
      audioKey: modelAudioKey(item.text),
    })),
    ...g.videoLessons.lessons.map((lesson) => ({
      ...base(lesson.uniqueId),
      lessonType: 'guidedLesson' as const,
      guidedLessonType: 'lesson' as const,
      title: lesson.title,
      description: lesson.narration,
      videoKey: lessonVideoKey(m.code, lesson.uniqueId),
      captionKey: lessonCaptionsKey(m.code, lesson.uniqueId),
    })),
    ...g.listenAndRecord.items.map((item) => ({
      ...base(item.uniqueId),
      lessonType: 'guidedLesson' as const,
      guidedLessonType: 'listen_records' as const,
      title: item.text,
      text: item.text,
      tip: item.tip,
      focus: JSON.stringify(item.focus ?? []),
      audioKey: modelAudioKey(item.text),
    })),
    ...g.listenAndChoose.items.map((item) => ({
      ...base(item.uniqueId),
      lessonType: 'guidedLesson' as const,
      guidedLessonType: 'listen_options' as const,
      // The title must not give the answer away: the section's question.
      title: g.listenAndChoose.title,
      text: item.word,
      options: JSON.stringify(item.options),
      audioKey: modelAudioKey(item.word, item.speakAs),
    })),
    ...g.recognisingTools.items.map((item) => ({
      ...base(item.uniqueId),
      lessonType: 'guidedLesson' as const,
      guidedLessonType: 'recognising_tools' as const,
      title: item.word,
      text: item.word,
      tip: item.tip,
      focus: JSON.stringify(item.focus ?? []),
      audioKey: modelAudioKey(item.word),
    })),
    ...m.fluencyActivities.items.map((item) => ({
      ...base(item.uniqueId),
      lessonType: 'fluencyActivity' as const,
      guidedLessonType: null,
      title: item.title,
      text: item.text,
      description: item.prompt,
      audioKey: modelAudioKey(item.text),
    })),
    ...m.finalAssessment.items.map((item, i) => ({
      ...base(item.uniqueId),
      lessonType: 'finalAssignment' as const,
      guidedLessonType: null,
      title: `Final Assessment ${i + 1}`,
      text: item.text,
      description: item.instructions,
      audioKey: modelAudioKey(item.text),
    })),
  ];
}
