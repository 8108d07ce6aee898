import { useMutation, useQueryClient } from '@tanstack/react-query';
import { releaseFeedbackRequest } from '@clearspeak/contract';
import { call } from '@/lib/api';
import { coachKeys } from './keys';

/** POST /coach/requests/:id/release — the request goes back to the queue. */
export function useReleaseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(releaseFeedbackRequest, { id }),
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: coachKeys.request(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coachKeys.queue() }),
  });
}
