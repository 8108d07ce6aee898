import { useMutation } from '@tanstack/react-query';
import { resendOtp as resendOtpRoute } from '@clearspeak/contract';
import { call } from '@/lib/api';

export function resendOtp(email: string) {
  return call(resendOtpRoute, { email });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
