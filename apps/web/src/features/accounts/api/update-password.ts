import { useMutation } from '@tanstack/react-query';
import { updatePassword as updatePasswordRoute, type RequestOf } from '@clearspeak/contract';
import { call } from '@/lib/api';

export function updatePassword(input: RequestOf<typeof updatePasswordRoute>) {
  return call(updatePasswordRoute, input);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
