import { useMutation } from '@tanstack/react-query';
import { forgotPassword } from '@clearspeak/contract';
import { call } from '@/lib/api';

/** Mails a reset code; the answer is the same whether or not the email exists. */
export function requestPasswordReset(email: string) {
  return call(forgotPassword, { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
