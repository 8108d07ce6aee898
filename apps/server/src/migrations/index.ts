import type { Migration } from 'kysely';
import * as createUsers from './20261121170000_create_users.ts';
import * as createPlans from './20261121170100_create_plans.ts';
import * as createOutboxAndEvents from './20261121170200_create_outbox_and_events.ts';
import * as addSocialIdentityEmailSource from './20261121180000_add_social_identity_email_source.ts';
import * as createCourseAndProgress from './20261121190000_create_course_and_progress.ts';
import * as createAssessmentAndNotifications from './20261121200000_create_assessment_and_notifications.ts';
import * as addAssessmentResultRecordIds from './20261121200100_add_assessment_result_record_ids.ts';
import * as createCoaching from './20261121210000_create_coaching.ts';

// Listed explicitly (not read from the folder) so the same code runs under tsx, vitest and a bundle.
// Forward-only: add a new file here, never edit a landed one.
export const migrations: Record<string, Migration> = {
  '20261121170000_create_users': createUsers,
  '20261121170100_create_plans': createPlans,
  '20261121170200_create_outbox_and_events': createOutboxAndEvents,
  '20261121180000_add_social_identity_email_source': addSocialIdentityEmailSource,
  '20261121190000_create_course_and_progress': createCourseAndProgress,
  '20261121200000_create_assessment_and_notifications': createAssessmentAndNotifications,
  '20261121200100_add_assessment_result_record_ids': addAssessmentResultRecordIds,
  '20261121210000_create_coaching': createCoaching,
};
