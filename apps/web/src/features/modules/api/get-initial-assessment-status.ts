import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { defineRoute, EmptyRequestSchema } from '@clearspeak/contract';
import { call } from '@/lib/api';

/**
 * GET /initial-assessment-status (spec: learning §7, §3 Initial assessment status). The
 * assessment issue owns this endpoint and its contract entry; until it lands in
 * `packages/contract` the route is described here with the spec's field names.
 */
const initialAssessmentStatus = defineRoute({
  method: 'GET',
  path: '/initial-assessment-status',
  auth: 'learner',
  summary: 'Whether the learner has completed the initial fluency assessment.',
  request: EmptyRequestSchema,
  response: z.object({
    is_user_completed: z.boolean(),
    is_recommended_module_avilable: z.boolean().optional(),
  }),
});

export interface AssessmentStatus {
  isCompleted: boolean;
}

/** A failed or missing status counts as "not completed" (the safe default: the card stays). */
export async function getInitialAssessmentStatus(): Promise<AssessmentStatus> {
  try {
    const status = await call(initialAssessmentStatus, {});
    return { isCompleted: status.is_user_completed };
  } catch {
    return { isCompleted: false };
  }
}

export const initialAssessmentStatusQuery = queryOptions({
  queryKey: ['initial-assessment', 'status'],
  queryFn: getInitialAssessmentStatus,
});

export function useInitialAssessmentStatus() {
  return useQuery(initialAssessmentStatusQuery);
}
