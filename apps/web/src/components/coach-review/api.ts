import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  requestAssessmentCoachFeedback,
  userCreditInfo,
  type UserCreditInfo,
} from '@clearspeak/contract';
import { ApiError, call } from '@/lib/api';

// spec: learning §7 GET /user-credit-info, §8 Coaching limit; issue 6 (coach feedback on the
// assessment); contract: coaching.ts requestAssessmentCoachFeedback.

/**
 * GET /user-credit-info. The key is the contract's path: the header's credits dropdown and the
 * module feedback read the same entry, so refreshing it here updates them too.
 */
export const creditInfoQuery = queryOptions({
  queryKey: [userCreditInfo.path],
  queryFn: async (): Promise<UserCreditInfo> =>
    (await call(userCreditInfo, {})).user_credit_info.data,
});

/** Whether this assessment was sent to a coach in this visit (the call is idempotent anyway). */
function sentQueryKey(assessmentId: number) {
  return ['initial-assessment', 'coach-review-sent', assessmentId] as const;
}

export function useCoachReviewSent(assessmentId: number): boolean {
  const sent = useQuery({
    queryKey: sentQueryKey(assessmentId),
    queryFn: () => false,
    initialData: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return sent.data;
}

/** The server refused because no coaching credit is left (403 `coaching_limit`). */
export function isCoachingLimit(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'coaching_limit';
}

/**
 * POST /initial-assessment/request-coach-feedback: sends the assessment to a coach, taking one
 * coaching session. A repeat answers the open request (no second session), so it is a success.
 */
export function useRequestCoachReview(assessmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(requestAssessmentCoachFeedback, { assessment_id: assessmentId }),
    onSuccess: () => queryClient.setQueryData(sentQueryKey(assessmentId), true),
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditInfoQuery.queryKey }),
  });
}
