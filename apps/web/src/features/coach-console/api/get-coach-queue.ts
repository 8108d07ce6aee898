import { useQuery } from '@tanstack/react-query';
import { coachQueue } from '@clearspeak/contract';
import { call } from '@/lib/api';
import { coachKeys } from './keys';

/** The queue refreshes itself this often, and whenever the tab gets focus again. */
export const QUEUE_REFRESH_MS = 30_000;

export function getCoachQueue() {
  return call(coachQueue, {});
}

export function useCoachQueue() {
  return useQuery({
    queryKey: coachKeys.queue(),
    queryFn: getCoachQueue,
    refetchInterval: QUEUE_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
