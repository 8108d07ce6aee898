import type { LessonItem, LESSON_TYPES, ModuleDetail } from '@clearspeak/contract';

export type LessonRouteType = (typeof LESSON_TYPES)[number];

/** The kinds of step in the order the player walks them (spec: learning §4 Step order). */
export const STEP_KINDS = [
  'preLesson',
  'video',
  'listenRecord',
  'listenChoose',
  'recognising',
  'fluency',
  'final',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/**
 * Kinds whose items are one unit: progress is reported once, on the last item (§4 Progress
 * reporting), so access is decided for the section as a whole.
 */
const GROUPED_KINDS: ReadonlySet<StepKind> = new Set(['listenRecord', 'listenChoose', 'recognising']);

const ROUTE_TYPE: Record<StepKind, LessonRouteType> = {
  preLesson: 'preLesson',
  video: 'guidedLesson',
  listenRecord: 'guidedLesson',
  listenChoose: 'guidedLesson',
  recognising: 'guidedLesson',
  fluency: 'fluencyActivity',
  final: 'finalAssessment',
};

export interface Step {
  kind: StepKind;
  routeType: LessonRouteType;
  item: LessonItem;
  /** Position within its kind, and how many items the kind has. */
  indexInKind: number;
  countInKind: number;
  /** Position in the whole module. */
  index: number;
  /** The access unit: the item itself, or the whole section for grouped kinds. */
  unitKey: string;
}

export interface KindInfo {
  kind: StepKind;
  title: string;
  startMessage: string;
  completionMessage: string;
  iconUrl: string | null;
}

function itemsOf(detail: ModuleDetail, kind: StepKind): LessonItem[] {
  const guided = detail.guided_lesson;
  switch (kind) {
    case 'preLesson':
      return detail.prelesson.prelessons;
    case 'video':
      return guided.video_lessons.lessons;
    case 'listenRecord':
      return guided.listen_and_records.lesson_and_records;
    case 'listenChoose':
      return guided.listen_and_choose_correct_option.listen_and_choose_correct_options;
    case 'recognising':
      return guided.recognising_tools.recognising_tools;
    case 'fluency':
      return detail.fluency_activity.fluency_activities;
    case 'final':
      return detail.final_assignment;
  }
}

export function kindInfo(detail: ModuleDetail, kind: StepKind): KindInfo {
  const guided = detail.guided_lesson;
  const firstIcon = itemsOf(detail, kind)[0]?.icon_url ?? null;
  switch (kind) {
    case 'preLesson':
      return {
        kind,
        title: 'Pre Lesson',
        startMessage: detail.prelesson.pre_lesson_start_msg,
        completionMessage: detail.prelesson.pre_lesson_completion_msg,
        iconUrl: firstIcon,
      };
    case 'video':
      return {
        kind,
        title: 'Video Lessons',
        startMessage: guided.video_lessons.video_lesson_start_msg,
        completionMessage: guided.video_lessons.video_lesson_completion_msg,
        iconUrl: firstIcon,
      };
    case 'listenRecord':
      return {
        kind,
        title: guided.listen_and_records.title || 'Listen and Record',
        startMessage: guided.listen_and_records.listen_record_start_msg,
        completionMessage: guided.listen_and_records.listen_record_completion_msg,
        iconUrl: guided.listen_and_records.icon_url || firstIcon,
      };
    case 'listenChoose':
      return {
        kind,
        title: guided.listen_and_choose_correct_option.title || 'Listen and Choose',
        startMessage: guided.listen_and_choose_correct_option.listen_choose_start_msg,
        completionMessage: guided.listen_and_choose_correct_option.listen_option_result_msg,
        iconUrl: guided.listen_and_choose_correct_option.icons || firstIcon,
      };
    case 'recognising':
      return {
        kind,
        title: guided.recognising_tools.title || 'Recognising Tools',
        startMessage: guided.recognising_tools.recognising_tool_start_msg,
        completionMessage: guided.recognising_tools.recognising_tool_completion_msg,
        iconUrl: guided.recognising_tools.icons || firstIcon,
      };
    case 'fluency':
      return {
        kind,
        title: 'Conversational Tips',
        startMessage: detail.fluency_activity.fluency_activity_start_msg,
        completionMessage: detail.fluency_activity.fluency_activity_completion_msg,
        iconUrl: firstIcon,
      };
    case 'final': {
      const first = detail.final_assignment[0];
      const last = detail.final_assignment.at(-1);
      return {
        kind,
        title: 'Final Assessment',
        startMessage: first?.start_msg ?? '',
        completionMessage: last?.completion_msg ?? '',
        iconUrl: firstIcon,
      };
    }
  }
}

/** Every step of a module in player order; kinds without items are left out. */
export function buildSteps(detail: ModuleDetail): Step[] {
  const steps: Step[] = [];
  for (const kind of STEP_KINDS) {
    const items = itemsOf(detail, kind);
    items.forEach((item, indexInKind) => {
      steps.push({
        kind,
        routeType: ROUTE_TYPE[kind],
        item,
        indexInKind,
        countInKind: items.length,
        index: steps.length,
        unitKey: GROUPED_KINDS.has(kind) ? `section:${kind}` : `item:${item.unique_id}`,
      });
    });
  }
  return steps;
}

export function isItemCompleted(item: LessonItem): boolean {
  return item.is_completed || item.isCompleted;
}

export function isLastInKind(step: Step): boolean {
  return step.indexInKind === step.countInKind - 1;
}

/** A unit is completed when its items are (a grouped section: when its last item is). */
export function isUnitCompleted(steps: readonly Step[], unitKey: string): boolean {
  const members = steps.filter((s) => s.unitKey === unitKey);
  const last = members.at(-1);
  if (!last) return false;
  return isItemCompleted(last.item) || members.every((s) => isItemCompleted(s.item));
}

export function isStepCompleted(steps: readonly Step[], step: Step): boolean {
  return isUnitCompleted(steps, step.unitKey);
}

/**
 * spec: learning §4 Lesson access — a lesson opens if it is completed, or is the first, or
 * the previous lesson is completed.
 */
export function canOpenStep(steps: readonly Step[], step: Step): boolean {
  const units = [...new Set(steps.map((s) => s.unitKey))];
  const position = units.indexOf(step.unitKey);
  if (position <= 0) return true;
  if (isUnitCompleted(steps, step.unitKey)) return true;
  const previous = units[position - 1];
  return previous !== undefined && isUnitCompleted(steps, previous);
}

/**
 * spec: learning §4 Progress reporting — sent when a step is finished and not yet completed;
 * listen-record and recognising tools only on the last word, listen-choose only on the last
 * item; pre lesson (reported by its upload) and review never from the player.
 */
export function shouldReportProgress(steps: readonly Step[], step: Step): boolean {
  if (step.kind === 'preLesson') return false;
  if (GROUPED_KINDS.has(step.kind) && !isLastInKind(step)) return false;
  return !isStepCompleted(steps, step);
}

export function stepPath(moduleId: number, step: Step): string {
  return `/modules/${moduleId}/${step.routeType}/${encodeURIComponent(step.item.unique_id)}`;
}

/**
 * The step a lesson URL names: `lessonId` is the item's unique_id (what the player writes) or,
 * for older links, its numeric id within the route's lesson type.
 */
export function findStep(
  steps: readonly Step[],
  lessonType: string | undefined,
  lessonId: string,
): Step | undefined {
  const candidates = lessonType ? steps.filter((s) => s.routeType === lessonType) : steps;
  return (
    candidates.find((s) => s.item.unique_id === lessonId) ??
    candidates.find((s) => String(s.item.id) === lessonId)
  );
}

/** Marks items completed in a cached detail (after a progress call or a pre lesson upload). */
export function withCompleted(detail: ModuleDetail, uniqueIds: ReadonlySet<string>): ModuleDetail {
  const mark = <T extends LessonItem>(item: T): T =>
    uniqueIds.has(item.unique_id) ? { ...item, is_completed: true, isCompleted: true } : item;
  const guided = detail.guided_lesson;
  return {
    ...detail,
    prelesson: { ...detail.prelesson, prelessons: detail.prelesson.prelessons.map(mark) },
    guided_lesson: {
      video_lessons: { ...guided.video_lessons, lessons: guided.video_lessons.lessons.map(mark) },
      listen_and_records: {
        ...guided.listen_and_records,
        lesson_and_records: guided.listen_and_records.lesson_and_records.map(mark),
      },
      listen_and_choose_correct_option: {
        ...guided.listen_and_choose_correct_option,
        listen_and_choose_correct_options:
          guided.listen_and_choose_correct_option.listen_and_choose_correct_options.map(mark),
      },
      recognising_tools: {
        ...guided.recognising_tools,
        recognising_tools: guided.recognising_tools.recognising_tools.map(mark),
      },
    },
    fluency_activity: {
      ...detail.fluency_activity,
      fluency_activities: detail.fluency_activity.fluency_activities.map(mark),
    },
    final_assignment: detail.final_assignment.map(mark),
  };
}

/** The sections of the overview (spec: learning §2 Module overview). */
export const OVERVIEW_SECTIONS = [
  { key: 'preLesson', title: 'Pre Lesson', kinds: ['preLesson'] },
  {
    key: 'guidedLesson',
    title: 'Guided Lesson',
    kinds: ['video', 'listenRecord', 'listenChoose', 'recognising'],
  },
  { key: 'fluencyActivity', title: 'Conversational Tips', kinds: ['fluency'] },
  { key: 'finalAssessment', title: 'Final Assessment', kinds: ['final'] },
] as const satisfies readonly { key: string; title: string; kinds: readonly StepKind[] }[];
