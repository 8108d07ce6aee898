import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { User } from '@clearspeak/contract';
import { creditInfoBody, makeCreditInfo } from '@/test/credit-info';
import { installFakeServer, makeUser } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';

// The header's coaching-credits dropdown (spec: learning §2 Header, §4 Credits dropdown text, §6),
// in the real shell on /profile (a page that makes no module calls).

const coached = (overrides: Partial<User> = {}) =>
  makeUser({
    is_subscribed: true,
    is_free_plan: false,
    isWithFeedback: true,
    isCoachCreditEnable: true,
    ...overrides,
  });

function serve(info = makeCreditInfo()) {
  return installFakeServer({ 'GET /user-credit-info': () => creditInfoBody(info) });
}

describe('header coaching-credits dropdown', () => {
  // The four §4 texts are computed by the server; the dropdown shows the first message as sent.
  it.each([
    {
      case: '0 credits while trialing',
      info: makeCreditInfo({
        remaining_coaching_credit: 0,
        is_trialing: true,
        can_submit_new_coaching_request: false,
        messages: [
          'You have used all the coaching feedback included in your trial.',
          'You are out of coaching credit, please wait until the renewal date.',
        ],
      }),
      badge: 0,
    },
    {
      case: '0 credits on a monthly plan',
      info: makeCreditInfo({
        remaining_coaching_credit: 0,
        can_submit_new_coaching_request: false,
        messages: [
          'You have used all your coaching feedback for this month. You will get more on December 1, 2026.',
          'You are out of coaching credit, please wait until the renewal date.',
        ],
      }),
      badge: 0,
    },
    {
      case: 'trialing with a credit',
      info: makeCreditInfo({
        remaining_coaching_credit: 1,
        is_trialing: true,
        messages: ['Your trial includes one coaching session.'],
      }),
      badge: 1,
    },
    {
      case: 'credits left this month',
      info: makeCreditInfo({
        remaining_coaching_credit: 4,
        messages: ['You have 4 coaching sessions left this month.'],
      }),
      badge: 4,
    },
  ])(
    'shows the remaining sessions and the first server message: $case',
    async ({ info, badge }) => {
      const server = serve(info);
      const { user } = await renderApp('/profile', { user: coached() });
      const button = await screen.findByRole('button', {
        name: `Coaching sessions (${badge} left)`,
      });
      expect(server.calls('GET /user-credit-info')[0]?.authorization).toBe('Bearer stored-token-1');
      // The badge beside the icon.
      expect(button.parentElement).toHaveTextContent(String(badge));
      await user.click(button);
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByText(info.messages[0] ?? '')).toBeInTheDocument();
      // Only the first message: the limit text belongs to the dialog.
      expect(
        within(menu).queryByText(
          'You are out of coaching credit, please wait until the renewal date.',
        ),
      ).not.toBeInTheDocument();
    },
  );

  it.each([
    { case: 'an app-only plan', flags: { isWithFeedback: false, isCoachCreditEnable: false } },
    {
      case: 'a coaching plan without the credit feature',
      flags: { isWithFeedback: true, isCoachCreditEnable: false },
    },
    {
      case: 'credits enabled on a plan without coaching',
      flags: { isWithFeedback: false, isCoachCreditEnable: true },
    },
  ])('is not shown for $case, and nothing is asked', async ({ flags }) => {
    const server = serve();
    await renderApp('/profile', { user: coached(flags) });
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Coaching sessions/ })).not.toBeInTheDocument();
    expect(server.calls('GET /user-credit-info')).toHaveLength(0);
  });
});
