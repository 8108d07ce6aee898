import { useQuery } from '@tanstack/react-query';
import { initialAssessmentStatus } from '@clearspeak/contract';
import { call } from '@/lib/api';

/** GET /initial-assessment-status (learning §7), only for a signed-in learner. */
export function useAssessmentStatus(isSignedIn: boolean) {
  return useQuery({
    queryKey: ['initial-assessment', 'status', 'contract'],
    queryFn: () => call(initialAssessmentStatus, {}),
    enabled: isSignedIn,
  });
}
