import type { FastifyInstance } from 'fastify';
import { modulesRoutes as r } from '@clearspeak/contract';
import type { AppDeps } from '../app-deps.ts';
import { registerContractRoute, requireAuth } from '../lib/routing.ts';
import {
  answerListenChoose,
  completeStep,
  getListenOptions,
  getModuleDetail,
  getModuleReview,
  getModuleScore,
  listFluencyCategories,
  listModulesForLearner,
  saveStep,
  storeFluencyReview,
} from './service.ts';

/** spec: learning §7 module calls (the uploads and AI calls live in recordings/ and scoring/). */
export function registerModuleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = deps.route;

  for (const def of [r.moduleListV3, r.moduleList]) {
    registerContractRoute(app, route, def, async (ctx) => {
      const data = await listModulesForLearner(deps, { userId: requireAuth(ctx).userId });
      return { isError: false as const, data };
    });
  }

  registerContractRoute(app, route, r.moduleDetail, async (ctx) => {
    const data = await getModuleDetail(deps, { userId: requireAuth(ctx).userId, moduleId: ctx.input.module_id });
    return { isError: false as const, data };
  });

  registerContractRoute(app, route, r.saveStep, async (ctx) => {
    const { module_id, step, step_id } = ctx.input;
    await saveStep(deps, { userId: requireAuth(ctx).userId, moduleId: module_id, step, stepId: step_id });
    return { isError: false as const, message: 'Position saved.' };
  });

  registerContractRoute(app, route, r.stepProgress, async (ctx) => {
    const { module_id, step, step_id } = ctx.input;
    const result = await completeStep(deps, { userId: requireAuth(ctx).userId, moduleId: module_id, step, stepId: step_id });
    return {
      isError: false as const,
      message: result.wasCompleted ? 'Step already completed.' : 'Step completed.',
      user_progress: result.userProgress,
      is_completed: true,
    };
  });

  registerContractRoute(app, route, r.getListenOptions, async (ctx) => {
    const data = await getListenOptions(deps, { userId: requireAuth(ctx).userId, moduleId: ctx.input.module_id });
    return { isError: false as const, data };
  });

  registerContractRoute(app, route, r.listenAnswer, async (ctx) => {
    const { module_id, step_id, answer } = ctx.input;
    const result = await answerListenChoose(deps, { userId: requireAuth(ctx).userId, moduleId: module_id, stepId: step_id, answer });
    return { isError: false as const, is_correct: result.isCorrect, answer: result.answer, correct_answer: result.correctAnswer };
  });

  registerContractRoute(app, route, r.fluencyCategories, async (ctx) => {
    requireAuth(ctx);
    return { isError: false as const, data: await listFluencyCategories(deps) };
  });

  registerContractRoute(app, route, r.moduleScore, async (ctx) => {
    const score = await getModuleScore(deps, { userId: requireAuth(ctx).userId, moduleId: ctx.input.module_id });
    return { isError: false as const, module_score: score.moduleScore, section_scores: score.sectionScores };
  });

  registerContractRoute(app, route, r.moduleReview, async (ctx) => {
    const data = await getModuleReview(deps, { userId: requireAuth(ctx).userId, moduleId: ctx.input.module_id });
    return { isError: false as const, data };
  });

  registerContractRoute(app, route, r.storeReview, async (ctx) => {
    const { fluency_activities_id, rating, review } = ctx.input;
    await storeFluencyReview(deps, { userId: requireAuth(ctx).userId, lessonId: fluency_activities_id, rating, review });
    return { isError: false as const, message: 'Thank you for your review.' };
  });
}
