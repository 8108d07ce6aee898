import { useQuery } from '@tanstack/react-query';
import { coachRequestDetail } from '@clearspeak/contract';
import { call } from '@/lib/api';
import { coachKeys } from './keys';

/** GET /coach/requests/:id; `null` (a malformed address) asks nothing. */
export function useCoachRequest(id: number | null) {
  return useQuery({
    queryKey: coachKeys.request(id ?? 0),
    queryFn: () => call(coachRequestDetail, { id: id ?? 0 }),
    enabled: id !== null,
    select: (data) => data.request,
  });
}
