import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { User } from '@clearspeak/contract';
import {
  makeAiNotification,
  makeAssessmentResult,
} from '@/components/assessment-result/test-fixtures';
import { installFakeServer, makeUser, sessionBody, type FakeHandler } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';

// The real app: the sign-in page (app/guards SignInGate) and /initialAssessment for a learner
// who completed the assessment (spec: accounts §4; issue 6). Only fetch is faked.

const statusBody =
  (completed: boolean, notificationId: number | null): FakeHandler =>
  () => ({
    body: {
      isError: false,
      is_user_completed: completed,
      is_recommended_module_avilable: completed,
      notification_id: notificationId,
    },
  });

function serve(user: User, handlers: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'POST /web-portal-login': () => ({ body: sessionBody(user, 'fresh-token-1') }),
    'POST /update/terms': () => ({ body: { isError: false, message: 'Terms accepted.' } }),
    'GET /module/subscription-data': () => ({
      body: { isError: false, is_subscribed: false, is_free_plan: true, isTrialing: false },
    }),
    'GET /initial-assessment-status': statusBody(true, 31),
    'GET /get-user-notifications': () => ({
      body: { isError: false, notifications: [makeAiNotification({ is_read: true })] },
    }),
    'GET /get-unread-notification-count': () => ({ body: { isError: false, count: 0 } }),
    'GET /get-ai-coach-feedback': () => ({
      body: { isError: false, ai_response: { data: makeAssessmentResult() } },
    }),
    ...handlers,
  });
}

async function signIn(url: string, state?: unknown) {
  const app = await renderApp(url, { state });
  await app.user.type(await screen.findByLabelText('Email'), 'ana@example.com');
  await app.user.type(screen.getByLabelText('Password'), 'demo1234');
  await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return app;
}

// The machine is shared: allow the app time to render after the sign-in (a ceiling, not a timing).
const WAIT = { timeout: 10_000 };
const overallScore = () => screen.findByRole('img', { name: 'Overall score: 64 out of 100' }, WAIT);
const modulesHeading = () => screen.findByRole('heading', { name: 'Modules' }, WAIT);

describe('sign-in page → the assessment AI feedback (spec: accounts §4; issue 6)', () => {
  it('opens the AI feedback notification on the first login when the learner has one', async () => {
    const server = serve(makeUser({ terms_checked: false }));
    const { location } = await signIn('/signin');
    expect(await overallScore()).toBeInTheDocument();
    expect(location()).toBe('/notifications/31');
    expect(server.calls('GET /initial-assessment-status')[0]?.authorization).toBe(
      'Bearer fresh-token-1',
    );
    await waitFor(() => expect(server.calls('POST /update/terms')).toHaveLength(1));
  });

  it('goes to the wanted page on a first login without a completed assessment', async () => {
    const server = serve(makeUser({ terms_checked: false }), {
      'GET /initial-assessment-status': statusBody(false, null),
    });
    const { location } = await signIn('/signin');
    expect(await modulesHeading()).toBeInTheDocument();
    expect(location()).toBe('/modules');
    expect(server.calls('GET /initial-assessment-status').length).toBeGreaterThan(0);
  });

  it('goes to the wanted page when the status cannot be read', async () => {
    serve(makeUser({ terms_checked: false }), {
      'GET /initial-assessment-status': () => ({
        status: 500,
        body: { isError: true, message: 'Down.' },
      }),
    });
    const { location } = await signIn('/signin');
    expect(await modulesHeading()).toBeInTheDocument();
    expect(location()).toBe('/modules');
  });

  it('takes a returning learner with a completed assessment to the wanted page', async () => {
    serve(makeUser({ terms_checked: true }));
    const { location } = await signIn('/signin');
    expect(await modulesHeading()).toBeInTheDocument();
    expect(location()).toBe('/modules');
  });

  it('sends a returning learner who wanted /initialAssessment and completed it to the notification', async () => {
    const server = serve(makeUser({ terms_checked: true }));
    const { location } = await signIn('/signin', { from: '/initialAssessment' });
    expect(await overallScore()).toBeInTheDocument();
    expect(location()).toBe('/notifications/31');
    expect(server.calls('GET /initial-assessments')).toHaveLength(0);
  });

  it('sends a signed-in learner who completed it from /initialAssessment to the notification', async () => {
    const server = serve(makeUser({ terms_checked: true }));
    const { location } = await renderApp('/initialAssessment', { user: makeUser() });
    expect(await overallScore()).toBeInTheDocument();
    expect(location()).toBe('/notifications/31');
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(server.calls('GET /initial-assessments')).toHaveLength(0);
  });
});
