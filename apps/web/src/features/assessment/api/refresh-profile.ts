import { getUserData } from '@clearspeak/contract';
import { call } from '@/lib/api';

/**
 * GET /get-user-data: the signed-in user as the server has it now. The first assessment upload
 * saves the chosen native language to the profile (server side), so the stored session user is
 * refreshed from here afterwards.
 */
export async function fetchCurrentUser() {
  return (await call(getUserData, {})).userDetails;
}
