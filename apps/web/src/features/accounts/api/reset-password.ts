import { useMutation } from '@tanstack/react-query';
import { resetPassword as resetPasswordRoute, type RequestOf } from '@clearspeak/contract';
import { call } from '@/lib/api';

export function resetPassword(input: RequestOf<typeof resetPasswordRoute>) {
  return call(resetPasswordRoute, input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
