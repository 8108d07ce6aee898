import { useMutation } from '@tanstack/react-query';
import { verifyEmail as verifyEmailRoute, type RequestOf } from '@clearspeak/contract';
import { call } from '@/lib/api';

export function verifyEmail(input: RequestOf<typeof verifyEmailRoute>) {
  return call(verifyEmailRoute, input);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
