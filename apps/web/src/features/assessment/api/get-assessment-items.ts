import { useQuery } from '@tanstack/react-query';
import { initialAssessments, initialAssessmentsV2 } from '@clearspeak/contract';
import { call } from '@/lib/api';
import { ensureAnonymousId } from './anonymous-visitor';

/** GET /initial-assessments (learner) or GET /v2/initial-assessments (anonymous) — accounts §7. */
export async function getAssessmentItems(isSignedIn: boolean) {
  if (isSignedIn) return call(initialAssessments, {});
  const anonymousUserId = await ensureAnonymousId();
  return call(initialAssessmentsV2, { anonymousUserId });
}

export function useAssessmentItems(options: { isSignedIn: boolean; isEnabled: boolean }) {
  return useQuery({
    queryKey: ['initial-assessment', 'items', options.isSignedIn],
    queryFn: () => getAssessmentItems(options.isSignedIn),
    enabled: options.isEnabled,
    staleTime: Infinity,
  });
}
