import { queryOptions, useQuery } from '@tanstack/react-query';
import { moduleReview } from '@clearspeak/contract';
import { call } from '@/lib/api';

export async function getModuleReview(moduleId: number) {
  const response = await call(moduleReview, { module_id: moduleId });
  return response.data;
}

export function moduleReviewQuery(moduleId: number) {
  return queryOptions({
    queryKey: ['module', 'review', moduleId],
    queryFn: () => getModuleReview(moduleId),
  });
}

export function useModuleReview(moduleId: number) {
  return useQuery(moduleReviewQuery(moduleId));
}
