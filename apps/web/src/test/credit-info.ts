import type { UserCreditInfo } from '@clearspeak/contract';

// The learner's coaching credit info in the contract's shape (learning §3 Credit info), as
// `GET /user-credit-info` answers it.

export function makeCreditInfo(overrides: Partial<UserCreditInfo> = {}): UserCreditInfo {
  return {
    can_submit_new_coaching_request: true,
    remaining_coaching_credit: 3,
    is_coach_credit_enable: true,
    is_with_feedback: true,
    is_trialing: false,
    renewal_date: '2026-12-01',
    messages: ['You have 3 coaching sessions left this month.'],
    ...overrides,
  };
}

export function creditInfoBody(info: UserCreditInfo) {
  return { body: { isError: false, user_credit_info: { data: info } } };
}
