import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitCoachFeedback, type RequestOf } from '@clearspeak/contract';
import { call } from '@/lib/api';
import { coachKeys } from './keys';

export type SubmitFeedbackInput = RequestOf<typeof submitCoachFeedback>;

/** POST /coach/requests/:id/submit — feedback, replies, notification and state, atomically. */
export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitFeedbackInput) => call(submitCoachFeedback, input),
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: coachKeys.request(Number(input.id)) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coachKeys.queue() }),
  });
}
