import { initialAssessmentStatus } from '@clearspeak/contract';
import { call } from '@/lib/api';
import { FIRST_MODULE_PATH } from '../first-module';

/**
 * Where a first login lands (spec: accounts §4): the initial-assessment AI feedback
 * notification when one exists (an anonymous visitor's result carried over at sign-up),
 * otherwise the first module. A failed status check never blocks the learner.
 */
export async function firstLoginPath(): Promise<string> {
  try {
    const status = await call(initialAssessmentStatus, {});
    return status.notification_id === null
      ? FIRST_MODULE_PATH
      : `/notifications/${status.notification_id}`;
  } catch {
    return FIRST_MODULE_PATH;
  }
}
