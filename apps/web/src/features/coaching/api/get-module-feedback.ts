import { useQuery } from '@tanstack/react-query';
import { moduleFeedback, moduleFeedbackAll } from '@clearspeak/contract';
import { call } from '@/lib/api';

// spec: learning §7 — POST /module/feedback {module_id} (coachData) and POST /module/feedback-all
// {module_id} (module, description, userdata); §8 — either failing sends the learner to /modules.
// Not kept once the page is left (gcTime 0): a new reply or Practice Again changes them, and a
// stale copy must never show for a feedback that no longer exists.

export const feedbackKeys = {
  all: (moduleId: number) => ['coaching', 'module-feedback', moduleId] as const,
  coach: (moduleId: number) => [...feedbackKeys.all(moduleId), 'coach'] as const,
  detail: (moduleId: number) => [...feedbackKeys.all(moduleId), 'all'] as const,
};

export function useFeedbackCoach(moduleId: number) {
  return useQuery({
    queryKey: feedbackKeys.coach(moduleId),
    queryFn: async () => (await call(moduleFeedback, { module_id: moduleId })).coachData,
    gcTime: 0,
  });
}

export function useModuleFeedbackAll(moduleId: number) {
  return useQuery({
    queryKey: feedbackKeys.detail(moduleId),
    queryFn: async () => (await call(moduleFeedbackAll, { module_id: moduleId })).data,
    gcTime: 0,
  });
}
