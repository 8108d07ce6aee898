import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  moduleFeedbackStatus,
  requestModuleFeedback,
  userCreditInfo,
  type FeedbackStatus,
  type UserCreditInfo,
} from '@clearspeak/contract';
import { ApiError, call } from '@/lib/api';
import { moduleListQuery } from './get-module-list';

// spec: learning §4 Final assessment and Feedback lesson states; §7 GET /user-credit-info,
// POST /module/feedback-status, POST /module/request-feedback; §8 Coaching limit.

/**
 * GET /user-credit-info. The key is the contract's path, the same entry the header's credits
 * dropdown (features/coaching) reads: refreshing it here after a request updates the header.
 */
export const creditInfoQuery = queryOptions({
  queryKey: [userCreditInfo.path],
  queryFn: async (): Promise<UserCreditInfo> => (await call(userCreditInfo, {})).user_credit_info.data,
});

export function useCreditInfo(options: { enabled: boolean }) {
  return useQuery({ ...creditInfoQuery, enabled: options.enabled });
}

export function feedbackStatusQuery(moduleId: number) {
  return queryOptions({
    queryKey: ['module', 'feedback-status', moduleId],
    queryFn: async (): Promise<FeedbackStatus> =>
      (await call(moduleFeedbackStatus, { module_id: moduleId })).data,
  });
}

export function useFeedbackStatus(moduleId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...feedbackStatusQuery(moduleId), enabled: options.enabled ?? true });
}

/** The server refused because no coaching credit is left (403 `coaching_limit`). */
export function isCoachingLimit(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'coaching_limit';
}

/**
 * POST /module/request-feedback: sends the final assessment to a coach, taking one credit. The
 * server answers a repeat with the open request, so a retry never takes a second credit.
 * Afterwards the credits (header), the feedback state and the list's sand-clock are refreshed.
 */
export function useRequestFeedback(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(requestModuleFeedback, { module_id: moduleId }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creditInfoQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: feedbackStatusQuery(moduleId).queryKey }),
        queryClient.invalidateQueries({ queryKey: moduleListQuery.queryKey }),
      ]),
  });
}
