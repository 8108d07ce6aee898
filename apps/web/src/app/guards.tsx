import { Navigate, Outlet, useLocation } from 'react-router';
import { z } from 'zod';
import { useSession } from '../lib/session';
import { isCoach, isLearner } from '../lib/roles';
import { SignInPage } from '../features/accounts/components/sign-in-page';
import { StaffHome } from '../features/accounts/components/staff-home';
import { LearnerLanding } from '../features/assessment/components/learner-landing';

const DEFAULT_AFTER_SIGN_IN = '/modules';
/** Where a coach lands (DESIGN.md: `/coach` requires role 3). */
const COACH_HOME = '/coach';

/** The wanted page (path and query) carried to /signin in navigation state (spec: accounts §2). */
const FromStateSchema = z.object({ from: z.string().startsWith('/') });

function redirectTarget(state: unknown): string {
  const parsed = FromStateSchema.safeParse(state);
  // Only same-app paths: "//host" would leave the app.
  if (!parsed.success || parsed.data.from.startsWith('//')) return DEFAULT_AFTER_SIGN_IN;
  return parsed.data.from;
}

/** A coach goes on to the coach page they wanted, else to the queue. */
function coachTarget(state: unknown): string {
  const wanted = redirectTarget(state);
  return /^\/coach(\/|\?|$)/.test(wanted) ? wanted : COACH_HOME;
}

/**
 * `/` and `/signin`: the sign-in form when signed out; a learner is sent on to the page
 * they wanted (default /modules, query kept); a coach to the coach console; an admin sees
 * who they are.
 */
export function SignInGate() {
  const { session } = useSession();
  const location = useLocation();
  if (!session) return <SignInPage />;
  // A first login may open the assessment's AI feedback instead (features/assessment).
  if (isLearner(session.user.role_id))
    return <LearnerLanding target={redirectTarget(location.state)} />;
  if (isCoach(session.user.role_id)) return <Navigate to={coachTarget(location.state)} replace />;
  return <StaffHome />;
}

/** Shell routes need a stored session (spec: accounts §6). */
export function RequireSession() {
  const { session, hasEnded } = useSession();
  const location = useLocation();
  // spec: accounts §4 — logout (by the user or by a 401) goes to `/`.
  if (!session && hasEnded) return <Navigate to="/" replace />;
  if (!session) {
    return (
      <Navigate to="/signin" replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  return <Outlet />;
}

/** Learner pages: role_id 2 only; anyone else goes to / (spec: accounts §2, §6). */
export function RequireLearner() {
  const { session } = useSession();
  if (!session || !isLearner(session.user.role_id)) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Coach console pages: role_id 3 only; anyone else goes to / (DESIGN.md roles). */
export function RequireCoach() {
  const { session } = useSession();
  if (!session || !isCoach(session.user.role_id)) return <Navigate to="/" replace />;
  return <Outlet />;
}
