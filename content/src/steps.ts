import type { Module } from './schema.ts';

/** spec learning-experience §3: lesson_type and guided_lesson_type of a lesson item. */
export type LessonType = 'preLesson' | 'guidedLesson' | 'fluencyActivity' | 'finalAssignment';
export type GuidedLessonType = 'lesson' | 'listen_records' | 'listen_options' | 'recognising_tools';

export interface ModuleStep {
  uniqueId: string;
  lessonType: LessonType;
  guidedLessonType?: GuidedLessonType;
  /** Position in the module's step order, from 0. */
  position: number;
}

/**
 * Every lesson of a module in the order the player walks them (spec learning-experience
 * §4 Step order: pre lesson, video lessons, listen and record, listen and choose,
 * recognising tools, fluency activities, final assessment; the review follows).
 */
export function listModuleSteps(module: Module): ModuleStep[] {
  const g = module.guidedLesson;
  const groups: [LessonType, GuidedLessonType | undefined, { uniqueId: string }[]][] = [
    ['preLesson', undefined, module.preLesson.items],
    ['guidedLesson', 'lesson', g.videoLessons.lessons],
    ['guidedLesson', 'listen_records', g.listenAndRecord.items],
    ['guidedLesson', 'listen_options', g.listenAndChoose.items],
    ['guidedLesson', 'recognising_tools', g.recognisingTools.items],
    ['fluencyActivity', undefined, module.fluencyActivities.items],
    ['finalAssignment', undefined, module.finalAssessment.items],
  ];
  return groups
    .flatMap(([lessonType, guidedLessonType, items]) =>
      items.map((item) => ({
        uniqueId: item.uniqueId,
        lessonType,
        ...(guidedLessonType ? { guidedLessonType } : {}),
      })),
    )
    .map((step, position) => ({ ...step, position }));
}
