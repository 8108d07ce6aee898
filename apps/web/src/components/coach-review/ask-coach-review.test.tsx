import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { COACHING_LIMIT_MESSAGE, type UserCreditInfo } from '@clearspeak/contract';
import {
  installFakeAudio,
  uninstallFakeAudio,
} from '@/components/recorder/test-fixtures/fake-browser-audio';
import {
  makeAiNotification,
  makeAssessmentResult,
} from '@/components/assessment-result/test-fixtures';
import { creditInfoBody, makeCreditInfo } from '@/test/credit-info';
import { installFakeServer, makeUser, type FakeHandler } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { ASK_COACH_REVIEW, SENT_TO_COACH, USES_A_SESSION } from './ask-coach-review';
import { COACHING_LIMIT_TITLE } from './coaching-limit-dialog';

// The real app: the AI feedback notification detail and the assessment's result step, both of
// which render the shared AssessmentResultView. Only fetch (and the microphone) are faked.

const WAIT = { timeout: 10_000 };

const credit =
  (overrides: Partial<UserCreditInfo> = {}): FakeHandler =>
  () =>
    creditInfoBody(makeCreditInfo(overrides));

const sent = (): FakeHandler => () => ({
  body: { isError: false, request_id: 9, remaining_coaching_credit: 2 },
});

function serve(handlers: Record<string, FakeHandler>) {
  return installFakeServer({
    'GET /get-user-notifications': () => ({
      body: { isError: false, notifications: [makeAiNotification({ is_read: true })] },
    }),
    'GET /get-unread-notification-count': () => ({ body: { isError: false, count: 0 } }),
    'GET /get-ai-coach-feedback': () => ({
      body: { isError: false, ai_response: { data: makeAssessmentResult() } },
    }),
    'GET /module/subscription-data': () => ({
      body: { isError: false, is_subscribed: true, is_free_plan: false, isTrialing: false },
    }),
    ...handlers,
  });
}

const coached = () => makeUser({ isWithFeedback: true, is_subscribed: true });

async function openDetail() {
  const app = await renderApp('/notifications/31', { user: coached() });
  await screen.findByRole('img', { name: 'Overall score: 64 out of 100' }, WAIT);
  return app;
}

