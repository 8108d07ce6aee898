import { queryOptions, useQuery } from '@tanstack/react-query';
import { moduleScore } from '@clearspeak/contract';
import { call } from '@/lib/api';

export function getModuleScore(moduleId: number) {
  return call(moduleScore, { module_id: moduleId });
}

export function moduleScoreQuery(moduleId: number) {
  return queryOptions({
    queryKey: ['module', 'score', moduleId],
    queryFn: () => getModuleScore(moduleId),
    // A result card must show the score including the step just finished.
    staleTime: 0,
  });
}

export function useModuleScore(moduleId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...moduleScoreQuery(moduleId), enabled: options.enabled ?? true });
}
