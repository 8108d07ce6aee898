import { useQuery } from '@tanstack/react-query';
import { coachRequestDetail } from '@clearspeak/contract';
import { call } from '@/lib/api';
import { coachKeys } from './keys';

export function useCoachRequest(id: number) {
  return useQuery({
    queryKey: coachKeys.request(id),
    queryFn: () => call(coachRequestDetail, { id }),
    select: (data) => data.request,
  });
}