describe('Ask a coach to review my assessment (issue 6)', () => {
  it('is not offered without a coaching plan', async () => {
    const server = serve({ 'GET /user-credit-info': credit({ is_with_feedback: false }) });
    await openDetail();
    await waitFor(() => expect(server.calls('GET /user-credit-info')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: ASK_COACH_REVIEW })).not.toBeInTheDocument();
  });

  it('asks first, sends the assessment, says so and no longer offers it', async () => {
    const server = serve({
      'GET /user-credit-info': credit(),
      'POST /initial-assessment/request-coach-feedback': sent(),
    });
    const { user, router } = await openDetail();
    await user.click(await screen.findByRole('button', { name: ASK_COACH_REVIEW }, WAIT));

    // Cancel sends nothing.
    let dialog = await screen.findByRole('dialog', { name: 'Ask a coach' });
    expect(within(dialog).getByText(USES_A_SESSION)).toBeInTheDocument();
    expect(within(dialog).getByText('You have 3 coaching sessions left.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /initial-assessment/request-coach-feedback')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: ASK_COACH_REVIEW }));
    dialog = await screen.findByRole('dialog', { name: 'Ask a coach' });
    await user.click(within(dialog).getByRole('button', { name: 'Send to my coach' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT_TO_COACH);
    expect(screen.queryByRole('button', { name: ASK_COACH_REVIEW })).not.toBeInTheDocument();
    expect(server.calls('POST /initial-assessment/request-coach-feedback')).toEqual([
      expect.objectContaining({
        body: { assessment_id: 501 },
        authorization: 'Bearer stored-token-1',
      }),
    ]);
    // The credits (header dropdown, module feedback) are read again.
    await waitFor(() => expect(server.calls('GET /user-credit-info').length).toBeGreaterThan(1));

    // Back on the detail later in the visit: still sent, not offered again.
    await router.navigate('/notifications');
    await router.navigate('/notifications/31');
    expect(await screen.findByRole('status', {}, WAIT)).toHaveTextContent(SENT_TO_COACH);
    expect(screen.queryByRole('button', { name: ASK_COACH_REVIEW })).not.toBeInTheDocument();
    expect(server.calls('POST /initial-assessment/request-coach-feedback')).toHaveLength(1);
  });

  it('shows "Coaching limit reached" with the server’s messages when no session is left', async () => {
    let left = 1;
    const limitTexts = [
      'You have used all 5 coaching sessions this month.',
      COACHING_LIMIT_MESSAGE,
    ];
    const server = serve({
      'GET /user-credit-info': (request) =>
        credit(
          left > 0
            ? { remaining_coaching_credit: left }
            : {
                remaining_coaching_credit: 0,
                can_submit_new_coaching_request: false,
                messages: limitTexts,
              },
        )(request),
      'POST /initial-assessment/request-coach-feedback': () => {
        left = 0;
        return {
          status: 403,
          body: { isError: true, code: 'coaching_limit', message: COACHING_LIMIT_MESSAGE },
        };
      },
    });
    const { user } = await openDetail();
    await user.click(await screen.findByRole('button', { name: ASK_COACH_REVIEW }, WAIT));
    const confirm = await screen.findByRole('dialog', { name: 'Ask a coach' });
    await user.click(within(confirm).getByRole('button', { name: 'Send to my coach' }));

    const limit = await screen.findByRole('dialog', { name: COACHING_LIMIT_TITLE });
    expect(within(limit).getByText(limitTexts[0]!)).toBeInTheDocument();
    expect(within(limit).getByText(COACHING_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(SENT_TO_COACH)).not.toBeInTheDocument();
    await user.click(within(limit).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Nothing was sent, so the offer stays.
    expect(screen.getByRole('button', { name: ASK_COACH_REVIEW })).toBeInTheDocument();
    expect(server.calls('POST /initial-assessment/request-coach-feedback')).toHaveLength(1);
  });

  it('falls back to the default limit text when the server sends none', async () => {
    serve({
      'GET /user-credit-info': credit({ messages: [] }),
      'POST /initial-assessment/request-coach-feedback': () => ({
        status: 403,
        body: { isError: true, code: 'coaching_limit', message: '' },
      }),
    });
    const { user } = await openDetail();
    await user.click(await screen.findByRole('button', { name: ASK_COACH_REVIEW }, WAIT));
    const confirm = await screen.findByRole('dialog', { name: 'Ask a coach' });
    await user.click(within(confirm).getByRole('button', { name: 'Send to my coach' }));
    const limit = await screen.findByRole('dialog', { name: COACHING_LIMIT_TITLE });
    expect(within(limit).getByText(COACHING_LIMIT_MESSAGE)).toBeInTheDocument();
  });

  it('treats a repeat as sent (the call is idempotent) and shows other refusals as they come', async () => {
    let calls = 0;
    serve({
      'GET /user-credit-info': credit(),
      'POST /initial-assessment/request-coach-feedback': () =>
        ++calls === 1
          ? { status: 403, body: { isError: true, code: 'no_coaching', message: 'No plan.' } }
          : sent()({} as never),
    });
    const { user } = await openDetail();
    await user.click(await screen.findByRole('button', { name: ASK_COACH_REVIEW }, WAIT));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ask a coach' })).getByRole('button', {
        name: 'Send to my coach',
      }),
    );
    expect(await screen.findByText('No plan.')).toBeInTheDocument();
    expect(screen.queryByText(SENT_TO_COACH)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ASK_COACH_REVIEW }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ask a coach' })).getByRole('button', {
        name: 'Send to my coach',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(SENT_TO_COACH);
    expect(screen.queryByText('No plan.')).not.toBeInTheDocument();
  });
});

describe('the assessment’s result step offers it too', () => {
  beforeEach(() => {
    installFakeAudio();
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    return () => uninstallFakeAudio();
  });

  it('sends the assessment just scored', async () => {
    const server = serve({
      'GET /user-credit-info': credit(),
      'POST /initial-assessment/request-coach-feedback': sent(),
      'GET /variables': (request) => ({
        body: { isError: false, key: request.query.get('key'), value: 0, video_url: null },
      }),
      'GET /initial-assessment-status': () => ({
        body: {
          isError: false,
          is_user_completed: false,
          is_recommended_module_avilable: false,
          notification_id: null,
        },
      }),
      'GET /initial-assessments': () => ({
        body: {
          isError: false,
          initial_assessments: [
            { id: 1, title: 'think', kind: 'word', sounds: ['TH'], audio_url: null },
          ],
          tips: ['Hang Tight! We are listening.'],
        },
      }),
      'POST /upload-initial-assessment-record': () => ({
        body: { isError: false, message: 'Stored.', assessment_record_id: 901 },
      }),
      'GET /get-user-data': () => ({ body: { isError: false, userDetails: coached() } }),
      'POST /upload-ai-server': () => ({
        body: {
          isError: false,
          ai_response: { data: makeAssessmentResult({ assessment_id: 777 }) },
        },
      }),
    });
    const { user } = await renderApp('/initialAssessment', { user: coached() });
    await user.click(await screen.findByRole('button', { name: 'Start' }, WAIT));
    await user.click(await screen.findByRole('radio', { name: 'Spanish' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Start recording' }, WAIT));
    await screen.findByRole('button', { name: 'Stop recording' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    await user.click(await screen.findByRole('button', { name: 'Next One' }));
    await screen.findByRole('img', { name: 'Overall score: 64 out of 100' }, WAIT);

    await user.click(await screen.findByRole('button', { name: ASK_COACH_REVIEW }, WAIT));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ask a coach' })).getByRole('button', {
        name: 'Send to my coach',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(SENT_TO_COACH);
    expect(server.calls('POST /initial-assessment/request-coach-feedback')[0]?.body).toEqual({
      assessment_id: 777,
    });
  });
});
