import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@clearspeak/contract';
import { STORAGE_KEY } from '@/lib/session-store';
import { installFakeServer, makeUser, sessionBody } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import {
  makeAiNotification,
  makeAssessmentResult,
} from '@/components/assessment-result/test-fixtures';

const state = { email: 'ana@example.com', password: 'longenough1' };

describe('email verification page', () => {
  it('sends visitors without sign-up details to /signup', async () => {
    installFakeServer({});
    const { location } = await renderApp('/email-verification');
    expect(await screen.findByRole('button', { name: 'Become a ClearSpeak' })).toBeInTheDocument();
    expect(location()).toBe('/signup');
  });

  it('asks for the code with the spec message', async () => {
    const server = installFakeServer({});
    const { user } = await renderApp('/email-verification', { state });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.codeRequired)).toBeInTheDocument();
    expect(server.calls('POST /verify-email')).toHaveLength(0);
  });

  it('shows the server message for a wrong code', async () => {
    installFakeServer({
      'POST /verify-email': () => ({
        status: 422,
        body: { isError: true, message: 'Invalid OTP' },
      }),
    });
    const { user } = await renderApp('/email-verification', { state });
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP');
  });

  it('verifies, signs in with the sign-up password and opens /modules/3 as a first login', async () => {
    const server = installFakeServer({
      'POST /verify-email': () => ({ body: { isError: false, message: 'Email verified.' } }),
      'POST /web-portal-login': () => ({
        body: sessionBody(makeUser({ terms_checked: false }), 'new-token'),
      }),
      'POST /update/terms': () => ({ body: { isError: false, message: 'Terms accepted.' } }),
      'GET /module/subscription-data': () => ({
        body: { isError: false, is_subscribed: false, is_free_plan: true, isTrialing: false },
      }),
    });
    const { user, router } = await renderApp('/email-verification', { state });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Welcome to ClearSpeak!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/modules/3');
    expect(router.state.location.state).toEqual({ firstLogin: true });
    expect(server.calls('POST /verify-email')[0]?.body).toEqual({
      email: 'ana@example.com',
      otp: '123456',
    });
    expect(server.calls('POST /web-portal-login')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'longenough1',
    });
    await waitFor(() => expect(server.calls('POST /update/terms')).toHaveLength(1));
    expect(sessionStorage.getItem(STORAGE_KEY)).not.toBeNull();
  });

  it('removes the anonymous id and opens the AI feedback notification on first login', async () => {
    // spec: accounts §3 (id removed after verification), §4 (first login opens the
    // initial-assessment AI feedback notification when it exists).
    localStorage.setItem('anonymousUserId', '4f8d2a9e-1b3c-4d5e-8f70-123456789abc');
    const server = installFakeServer({
      'POST /verify-email': () => ({ body: { isError: false, message: 'Email verified.' } }),
      'POST /web-portal-login': () => ({ body: sessionBody(makeUser(), 'new-token') }),
      'GET /initial-assessment-status': () => ({
        body: {
          isError: false,
          is_user_completed: true,
          is_recommended_module_avilable: true,
          notification_id: 31,
        },
      }),
      'GET /get-user-notifications': () => ({
        body: { isError: false, notifications: [makeAiNotification()] },
      }),
      'GET /get-unread-notification-count': () => ({ body: { isError: false, count: 1 } }),
      'GET /get-ai-coach-feedback': () => ({
        body: { isError: false, ai_response: { data: makeAssessmentResult() } },
      }),
    });
    const { user, router } = await renderApp('/email-verification', { state });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByRole('img', { name: 'Overall score: 64 out of 100' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications/31');
    expect(router.state.location.state).toEqual({ firstLogin: true });
    expect(localStorage.getItem('anonymousUserId')).toBeNull();
    expect(server.calls('GET /initial-assessment-status')[0]?.authorization).toBe(
      'Bearer new-token',
    );
  });

  it('resends the code and shows the server answer', async () => {
    const server = installFakeServer({
      'POST /resend-otp': () => ({
        body: { isError: false, message: 'A new code is on its way.' },
      }),
    });
    const { user } = await renderApp('/email-verification', { state });
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('A new code is on its way.')).toBeInTheDocument();
    expect(server.calls('POST /resend-otp')[0]?.body).toEqual({ email: 'ana@example.com' });
  });

  it('shows the rate-limit message when a resend comes too soon', async () => {
    installFakeServer({
      'POST /resend-otp': () => ({
        status: 429,
        body: { isError: true, message: 'Please wait a minute before asking for a new code.' },
      }),
    });
    const { user } = await renderApp('/email-verification', { state });
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait a minute before asking for a new code.',
    );
  });
});
