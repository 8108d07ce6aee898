import { queryOptions, useQuery } from '@tanstack/react-query';
import { authConfig } from '@clearspeak/contract';
import { call } from '@/lib/api';

export function getAuthConfig() {
  return call(authConfig, {});
}

export const authConfigQuery = queryOptions({
  queryKey: ['auth-config'],
  queryFn: getAuthConfig,
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQuery);
}
