import type { LessonItem, ModuleCard, ModuleDetail } from '@clearspeak/contract';
import { recordingAudioPath } from '@clearspeak/contract';
import type { SectionIcon } from '@clearspeak/content';
import { findLiveModuleRequest, listLiveModuleRequestStatuses } from '../coaching/feedback-repo.ts';
import type { FeedbackRequestStatus } from '../coaching/tables.ts';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { mediaUrl, sectionIconUrl } from '../media/urls.ts';
import { getSubscriptionFlags } from '../users/service.ts';
import {
  countCompletionsByModule,
  countLessonsByModule,
  findLessonById,
  findModule,
  findModuleByCode,
  insertCompletions,
  insertListenAnswer,
  listCompletedLessonIds,
  listGroups,
  listLessons,
  listListenAnswers,
  listModuleRecordings,
  listModules,
  listModuleScores,
  upsertFluencyReview,
  upsertModuleScore,
  upsertPosition,
  type LessonRow,
  type ModuleRecordingRow,
  type ModuleRow,
} from './repo.ts';
import type { SectionKey } from './tables.ts';
import './tables.ts';

type Deps = { db: Db };
type ClockDeps = { db: Db; clock: Clock };

// ---------------------------------------------------------------- access

/**
 * spec: learning §6 and issue 4 "Access": free users get the intro modules and the trial group;
 * subscribers of either plan get every module.
 */
export function isModuleUnlocked(module: Pick<ModuleRow, 'isIntro' | 'groupIsTrial'>, isSubscribed: boolean): boolean {
  return isSubscribed || module.isIntro || module.groupIsTrial;
}

async function isSubscribed(deps: Deps, userId: number): Promise<boolean> {
  return (await getSubscriptionFlags(deps, { userId })).is_subscribed;
}

/** The module, if it exists and the learner may open it (404 / 403 otherwise). */
export async function loadUnlockedModule(deps: Deps, options: { userId: number; moduleId?: number; moduleCode?: string }): Promise<ModuleRow> {
  const module =
    options.moduleId !== undefined ? await findModule(deps.db, options.moduleId) : await findModuleByCode(deps.db, options.moduleCode ?? '');
  if (!module) throw new AppError('not_found', { message: 'This module does not exist.' });
  if (!isModuleUnlocked(module, await isSubscribed(deps, options.userId))) throw new AppError('module_locked');
  return module;
}

// ---------------------------------------------------------------- list

function progressPct(done: number, total: number): number {
  return total > 0 ? Math.round((100 * Math.min(done, total)) / total) : 0;
}

/**
 * The coach-feedback flags of a module (issue 5; learning §2 sand-clock, §4 Feedback lesson states):
 * answered feedback, or an intro module's sample once every lesson is done, is available; a
 * request still with the coaches is pending.
 */
export function feedbackFlags(m: Pick<ModuleRow, 'isIntro'>, options: { status: FeedbackRequestStatus | undefined; allLessonsDone: boolean }) {
  return {
    available: options.status === 'answered' || (m.isIntro && options.allLessonsDone),
    pending: options.status === 'pending' || options.status === 'claimed',
  };
}

function moduleCard(m: ModuleRow, state: { progress: number; score: number; isUnlocked: boolean; feedback: { available: boolean; pending: boolean } }): ModuleCard {
  return {
    id: m.id,
    title: m.title,
    sub_title: m.subTitle,
    icon_url: mediaUrl(m.iconKey),
    score: state.score,
    user_progress: state.progress,
    is_unlocked: state.isUnlocked,
    is_feed_back_avilable: state.feedback.available,
    is_feedback_pending: state.feedback.pending,
    intro_module: m.isIntro,
    sounds: m.sounds,
  };
}

