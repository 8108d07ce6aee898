import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  COACHING_LIMIT_MESSAGE,
  FEEDBACK_MESSAGES,
  type FeedbackState,
  type ModuleDetail,
  type User,
  type UserCreditInfo,
} from '@clearspeak/contract';
import { installFakeAudio, uninstallFakeAudio } from '@/components/recorder/test-fixtures/fake-browser-audio';
import { installFakeServer, makeUser, type FakeHandler } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { ALL_STEP_IDS, completedBefore, detailBody, makeCard, makeDetail, okSave, okScore, okStep } from '../test/fixtures';
import { UPGRADE_FOR_COACHING_MESSAGE } from './subscribe-modal';

// Coaching in the module pages (issue 5; spec: learning §2 Module card, §4 Final assessment,
// Feedback lesson states, §8 Coaching limit): the real app, only fetch and the microphone faked.

beforeEach(() => {
  installFakeAudio();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

afterEach(() => {
  uninstallFakeAudio();
});

const coached = (overrides: Partial<User> = {}) =>
  makeUser({ is_subscribed: true, is_free_plan: false, isWithFeedback: true, isCoachCreditEnable: true, ...overrides });

function credit(overrides: Partial<UserCreditInfo> = {}): UserCreditInfo {
  return {
    can_submit_new_coaching_request: true,
    remaining_coaching_credit: 2,
    is_coach_credit_enable: true,
    is_with_feedback: true,
    is_trialing: false,
    renewal_date: '2026-12-01',
    messages: ['You have 2 coaching sessions left this month.'],
    ...overrides,
  };
}

const OUT_OF_CREDIT = credit({
  can_submit_new_coaching_request: false,
  remaining_coaching_credit: 0,
  messages: [
    'You have used all your coaching feedback for this month. You will get more on December 1, 2026.',
    COACHING_LIMIT_MESSAGE,
  ],
});

const creditBody = (info: UserCreditInfo) => ({ body: { isError: false, user_credit_info: { data: info } } });
const statusBody = (state: FeedbackState, isSample = false) => ({
  body: { isError: false, data: { state, is_sample: isSample, request_id: state === 'preparing' ? 9 : null } },
});
const subscriptionData = () => ({
  body: { isError: false, is_subscribed: true, is_free_plan: false, isTrialing: false },
});
const finalUploaded = () => ({
  body: { isError: false, message: 'Stored.', recording_id: 12, file_url: '/x', ai_scores: null },
});
const requested = (remaining = 1) => ({
  body: { isError: false, request_id: 9, remaining_coaching_credit: remaining },
});
const limitError = () => ({
  status: 403,
  body: { isError: true, message: COACHING_LIMIT_MESSAGE, code: 'coaching_limit' },
});

function serve(detail: ModuleDetail, handlers: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'POST /module/detail': () => detailBody(detail),
    'POST /module/save/step': okSave,
    'POST /module/step': okStep,
    'POST /v1/module/score': okScore(72),
    'POST /module/upload-final-record': finalUploaded,
    'GET /module/subscription-data': subscriptionData,
    ...handlers,
  });
}

