import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimFeedbackRequest } from '@clearspeak/contract';
import { call } from '@/lib/api';
import { coachKeys } from './keys';

/** POST /coach/requests/:id/claim — 409 when another coach holds it. */
export function useClaimRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(claimFeedbackRequest, { id }),
    onSuccess: (data) => {
      queryClient.setQueryData(coachKeys.request(data.request.id), data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: coachKeys.queue() }),
  });
}
