import { useMutation } from '@tanstack/react-query';
import { register, type RequestOf } from '@clearspeak/contract';
import { call } from '@/lib/api';

export function registerAccount(input: RequestOf<typeof register>) {
  return call(register, input);
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}