/** spec: learning §2 Module list, §3 Module (list); GET /module/list/v3 and /module/list. */
export async function listModulesForLearner(deps: Deps, options: { userId: number }) {
  const [modules, groups, totals, done, scores, subscribed, requests] = await Promise.all([
    listModules(deps.db),
    listGroups(deps.db),
    countLessonsByModule(deps.db),
    countCompletionsByModule(deps.db, options.userId),
    listModuleScores(deps.db, options.userId),
    isSubscribed(deps, options.userId),
    listLiveModuleRequestStatuses(deps.db, options.userId),
  ]);
  const cardOf = (m: ModuleRow) => {
    const total = totals.get(m.id) ?? 0;
    return moduleCard(m, {
      progress: progressPct(done.get(m.id) ?? 0, total),
      score: scores.get(m.id) ?? 0,
      isUnlocked: isModuleUnlocked(m, subscribed),
      feedback: feedbackFlags(m, { status: requests.get(m.id), allLessonsDone: total > 0 && (done.get(m.id) ?? 0) >= total }),
    });
  };
  return {
    introModules: modules.filter((m) => m.isIntro).map(cardOf),
    trialModules: modules.filter((m) => m.groupIsTrial).map(cardOf),
    // Every titled group, the trial group included (the accordion opens it by default, §2).
    othModules: groups
      .map((g) => ({ id: g.id, title: g.title, is_trial: g.isTrial, modules: modules.filter((m) => m.groupId === g.id).map(cardOf) }))
      .filter((g) => g.modules.length > 0),
    is_subscribed: subscribed,
  };
}

// ---------------------------------------------------------------- detail

const SECTION_OF: Record<string, { key: SectionKey; icon: SectionIcon }> = {
  preLesson: { key: 'preLesson', icon: 'pre-lesson' },
  lesson: { key: 'videoLessons', icon: 'video-lesson' },
  listen_records: { key: 'listenAndRecord', icon: 'listen-record' },
  listen_options: { key: 'listenAndChoose', icon: 'listen-choose' },
  recognising_tools: { key: 'recognisingTools', icon: 'recognising-tools' },
  fluencyActivity: { key: 'fluencyActivities', icon: 'fluency' },
  finalAssignment: { key: 'finalAssessment', icon: 'final-assessment' },
};

function sectionOf(lesson: Pick<LessonRow, 'lessonType' | 'guidedLessonType'>) {
  const section = SECTION_OF[lesson.guidedLessonType ?? lesson.lessonType];
  if (!section) throw new Error(`No section for lesson type ${lesson.lessonType}/${lesson.guidedLessonType ?? ''}`);
  return section;
}