async function recordAndSend(user: Awaited<ReturnType<typeof renderApp>>['user'], submit: string) {
  await user.click(await screen.findByRole('button', { name: 'Start recording' }));
  await screen.findByRole('button', { name: 'Stop recording' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await user.click(screen.getByRole('button', { name: 'Stop recording' }));
  await screen.findByRole('button', { name: 'Play recording' });
  await user.click(screen.getByRole('button', { name: submit }));
}

describe('final assessment: coaching limit (spec: learning §4 Final assessment, §8)', () => {
  it("shows 'Coaching limit reached' with the server's messages when no request may be sent; OK returns to the module", async () => {
    const server = serve(makeDetail({ completed: completedBefore('th-final-1') }), {
      'GET /user-credit-info': () => creditBody(OUT_OF_CREDIT),
    });
    const { user, location } = await renderApp('/modules/5/finalAssessment/th-final-1', { user: coached() });
    const dialog = await screen.findByRole('dialog', { name: 'Coaching limit reached' });
    expect(dialog).toHaveTextContent('You will get more on December 1, 2026.');
    expect(dialog).toHaveTextContent(COACHING_LIMIT_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/modules/5'));
    expect(server.calls('POST /module/save/step')).toHaveLength(0);
  });

  it('falls back to the default message when the server sends none', async () => {
    serve(makeDetail({ completed: completedBefore('th-final-1') }), {
      'GET /user-credit-info': () => creditBody({ ...OUT_OF_CREDIT, messages: [] }),
    });
    await renderApp('/modules/5/finalAssessment/th-final-1', { user: coached() });
    const dialog = await screen.findByRole('dialog', { name: 'Coaching limit reached' });
    expect(dialog).toHaveTextContent(COACHING_LIMIT_MESSAGE);
  });

  it.each([
    { case: 'the credit feature is off', info: { ...OUT_OF_CREDIT, is_coach_credit_enable: false, messages: [] } },
    { case: 'a request may be sent', info: credit() },
    { case: 'the plan has no coaching', info: { ...OUT_OF_CREDIT, is_with_feedback: false } },
  ])('lets the learner take the final assessment when $case', async ({ info }) => {
    const server = serve(makeDetail({ completed: completedBefore('th-final-1') }), {
      'GET /user-credit-info': () => creditBody(info),
    });
    const { user } = await renderApp('/modules/5/finalAssessment/th-final-1', { user: coached() });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Coaching limit reached' })).not.toBeInTheDocument();
    expect(server.calls('GET /user-credit-info').length).toBeGreaterThan(0);
  });

  it('never stops a final assessment that is already done', async () => {
    const done = serve(makeDetail({ completed: ALL_STEP_IDS }), {
      'GET /user-credit-info': () => creditBody(OUT_OF_CREDIT),
    });
    const first = await renderApp('/modules/5/finalAssessment/th-final-1', { user: coached() });
    await first.user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Coaching limit reached' })).not.toBeInTheDocument();
    expect(done.calls('POST /module/save/step')).toHaveLength(1);
  });

  it('does not ask about credit in an intro module', async () => {
    const server = serve(makeDetail({ completed: completedBefore('th-final-1'), introModule: true }), {
      'GET /user-credit-info': () => creditBody(OUT_OF_CREDIT),
    });
    const { user } = await renderApp('/modules/5/finalAssessment/th-final-1', { user: coached() });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Coaching limit reached' })).not.toBeInTheDocument();
    // The header's dropdown may ask; the player did not wait for it.
    expect(server.calls('POST /module/save/step')).toHaveLength(1);
  });
});

describe('final assessment: sent to the coach (issue 5)', () => {
  it('sends the final after its last item is recorded, shows state 4, and refreshes the header credits', async () => {
    let remaining = 1;
    const order: string[] = [];
    const server = serve(makeDetail({ completed: completedBefore('th-final-2') }), {
      'GET /user-credit-info': () =>
        creditBody(
          credit({
            remaining_coaching_credit: remaining,
            can_submit_new_coaching_request: remaining > 0,
            messages: [`You have ${remaining} coaching sessions left this month.`],
          }),
        ),
      'POST /module/step': () => {
        order.push('step');
        return okStep();
      },
      'POST /module/request-feedback': () => {
        order.push('request');
        remaining = 0;
        return requested(0);
      },
    });
    const { user } = await renderApp('/modules/5/finalAssessment/th-final-2', { user: coached() });
    expect(await screen.findByRole('button', { name: 'Coaching sessions (1 left)' })).toBeInTheDocument();
    await recordAndSend(user, 'Continue');

    expect(await screen.findByText(FEEDBACK_MESSAGES.preparing)).toBeInTheDocument();
    expect(screen.getByText('You finished the module.')).toBeInTheDocument();
    expect(server.calls('POST /module/request-feedback').map((r) => r.body)).toEqual([{ module_id: 5 }]);
    // The progress call first: the server checks the final is complete.
    expect(order).toEqual(['step', 'request']);
    // The header's count follows.
    expect(await screen.findByRole('button', { name: 'Coaching sessions (0 left)' })).toBeInTheDocument();
    // Sending took the last credit: this visit's own final is not then 'out of credit'.
    expect(screen.queryByRole('dialog', { name: 'Coaching limit reached' })).not.toBeInTheDocument();
    expect(screen.getByText(FEEDBACK_MESSAGES.preparing)).toBeInTheDocument();
  });

  it('shows a failed request with a retry; the retry is sent again (idempotent on the server)', async () => {
    let attempts = 0;
    const server = serve(makeDetail({ completed: completedBefore('th-final-2') }), {
      'GET /user-credit-info': () => creditBody(credit()),
      'POST /module/request-feedback': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: { isError: true, message: 'Some error occurred. Please try again.' } }
          : requested();
      },
    });
    const { user } = await renderApp('/modules/5/finalAssessment/th-final-2', { user: coached() });
    await recordAndSend(user, 'Continue');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your final assessment was not sent to your coach');
    expect(alert).toHaveTextContent('Some error occurred. Please try again.');
    expect(screen.queryByText(FEEDBACK_MESSAGES.preparing)).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(FEEDBACK_MESSAGES.preparing)).toBeInTheDocument();
    expect(server.calls('POST /module/request-feedback')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("opens 'Coaching limit reached' when the server refuses for lack of credit; OK returns to the module", async () => {
    serve(makeDetail({ completed: completedBefore('th-final-2') }), {
      'GET /user-credit-info': () => creditBody(credit()),
      'POST /module/request-feedback': limitError,
    });
    const { user, location } = await renderApp('/modules/5/finalAssessment/th-final-2', { user: coached() });
    await recordAndSend(user, 'Continue');
    const dialog = await screen.findByRole('dialog', { name: 'Coaching limit reached' });
    expect(dialog).toHaveTextContent(COACHING_LIMIT_MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/modules/5'));
  });

  it.each([
    { case: 'an intro module', detail: { introModule: true }, info: credit() },
    { case: 'a plan without coaching', detail: {}, info: credit({ is_with_feedback: false, can_submit_new_coaching_request: false }) },
  ])('sends nothing for $case', async ({ detail, info }) => {
    const server = serve(makeDetail({ completed: completedBefore('th-final-2'), ...detail }), {
      'GET /user-credit-info': () => creditBody(info),
      'POST /module/request-feedback': () => requested(),
    });
    const { user } = await renderApp('/modules/5/finalAssessment/th-final-2', {
      user: coached({ isWithFeedback: info.is_with_feedback }),
    });
    await recordAndSend(user, 'Continue');
    expect(await screen.findByText('You finished the module.')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('POST /module/step')).toHaveLength(1));
    expect(server.calls('POST /module/request-feedback')).toHaveLength(0);
    expect(screen.queryByText('Sending your final assessment to your coach…')).not.toBeInTheDocument();
  });
});

describe('feedback lesson on the module overview (spec: learning §4 Feedback lesson states)', () => {
  function serveOverview(state: FeedbackState, handlers: Record<string, FakeHandler> = {}, isSample = false) {
    return serve(makeDetail({ completed: ALL_STEP_IDS }), {
      'POST /module/feedback-status': () => statusBody(state, isSample),
      'GET /user-credit-info': () => creditBody(credit()),
      ...handlers,
    });
  }
  const region = async () =>
    within(await screen.findByRole('region', { name: 'Human Coaching and Feedback' }));

  it('1 available: opens /modules/:id/feedback', async () => {
    const server = serveOverview('available', {
      'POST /module/feedback': () => ({ status: 404, body: { isError: true, message: 'Not in this test.' } }),
    });
    const { user, location } = await renderApp('/modules/5', { user: coached() });
    const card = await region();
    expect(await card.findByText('Ready')).toBeInTheDocument();
    expect(server.calls('POST /module/feedback-status')[0]?.body).toEqual({ module_id: 5 });
    await user.click(card.getByRole('button', { name: 'Open feedback' }));
    expect(location()).toBe('/modules/5/feedback');
  });

  it('1 available (intro module): the sample feedback', async () => {
    serveOverview('available', {}, true);
    await renderApp('/modules/5', { user: coached() });
    const card = await region();
    expect(await card.findByText('Sample')).toBeInTheDocument();
    expect(card.getByText(/a sample of real coach feedback/)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Open feedback' })).toBeEnabled();
  });

  it('2 upgrade: the upgrade modal', async () => {
    serveOverview('upgrade');
    const { user, location } = await renderApp('/modules/5', { user: coached({ isWithFeedback: false }) });
    const card = await region();
    expect(await card.findByText('Coaching plan')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Open feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade for coach feedback' });
    expect(dialog).toHaveTextContent(UPGRADE_FOR_COACHING_MESSAGE);
    expect(within(dialog).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscription');
    expect(location()).toBe('/modules/5');
  });

  it("3 final incomplete: 'You haven't completed your final assessment.'", async () => {
    serveOverview('final_incomplete');
    const { user, location } = await renderApp('/modules/5', { user: coached() });
    const card = await region();
    expect(await card.findByText('Not yet')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Open feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Final assessment' });
    expect(dialog).toHaveTextContent("You haven't completed your final assessment.");
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(location()).toBe('/modules/5');
  });

  it('4 preparing: the §4 text, the button disabled', async () => {
    serveOverview('preparing');
    await renderApp('/modules/5', { user: coached() });
    const card = await region();
    expect(await card.findByText(FEEDBACK_MESSAGES.preparing)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Open feedback' })).toBeDisabled();
  });

  it("not requested: 'Send to my coach' sends the request and the card turns to state 4", async () => {
    let state: FeedbackState = 'not_requested';
    const server = serveOverview('not_requested', {
      'POST /module/feedback-status': () => statusBody(state),
      'POST /module/request-feedback': () => {
        state = 'preparing';
        return requested();
      },
    });
    const { user } = await renderApp('/modules/5', { user: coached() });
    const card = await region();
    await user.click(await card.findByRole('button', { name: 'Send to my coach' }));
    expect(await card.findByText(FEEDBACK_MESSAGES.preparing)).toBeInTheDocument();
    expect(server.calls('POST /module/request-feedback').map((r) => r.body)).toEqual([{ module_id: 5 }]);
    expect(card.getByRole('button', { name: 'Open feedback' })).toBeDisabled();
  });

  it("not requested without credit: the 'Coaching limit reached' dialog", async () => {
    serveOverview('not_requested', { 'POST /module/request-feedback': limitError });
    const { user, location } = await renderApp('/modules/5', { user: coached() });
    const card = await region();
    await user.click(await card.findByRole('button', { name: 'Send to my coach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Coaching limit reached' });
    expect(dialog).toHaveTextContent(COACHING_LIMIT_MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(location()).toBe('/modules/5');
    expect(card.getByRole('button', { name: 'Send to my coach' })).toBeInTheDocument();
  });

  it('not requested, other failure: the message, and the button stays to try again', async () => {
    serveOverview('not_requested', {
      'POST /module/request-feedback': () => ({ status: 500, body: { isError: true, message: 'Some error occurred. Please try again.' } }),
    });
    const { user } = await renderApp('/modules/5', { user: coached() });
    const card = await region();
    await user.click(await card.findByRole('button', { name: 'Send to my coach' }));
    expect(await card.findByRole('alert')).toHaveTextContent('Some error occurred. Please try again.');
    expect(card.getByRole('button', { name: 'Send to my coach' })).toBeEnabled();
  });
});

describe('feedback step in the player (/modules/:id/feedback/:lessonId)', () => {
  it.each([
    { state: 'available' as const, path: '/modules/5/feedback' },
    { state: 'final_incomplete' as const, path: '/modules/5' },
    { state: 'upgrade' as const, path: '/modules/5' },
  ])('$state', async ({ state, path }) => {
    serve(makeDetail({ completed: ALL_STEP_IDS }), {
      'POST /module/feedback-status': () => statusBody(state),
      'POST /module/feedback': () => new Promise(() => undefined),
      'POST /module/feedback-all': () => new Promise(() => undefined),
    });
    const { user, location } = await renderApp('/modules/5/feedback/th-feedback', { user: coached() });
    if (state === 'final_incomplete') {
      const dialog = await screen.findByRole('dialog', { name: 'Final assessment' });
      expect(dialog).toHaveTextContent(FEEDBACK_MESSAGES.finalIncomplete);
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    }
    if (state === 'upgrade') {
      const dialog = await screen.findByRole('dialog', { name: 'Upgrade for coach feedback' });
      await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    }
    await waitFor(() => expect(location()).toBe(path));
  });

  it('preparing: the §4 text with the button disabled', async () => {
    serve(makeDetail({ completed: ALL_STEP_IDS }), { 'POST /module/feedback-status': () => statusBody('preparing') });
    await renderApp('/modules/5/feedback/th-feedback', { user: coached() });
    expect(await screen.findByText(FEEDBACK_MESSAGES.preparing)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open feedback' })).toBeDisabled();
  });
});

describe('module card sand-clock (spec: learning §2 Module card)', () => {
  function serveList(cards: ReturnType<typeof makeCard>[]) {
    return installFakeServer({
      'GET /module/list/v3': () => ({
        body: {
          isError: false,
          data: { introModules: [], trialModules: cards, othModules: [{ id: 1, title: 'Trial', is_trial: true, modules: cards }], is_subscribed: true },
        },
      }),
      'GET /module/subscription-data': subscriptionData,
      'GET /user-credit-info': () => creditBody(credit()),
    });
  }

  it('shows the sand-clock when progress is 100 on a feedback plan and feedback is pending, and Results when available', async () => {
    serveList([
      makeCard({ id: 5, title: 'TH sounds', user_progress: 100, is_feedback_pending: true }),
      makeCard({ id: 6, title: 'R and L', user_progress: 100, is_feed_back_avilable: true, score: 91 }),
      makeCard({ id: 7, title: 'V and W', user_progress: 40 }),
    ]);
    await renderApp('/modules', { user: coached() });
    const th = within(await screen.findByRole('article', { name: 'TH sounds' }));
    expect(th.getByRole('img', { name: 'Feedback pending' })).toBeInTheDocument();
    expect(th.queryByRole('link', { name: 'Results' })).not.toBeInTheDocument();
    const rl = within(screen.getByRole('article', { name: 'R and L' }));
    expect(rl.getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/modules/6/feedback');
    expect(rl.queryByRole('img', { name: 'Feedback pending' })).not.toBeInTheDocument();
    const vw = within(screen.getByRole('article', { name: 'V and W' }));
    expect(vw.queryByRole('img', { name: 'Feedback pending' })).not.toBeInTheDocument();
  });

  it.each([
    { case: 'progress below 100', card: { user_progress: 90 }, user: {} },
    { case: 'a plan without coaching', card: { user_progress: 100 }, user: { isWithFeedback: false } },
  ])('shows no sand-clock with $case', async ({ card, user }) => {
    serveList([makeCard({ id: 5, title: 'TH sounds', is_feedback_pending: true, ...card })]);
    await renderApp('/modules', { user: coached(user) });
    const th = within(await screen.findByRole('article', { name: 'TH sounds' }));
    expect(th.getByRole('progressbar', { name: 'TH sounds progress' })).toBeInTheDocument();
    expect(th.queryByRole('img', { name: 'Feedback pending' })).not.toBeInTheDocument();
  });
});
