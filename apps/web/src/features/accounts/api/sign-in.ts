import { useMutation } from '@tanstack/react-query';
import { webPortalLogin, type RequestOf } from '@clearspeak/contract';
import { call } from '@/lib/api';

export type SignInInput = RequestOf<typeof webPortalLogin>;

export function signIn(input: SignInInput) {
  return call(webPortalLogin, input);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
