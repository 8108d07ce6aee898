import type { FastifyInstance } from 'fastify';
import { assessmentRoutes as r } from '@clearspeak/contract';
import type { AppDeps } from '../app-deps.ts';
import { registerContractRoute, requireAuth } from '../lib/routing.ts';
import { registerPublicUploadRoute, registerUploadRoute } from '../recordings/upload.ts';
import {
  ANONYMOUS_DONE_MESSAGE,
  createAnonymousVisitor,
  getAssessmentStatus,
  getLatestResult,
  getStudyPlan,
  getVariable,
  listAssessmentItems,
  requireOpenVisitor,
  scoreAssessment,
  storeAssessmentRecord,
} from './service.ts';

const SAVED = 'Recording saved.';

/** spec: accounts §7 Assessment; learning §7 personalized-training-plan. Registered after the multipart plugin. */
export function registerAssessmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = deps.route;

  // Public calls that write rows or run the engine get the per-address limit of the sign-in routes.
  registerContractRoute(app, route, r.generateAnonymousId, async () => ({ isError: false as const, gen_uuid: await createAnonymousVisitor(deps) }), { rateLimited: true });

  registerContractRoute(app, route, r.initialAssessments, async () => ({ isError: false as const, ...listAssessmentItems() }));

  registerContractRoute(app, route, r.initialAssessmentsV2, async (ctx) => {
    await requireOpenVisitor(deps, ctx.input.anonymousUserId);
    return { isError: false as const, ...listAssessmentItems() };
  });

  registerContractRoute(app, route, r.getVariable, async (ctx) => ({ isError: false as const, ...(await getVariable(deps, ctx.input.key)) }));

  registerUploadRoute(app, route, r.uploadInitialAssessmentRecord, async ({ auth, input, recording }) => {
    const row = await storeAssessmentRecord(deps, { owner: { userId: auth.userId }, itemId: input.initial_assessment_id, nativeLanguage: input.native_language, recording });
    return { isError: false as const, message: SAVED, assessment_record_id: row.id };
  });

  registerPublicUploadRoute(app, route, r.uploadInitialAssessmentRecordV2, async ({ input, recording }) => {
    const row = await storeAssessmentRecord(deps, { owner: { anonymousId: input.anonymousUserId }, itemId: input.initial_assessment_id, nativeLanguage: input.native_language, recording });
    return { isError: false as const, message: SAVED, assessment_record_id: row.id };
  });

  registerContractRoute(app, route, r.uploadAiServer, async (ctx) => {
    const { result } = await scoreAssessment(deps, { owner: { userId: requireAuth(ctx).userId }, recordIds: ctx.input.assessment_record_ids });
    return { isError: false as const, ai_response: { data: result } };
  });

  registerContractRoute(app, route, r.uploadAiServerV2, async (ctx) => {
    // accounts §6: an anonymous visitor sees the result only after signing up.
    const { result } = await scoreAssessment(deps, { owner: { anonymousId: ctx.input.anonymousUserId }, recordIds: ctx.input.assessment_record_ids });
    return { isError: false as const, message: ANONYMOUS_DONE_MESSAGE, assessment_id: result.assessment_id };
  }, { rateLimited: true });

  registerContractRoute(app, route, r.initialAssessmentStatus, async (ctx) => ({ isError: false as const, ...(await getAssessmentStatus(deps, { userId: requireAuth(ctx).userId })) }));

  registerContractRoute(app, route, r.getAiCoachFeedback, async (ctx) => ({
    isError: false as const,
    ai_response: { data: await getLatestResult(deps, { userId: requireAuth(ctx).userId }) },
  }));

  registerContractRoute(app, route, r.personalizedTrainingPlan, async (ctx) => ({ isError: false as const, data: await getStudyPlan(deps, { userId: requireAuth(ctx).userId }) }));
}
