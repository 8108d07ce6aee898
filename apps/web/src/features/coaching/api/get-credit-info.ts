import { queryOptions, useQuery } from '@tanstack/react-query';
import { userCreditInfo, type UserCreditInfo } from '@clearspeak/contract';
import { call } from '@/lib/api';

/**
 * GET /user-credit-info (spec: learning §3 Credit info, §7). The cache key is the contract's path:
 * the lesson player (features/modules) reads and refreshes the same entry after it sends a
 * feedback request, so the header's count follows without the features importing each other.
 */
export const creditInfoQuery = queryOptions({
  queryKey: [userCreditInfo.path],
  queryFn: async (): Promise<UserCreditInfo> => (await call(userCreditInfo, {})).user_credit_info.data,
});

export function useCreditInfo(options: { enabled: boolean }) {
  return useQuery({ ...creditInfoQuery, enabled: options.enabled });
}
