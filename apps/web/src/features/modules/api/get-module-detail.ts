import { queryOptions, useQuery } from '@tanstack/react-query';
import { moduleDetail, type ModuleDetail } from '@clearspeak/contract';
import { call } from '@/lib/api';

export async function getModuleDetail(moduleId: number): Promise<ModuleDetail> {
  const response = await call(moduleDetail, { module_id: moduleId });
  return response.data;
}

export function moduleDetailQuery(moduleId: number) {
  return queryOptions({
    queryKey: ['module', 'detail', moduleId],
    queryFn: () => getModuleDetail(moduleId),
  });
}

export function useModuleDetail(moduleId: number) {
  return useQuery({
    ...moduleDetailQuery(moduleId),
    enabled: Number.isInteger(moduleId) && moduleId > 0,
  });
}
