import { queryOptions, useQuery } from '@tanstack/react-query';
import { initialAssessmentStatus } from '@clearspeak/contract';
import { call } from '@/lib/api';

export interface AssessmentStatus {
  isCompleted: boolean;
}

/**
 * GET /initial-assessment-status (spec: learning §7, §3 Initial assessment status). A failed
 * status counts as "not completed" (the safe default: the card stays).
 */
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
