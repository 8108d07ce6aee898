import { useQuery } from '@tanstack/react-query';
import { personalizedTrainingPlan } from '@clearspeak/contract';
import { call } from '@/lib/api';

/** GET /personalized-training-plan (learning §7): sorted by user_progress ascending. */
export function useTrainingPlan() {
  return useQuery({
    queryKey: ['study-plan', 'personalized-training-plan'],
    queryFn: async () => {
      const answer = await call(personalizedTrainingPlan, {});
      // The order is the spec's; sort again so a server slip never reorders the learner's plan.
      return [...answer.data].sort((a, b) => a.user_progress - b.user_progress);
    },
  });
}
