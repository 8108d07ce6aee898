import { useCallback } from 'react';
import type { Session } from '@clearspeak/contract';
import { useSession } from '@/lib/session';
import { acceptTerms, tagLogin } from '../api/after-sign-in';

/**
 * What every successful sign-in does (spec: accounts §4 Login): store the session
 * (encrypted, where "Remember me" says), send the login tag, and accept the terms on the
 * first login. Navigation is the caller's: the sign-in page is swapped for the wanted page
 * by the app's router as soon as the session exists.
 */
export function useCompleteSignIn() {
  const { signIn, update } = useSession();
  return useCallback(
    async (data: Session, options: { remember: boolean }) => {
      const { user } = data;
      await signIn(
        {
          api_token: data.api_token,
          user,
          allModulesData: null,
          hasSubscription: user.is_subscribed,
        },
        options,
      );
      // The tag feeds marketing only; a failure must not block the learner.
      void tagLogin().catch(() => undefined);
      if (!user.terms_checked) {
        try {
          await acceptTerms();
          await update({ user: { ...user, terms_checked: true } });
        } catch {
          // Retried on the next sign-in; the learner is not blocked by it.
        }
      }
    },
    [signIn, update],
  );
}
