import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearPostLesson } from '@clearspeak/contract';
import { call } from '@/lib/api';

/**
 * Practice Again (spec: learning §4): POST /clear-post-lesson {module_id}. It changes the module's
 * progress, final assessment, list card and feedback state, so every cached answer is marked
 * stale and fetched again where it is next shown (nothing is refetched on this page, whose
 * feedback no longer exists).
 */
export function useClearPostLesson(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(clearPostLesson, { module_id: moduleId }),
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'none' }),
  });
}
