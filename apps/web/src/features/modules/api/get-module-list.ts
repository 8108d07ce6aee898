import { queryOptions, useQuery } from '@tanstack/react-query';
import { moduleListV3 } from '@clearspeak/contract';
import { call } from '@/lib/api';

export function getModuleList() {
  return call(moduleListV3, {});
}

export const moduleListQuery = queryOptions({
  queryKey: ['module', 'list'],
  queryFn: getModuleList,
});

export function useModuleList() {
  return useQuery(moduleListQuery);
}
