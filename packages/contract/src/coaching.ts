import { z } from 'zod';
import { defineRoute } from './route.ts';
import { EmptyRequestSchema } from './common.ts';

// spec: learning-experience §3 Credit info, §4 Credits dropdown text, §7 GET /user-credit-info,
// §8 Coaching limit; accounts-assessment-plans §4 coaching credit rules.

/** learning §8: the default text of the 'Coaching limit reached' dialog. */
export const COACHING_LIMIT_MESSAGE = 'You are out of coaching credit, please wait until the renewal date.';

export const UserCreditInfoSchema = z.object({
  can_submit_new_coaching_request: z.boolean(),
  remaining_coaching_credit: z.number().int().nonnegative(),
  is_coach_credit_enable: z.boolean(),
  is_with_feedback: z.boolean(),
  is_trialing: z.boolean(),
  /** The day the next credits arrive (YYYY-MM-DD), null without a with_feedback subscription. */
  renewal_date: z.string().nullable(),
  /** The credits dropdown text (§4), then the limit message when no credit is left (§8). */
  messages: z.array(z.string()),
});
export type UserCreditInfo = z.infer<typeof UserCreditInfoSchema>;

export const userCreditInfo = defineRoute({
  method: 'GET',
  path: '/user-credit-info',
  auth: 'learner',
  summary: 'The learner’s coaching credit: remaining sessions, whether a new request may be sent, and the texts to show.',
  request: EmptyRequestSchema,
  response: z.object({
    isError: z.literal(false),
    user_credit_info: z.object({ data: UserCreditInfoSchema }),
  }),
});

export const coachingRoutes = {
  userCreditInfo,
} as const;
