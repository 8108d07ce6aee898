import { useState } from 'react';
import { Navigate } from 'react-router';
import { CenteredLoader } from '@/components/ui/centered-loader';
import { useSession } from '@/lib/session';
import { useAssessmentStatus } from '../api/get-assessment-status';

const ASSESSMENT_PATH = '/initialAssessment';

function isAssessmentPath(target: string): boolean {
  return target === ASSESSMENT_PATH || target.startsWith(`${ASSESSMENT_PATH}?`);
}

/**
 * Where a signed-in learner goes from the sign-in page (app/guards `SignInGate`). The wanted
 * page, except (spec: accounts §4; issue 6):
 * - on the first login (terms not yet accepted: they are accepted on the first login), the
 *   initial-assessment AI feedback notification opens when there is one, e.g. the result of
 *   an assessment taken signed out and carried over by a social sign-up;
 * - a learner who wanted /initialAssessment and already completed it goes straight to that
 *   notification.
 * A failed status check never blocks the learner: they go to the wanted page.
 */
export function LearnerLanding({ target }: { target: string }) {
  const { session } = useSession();
  // Decided from the user as the sign-in stored it: accepting the terms updates it right after.
  const [isFirstLogin] = useState(() => session?.user.terms_checked === false);
  const wantsAssessment = isAssessmentPath(target);
  const needsStatus = isFirstLogin || wantsAssessment;
  const status = useAssessmentStatus(needsStatus);

  if (!needsStatus) return <Navigate to={target} replace />;
  if (status.isPending) return <CenteredLoader label="Signing you in" />;
  const notificationId = status.data?.is_user_completed ? status.data.notification_id : null;
  if (notificationId !== null && notificationId !== undefined) {
    return (
      <Navigate
        to={`/notifications/${notificationId}`}
        replace
        state={isFirstLogin ? { firstLogin: true } : undefined}
      />
    );
  }
  return <Navigate to={target} replace />;
}
