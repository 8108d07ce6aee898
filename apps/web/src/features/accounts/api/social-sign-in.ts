import { useMutation } from '@tanstack/react-query';
import { facebookWebLogin, googleWebLogin, type RequestOf } from '@clearspeak/contract';
import { call } from '@/lib/api';

export type SocialProvider = 'google' | 'facebook';
export type SocialSignInInput = RequestOf<typeof googleWebLogin> & { provider: SocialProvider };

export function socialSignIn({ provider, ...input }: SocialSignInInput) {
  return call(provider === 'google' ? googleWebLogin : facebookWebLogin, input);
}

export function useSocialSignIn() {
  return useMutation({ mutationFn: socialSignIn });
}