/** Words of a text as a learner reads them (for `words`). */
function wordsOf(text: string | null): string[] {
  return text ? (text.match(/[A-Za-z][A-Za-z'-]*/g) ?? []) : [];
}

interface LearnerState {
  completed: Set<number>;
  /** Coach feedback (or the intro sample) is available: the final items show hasFeedback. */
  hasFeedback: boolean;
  answers: Map<number, boolean>;
  /** Latest recording per lesson, with its engine score when scored. */
  latest: Map<number, { id: number; score: number | null }>;
}

function latestByLesson(recordings: ModuleRecordingRow[]): Map<number, { id: number; score: number | null }> {
  const latest = new Map<number, { id: number; score: number | null }>();
  for (const r of recordings) {
    if (r.lessonId === null || latest.has(r.lessonId)) continue;
    latest.set(r.lessonId, { id: r.id, score: r.status === 'scored' ? r.score : null });
  }
  return latest;
}

function lessonItem(m: ModuleRow, l: LessonRow, state: LearnerState): LessonItem {
  const section = sectionOf(l);
  const texts = m.sections[section.key];
  const isCompleted = state.completed.has(l.id);
  const audioUrl = mediaUrl(l.audioKey);
  const latest = state.latest.get(l.id);
  const answer = state.answers.get(l.id);
  const isWordDrill = l.guidedLessonType === 'listen_records' || l.guidedLessonType === 'recognising_tools' || l.guidedLessonType === 'listen_options';
  return {
    id: l.id,
    module_id: m.id,
    unique_id: l.uniqueId,
    lesson_title: texts.title,
    title: l.title,
    lesson_type: l.lessonType,
    guided_lesson_type: l.guidedLessonType,
    start_message: texts.startMessage,
    end_message: texts.completionMessage,
    description: l.description ?? l.tip,
    description_first: l.description,
    description_second: l.tip,
    file_type: l.videoKey ? 'video' : audioUrl ? 'audio' : 'text',
    file_url: l.videoKey ? mediaUrl(l.videoKey) : audioUrl,
    caption_url: mediaUrl(l.captionKey),
    audio_url: audioUrl,
    word: isWordDrill ? l.text : null,
    words: l.guidedLessonType === 'listen_options' || l.guidedLessonType === 'lesson' ? [] : wordsOf(l.text),
    is_completed: isCompleted,
    isCompleted,
    icon_url: sectionIconUrl(section.icon),
    type: l.guidedLessonType ?? l.lessonType,
    hasFeedback: state.hasFeedback && l.lessonType === 'finalAssignment',
    assignment_file: null,
    user_recorded_file: latest ? recordingAudioPath(latest.id) : null,
    text_to_speech: l.text,
    voice_url: audioUrl,
    pivot: { module_id: m.id, fluency_activity_id: l.lessonType === 'fluencyActivity' ? l.id : null },
    listen_select_options: l.options,
    // Listen-and-choose items: 100 right, 0 wrong once answered; recordings: the engine's score.
    score: answer !== undefined ? (answer ? 100 : 0) : (latest?.score ?? null),
  };
}

async function loadLearnerState(deps: Deps, userId: number, m: ModuleRow, lessons: LessonRow[]): Promise<LearnerState> {
  const [completed, answers, recordings, request] = await Promise.all([
    listCompletedLessonIds(deps.db, userId, m.id),
    listListenAnswers(deps.db, userId, m.id),
    listModuleRecordings(deps.db, userId, m.id),
    findLiveModuleRequest(deps.db, userId, m.id),
  ]);
  const allLessonsDone = lessons.length > 0 && lessons.every((l) => completed.has(l.id));
  const hasFeedback = feedbackFlags(m, { status: request?.status, allLessonsDone }).available;
  return { completed, answers, latest: latestByLesson(recordings), hasFeedback };
}

/** spec: learning §3 Module (detail); a locked module answers 403 (§4 Lesson access). */
export async function getModuleDetail(deps: Deps, options: { userId: number; moduleId: number }): Promise<ModuleDetail> {
  const m = await loadUnlockedModule(deps, options);
  const lessons = await listLessons(deps.db, m.id);
  const state = await loadLearnerState(deps, options.userId, m, lessons);
  const items = (type: string) => lessons.filter((l) => (l.guidedLessonType ?? l.lessonType) === type).map((l) => lessonItem(m, l, state));
  const s = m.sections;
  const records = items('listen_records');
  return {
    module_id: m.id,
    module_code: m.code,
    title: m.title,
    description: m.description,
    list_icon: mediaUrl(m.iconKey),
    intro_module: m.isIntro,
    is_unlocked: true,
    sounds: m.sounds,
    prelesson: {
      prelessons: items('preLesson'),
      pre_lesson_start_msg: s.preLesson.startMessage,
      pre_lesson_completion_msg: s.preLesson.completionMessage,
    },
    guided_lesson: {
      video_lessons: {
        lessons: items('lesson'),
        video_lesson_start_msg: s.videoLessons.startMessage,
        video_lesson_completion_msg: s.videoLessons.completionMessage,
      },
      listen_and_records: {
        lesson_and_records: records,
        title: s.listenAndRecord.title,
        icon_url: sectionIconUrl('listen-record'),
        gray_icon_url: sectionIconUrl('listen-record', 'gray'),
        is_completed: records.length > 0 && records.every((r) => r.is_completed),
        listen_record_start_msg: s.listenAndRecord.startMessage,
        listen_record_completion_msg: s.listenAndRecord.completionMessage,
      },
      listen_and_choose_correct_option: {
        listen_and_choose_correct_options: items('listen_options'),
        title: s.listenAndChoose.title,
        icons: sectionIconUrl('listen-choose'),
        listen_choose_start_msg: s.listenAndChoose.startMessage,
        listen_option_result_msg: s.listenAndChoose.completionMessage,
      },
      recognising_tools: {
        recognising_tools: items('recognising_tools'),
        title: s.recognisingTools.title,
        icons: sectionIconUrl('recognising-tools'),
        recognising_tool_start_msg: s.recognisingTools.startMessage,
        recognising_tool_completion_msg: s.recognisingTools.completionMessage,
      },
    },
    fluency_activity: {
      fluency_activities: items('fluencyActivity'),
      fluency_activity_start_msg: s.fluencyActivities.startMessage,
      fluency_activity_completion_msg: s.fluencyActivities.completionMessage,
    },
    final_assignment: items('finalAssignment').map((item) => ({
      ...item,
      start_msg: s.finalAssessment.startMessage,
      completion_msg: s.finalAssessment.completionMessage,
    })),
  };
}

export async function getListenOptions(deps: Deps, options: { userId: number; moduleId: number }): Promise<LessonItem[]> {
  const detail = await getModuleDetail(deps, options);
  return detail.guided_lesson.listen_and_choose_correct_option.listen_and_choose_correct_options;
}

// ---------------------------------------------------------------- position and progress

type RouteStep = 'preLesson' | 'guidedLesson' | 'fluencyActivity' | 'finalAssessment' | 'feedback' | 'review';

/** The route's lesson type for a lesson row (§2 routes say finalAssessment, §3 items finalAssignment). */
function routeStepOf(l: LessonRow): RouteStep {
  return l.lessonType === 'finalAssignment' ? 'finalAssessment' : l.lessonType;
}

/**
 * Drill sections report progress once, on their last item (spec §4 Progress reporting: listen-record
 * and recognising tools on the last word, listen-choose on the last item), so that report completes
 * the whole section, and the items inside a drill are not gated one by one on the server.
 */
const DRILLS = new Set(['listen_records', 'listen_options', 'recognising_tools']);

function findStep(lessons: LessonRow[], step: RouteStep, stepId: string): LessonRow {
  const lesson = lessons.find((l) => l.uniqueId === stepId || String(l.id) === stepId);
  if (!lesson) throw new AppError('not_found', { message: 'This lesson does not exist in this module.' });
  if (routeStepOf(lesson) !== step) {
    throw new AppError('validation', { message: `This lesson is a ${routeStepOf(lesson)} step, not ${step}.`, errors: { step: 'does not match step_id' } });
  }
  return lesson;
}

/** spec §4 Lesson access: a lesson opens if it is completed, or is the first, or the previous lesson is completed. */
function isLessonOpen(lessons: LessonRow[], completed: Set<number>, lesson: LessonRow): boolean {
  if (completed.has(lesson.id)) return true;
  // Inside a drill the gate is the section's start.
  const gate = lesson.guidedLessonType && DRILLS.has(lesson.guidedLessonType) ? lessons.find((l) => l.guidedLessonType === lesson.guidedLessonType) ?? lesson : lesson;
  const index = lessons.indexOf(gate);
  if (index <= 0) return true;
  const previous = lessons[index - 1];
  return previous === undefined || completed.has(previous.id);
}

/** POST /module/save/step: the resume point (docs/decisions/008); never changes progress. */
export async function saveStep(deps: ClockDeps, options: { userId: number; moduleId: number; step: RouteStep; stepId: string }): Promise<void> {
  const m = await loadUnlockedModule(deps, options);
  if (options.step !== 'review' && options.step !== 'feedback') findStep(await listLessons(deps.db, m.id), options.step, options.stepId);
  await upsertPosition(deps.db, { userId: options.userId, moduleId: m.id, step: options.step, stepId: options.stepId, at: deps.clock.now() });
}

/**
 * POST /module/step (docs/decisions/008): completes a step, idempotently, if it is open (§4 Lesson
 * access); answers user_progress = completed steps / all steps × 100.
 */
export async function completeStep(
  deps: ClockDeps,
  options: { userId: number; moduleId: number; step: RouteStep; stepId: string },
): Promise<{ userProgress: number; wasCompleted: boolean }> {
  const m = await loadUnlockedModule(deps, options);
  if (options.step === 'review' || options.step === 'feedback') {
    throw new AppError('validation', { message: 'The review and feedback are not reported as steps.', errors: { step: 'not a lesson step' } });
  }
  const lessons = await listLessons(deps.db, m.id);
  const lesson = findStep(lessons, options.step, options.stepId);
  return completeLesson(deps, { userId: options.userId, lessons, lesson });
}

export async function completeLesson(
  deps: ClockDeps,
  options: { userId: number; lessons: LessonRow[]; lesson: LessonRow },
): Promise<{ userProgress: number; wasCompleted: boolean }> {
  const { lessons, lesson, userId } = options;
  const completed = await listCompletedLessonIds(deps.db, userId, lesson.moduleId);
  const wasCompleted = completed.has(lesson.id);
  if (!isLessonOpen(lessons, completed, lesson)) throw new AppError('lesson_locked');
  const section = lesson.guidedLessonType && DRILLS.has(lesson.guidedLessonType) ? lessons.filter((l) => l.guidedLessonType === lesson.guidedLessonType) : [lesson];
  const isSectionEnd = section[section.length - 1]?.id === lesson.id;
  const ids = (isSectionEnd ? section : [lesson]).map((l) => l.id).filter((id) => !completed.has(id));
  await insertCompletions(deps.db, userId, ids, deps.clock.now());
  for (const id of ids) completed.add(id);
  const done = lessons.filter((l) => completed.has(l.id)).length;
  return { userProgress: progressPct(done, lessons.length), wasCompleted };
}

/** A lesson of an unlocked module, by its numeric id (the uploads' assessment_id / listen_record_id). */
export async function loadLessonForLearner(
  deps: Deps,
  options: { userId: number; lessonId: number; moduleId?: number },
): Promise<{ module: ModuleRow; lesson: LessonRow; lessons: LessonRow[] }> {
  const lesson = await findLessonById(deps.db, options.lessonId);
  if (!lesson || (options.moduleId !== undefined && lesson.moduleId !== options.moduleId)) {
    throw new AppError('not_found', { message: 'This lesson does not exist.' });
  }
  const module = await loadUnlockedModule(deps, { userId: options.userId, moduleId: lesson.moduleId });
  return { module, lesson, lessons: await listLessons(deps.db, module.id) };
}

// ---------------------------------------------------------------- listen and choose

export async function answerListenChoose(
  deps: ClockDeps,
  options: { userId: number; moduleId: number; stepId: string; answer: string },
): Promise<{ isCorrect: boolean; answer: string; correctAnswer: string }> {
  const m = await loadUnlockedModule(deps, options);
  const lessons = await listLessons(deps.db, m.id);
  const lesson = findStep(lessons, 'guidedLesson', options.stepId);
  if (lesson.guidedLessonType !== 'listen_options') throw new AppError('validation', { message: 'This lesson is not a listen-and-choose item.', errors: { step_id: 'not listen-and-choose' } });
  const option = lesson.options.find((o) => o.title.toLowerCase() === options.answer.toLowerCase());
  if (!option) throw new AppError('validation', { message: 'Choose one of the options shown.', errors: { answer: 'not an option' } });
  const correct = lesson.options.find((o) => o.correct);
  const stored = await insertListenAnswer(deps.db, { userId: options.userId, lessonId: lesson.id, answer: option.title, isCorrect: option.correct, at: deps.clock.now() });
  await refreshModuleScore(deps, { userId: options.userId, moduleId: m.id });
  return { isCorrect: stored.isCorrect, answer: stored.answer, correctAnswer: correct?.title ?? '' };
}

// ---------------------------------------------------------------- scores (docs/decisions/009)

export interface ModuleScore {
  moduleScore: number;
  sectionScores: { listen_and_choose: number | null; recognising_tools: number | null; fluency_activities: number | null; final_assessment: number | null };
}

const mean = (values: number[]): number | null => (values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null);

/**
 * docs/decisions/009: listen-and-choose is 10 × correct / total (spec §9) on the 0–100 scale;
 * each recorded section is the mean of its items' latest scored recordings; the module score is
 * the mean of the sections that have a score (0 before any).
 */
export function computeModuleScore(lessons: LessonRow[], answers: Map<number, boolean>, recordings: ModuleRecordingRow[]): ModuleScore {
  const chooseItems = lessons.filter((l) => l.guidedLessonType === 'listen_options');
  const answered = chooseItems.filter((l) => answers.has(l.id));
  const correct = chooseItems.filter((l) => answers.get(l.id) === true).length;
  const latest = latestByLesson(recordings.filter((r) => r.status === 'scored'));
  const sectionMean = (predicate: (l: LessonRow) => boolean) =>
    mean(lessons.filter(predicate).flatMap((l) => {
      const score = latest.get(l.id)?.score;
      return score === null || score === undefined ? [] : [score];
    }));
  const sectionScores = {
    listen_and_choose: answered.length > 0 ? Math.round((10 * correct) / chooseItems.length * 10) : null,
    recognising_tools: sectionMean((l) => l.guidedLessonType === 'recognising_tools'),
    fluency_activities: sectionMean((l) => l.lessonType === 'fluencyActivity'),
    final_assessment: sectionMean((l) => l.lessonType === 'finalAssignment'),
  };
  const present = Object.values(sectionScores).filter((v): v is number => v !== null);
  return { moduleScore: mean(present) ?? 0, sectionScores };
}

/** Recomputes and stores the learner's module score (read by the module list). */
export async function refreshModuleScore(deps: ClockDeps, options: { userId: number; moduleId: number }): Promise<ModuleScore> {
  const [lessons, answers, recordings] = await Promise.all([
    listLessons(deps.db, options.moduleId),
    listListenAnswers(deps.db, options.userId, options.moduleId),
    listModuleRecordings(deps.db, options.userId, options.moduleId),
  ]);
  const score = computeModuleScore(lessons, answers, recordings);
  await upsertModuleScore(deps.db, { userId: options.userId, moduleId: options.moduleId, score: score.moduleScore, sectionScores: score.sectionScores, at: deps.clock.now() });
  return score;
}

export async function getModuleScore(deps: ClockDeps, options: { userId: number; moduleId: number }): Promise<ModuleScore> {
  const m = await loadUnlockedModule(deps, options);
  return refreshModuleScore(deps, { userId: options.userId, moduleId: m.id });
}

// ---------------------------------------------------------------- review

interface EnginePhone {
  arpabet: string;
  ipa: string;
  score: number;
}

/** The phones of a stored engine assessment (packages/speech Assessment), tolerant of other shapes. */
function phonesOf(engineResult: unknown): EnginePhone[] {
  const words = (engineResult as { words?: { phones?: EnginePhone[] }[] } | null)?.words;
  return Array.isArray(words) ? words.flatMap((w) => (Array.isArray(w.phones) ? w.phones : [])) : [];
}

const RECORDING_TITLES: Record<string, string> = {
  pre_lesson: 'Pre Lesson',
  listen_record: 'Listen and Record',
  recognising_tool: 'Recognising Tools',
  fluency: 'Conversational Tips',
  final: 'Final Assessment',
  other: 'Recording',
};

/** POST /module/review: the module card and the learner's results in it. */
export async function getModuleReview(deps: ClockDeps, options: { userId: number; moduleId: number }) {
  const m = await loadUnlockedModule(deps, options);
  const [lessons, answers, recordings, completed, totals, request] = await Promise.all([
    listLessons(deps.db, m.id),
    listListenAnswers(deps.db, options.userId, m.id),
    listModuleRecordings(deps.db, options.userId, m.id),
    listCompletedLessonIds(deps.db, options.userId, m.id),
    countLessonsByModule(deps.db),
    findLiveModuleRequest(deps.db, options.userId, m.id),
  ]);
  const score = computeModuleScore(lessons, answers, recordings);
  const totalSteps = totals.get(m.id) ?? lessons.length;
  const completedSteps = lessons.filter((l) => completed.has(l.id)).length;

  // Weakest sounds: mean phone score over the latest scored recording of each lesson.
  const perPhone = new Map<string, { ipa: string; scores: number[] }>();
  const latestScored = new Map<number, ModuleRecordingRow>();
  for (const r of recordings) if (r.status === 'scored' && r.lessonId !== null && !latestScored.has(r.lessonId)) latestScored.set(r.lessonId, r);
  for (const r of latestScored.values()) {
    for (const p of phonesOf(r.engineResult)) {
      const entry = perPhone.get(p.arpabet) ?? { ipa: p.ipa, scores: [] };
      entry.scores.push(p.score);
      perPhone.set(p.arpabet, entry);
    }
  }
  const weakest = [...perPhone.entries()]
    .map(([phone, e]) => ({ phone, ipa: e.ipa, score: mean(e.scores) ?? 0 }))
    .sort((a, b) => a.score - b.score)
    .slice(0, 3);
  const titleOf = new Map(lessons.map((l) => [l.id, l.title]));
  const isUnlocked = true;
  return {
    module: moduleCard(m, {
      progress: progressPct(completedSteps, totalSteps),
      score: score.moduleScore,
      isUnlocked,
      feedback: feedbackFlags(m, { status: request?.status, allLessonsDone: totalSteps > 0 && completedSteps >= totalSteps }),
    }),
    userdata: {
      module_score: score.moduleScore,
      completed_steps: completedSteps,
      total_steps: totalSteps,
      weakest_sounds: weakest,
      recordings: recordings.map((r) => ({
        id: r.id,
        title: (r.lessonId !== null ? titleOf.get(r.lessonId) : undefined) ?? RECORDING_TITLES[r.kind] ?? 'Recording',
        url: recordingAudioPath(r.id),
        score: r.status === 'scored' ? r.score : null,
        created_at: r.createdAt.toISOString(),
      })),
    },
  };
}

/** POST /review/store: the learner's rating of a fluency activity; a new rating replaces the old. */
export async function storeFluencyReview(deps: ClockDeps, options: { userId: number; lessonId: number; rating: number; review: string }): Promise<void> {
  const { lesson } = await loadLessonForLearner(deps, { userId: options.userId, lessonId: options.lessonId });
  if (lesson.lessonType !== 'fluencyActivity') throw new AppError('not_found', { message: 'This fluency activity does not exist.' });
  await upsertFluencyReview(deps.db, { userId: options.userId, lessonId: lesson.id, rating: options.rating, review: options.review, at: deps.clock.now() });
}

// ---------------------------------------------------------------- fluency categories

/**
 * GET /fluency/categories: one category per titled module group (docs/decisions/009 lists why),
 * each naming the modules whose fluency activities it gathers.
 */
export async function listFluencyCategories(deps: Deps) {
  const [groups, modules] = await Promise.all([listGroups(deps.db), listModules(deps.db)]);
  return groups
    .map((g) => {
      const members = modules.filter((m) => m.groupId === g.id);
      return {
        id: g.id,
        title: g.title,
        description: `Conversational practice from ${members.map((m) => m.title).join(', ')}.`,
        module_ids: members.map((m) => m.id),
      };
    })
    .filter((c) => c.module_ids.length > 0);
}

/** A module's lessons in step order, for other domains (uploads, scoring). */
export async function listModuleLessons(deps: Deps, moduleId: number): Promise<LessonRow[]> {
  return listLessons(deps.db, moduleId);
}

/** The lesson of a module whose text is `text` (case and spacing ignored), among `kinds`. */
export function matchLessonByText(lessons: LessonRow[], text: string, isKind: (l: LessonRow) => boolean): LessonRow | null {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return lessons.find((l) => isKind(l) && l.text !== null && norm(l.text) === norm(text)) ?? null;
}
