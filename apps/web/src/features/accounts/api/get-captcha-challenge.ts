import { useQuery } from '@tanstack/react-query';
import { captchaChallenge } from '@clearspeak/contract';
import { call } from '@/lib/api';

export function getCaptchaChallenge() {
  return call(captchaChallenge, {});
}

/** A fresh challenge per attempt (`attempt` changes after each refused sign-in). */
export function useCaptchaChallenge(attempt: number, enabled: boolean) {
  return useQuery({
    queryKey: ['captcha-challenge', attempt],
    queryFn: getCaptchaChallenge,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
}
