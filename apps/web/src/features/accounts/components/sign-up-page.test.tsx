import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, alreadyRegisteredMessage } from '@clearspeak/contract';
import { installFakeServer } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';

describe('sign-up page', () => {
  it('shows the page texts of the spec', async () => {
    installFakeServer({});
    await renderApp('/signup');
    expect(screen.getByRole('button', { name: 'Become a ClearSpeak' })).toBeInTheDocument();
    expect(
      screen.getByText(/includes a sample lesson and the fluency assessment/),
    ).toBeInTheDocument();
    expect(screen.getByText(/need a paid plan/)).toBeInTheDocument();
    expect(screen.getByText(/10 minutes of practice every day/)).toBeInTheDocument();
    expect(screen.getByText(/you agree to the ClearSpeak Terms of Service/)).toBeInTheDocument();
  });

  it('uses the login messages for a missing email and password', async () => {
    const server = installFakeServer({});
    const { user } = await renderApp('/signup');
    await user.click(screen.getByRole('button', { name: 'Become a ClearSpeak' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(server.calls('POST /v1/register')).toHaveLength(0);
  });

  it('registers a learner with the confirmation equal to the password, then asks for the code', async () => {
    const server = installFakeServer({
      'POST /v1/register': () => ({
        status: 201,
        body: { isError: false, message: 'Check your email.', data: { email: 'ana@example.com' } },
      }),
    });
    localStorage.setItem('anonymousUserId', '4f8d2a9e-1b3c-4d5e-8f70-123456789abc');
    const { user, router } = await renderApp('/signup');
    await user.type(screen.getByLabelText('Email'), 'Ana@Example.com');
    await user.type(screen.getByLabelText('Password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Become a ClearSpeak' }));

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/email-verification');
    expect(router.state.location.state).toEqual({
      email: 'ana@example.com',
      password: 'longenough1',
    });
    expect(server.calls('POST /v1/register')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'longenough1',
      password_confirmation: 'longenough1',
      role_id: 2,
      device_type: 'web',
      anonymousUserId: '4f8d2a9e-1b3c-4d5e-8f70-123456789abc',
    });
    // spec: accounts §3 — the anonymous id is removed after registration.
    expect(localStorage.getItem('anonymousUserId')).toBeNull();
  });

  it('offers password recovery on 409: No stays, Yes goes to /forgot-password', async () => {
    installFakeServer({
      'POST /v1/register': () => ({
        status: 409,
        body: { isError: true, errorCode: 409, message: 'The email has already been taken.' },
      }),
    });
    const { user, location } = await renderApp('/signup');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Become a ClearSpeak' }));

    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(alreadyRegisteredMessage('ClearSpeak'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/signup');

    await user.click(screen.getByRole('button', { name: 'Become a ClearSpeak' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByRole('button', { name: 'Send Verification Code' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/forgot-password');
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
  });

  it('shows the server message for other failures', async () => {
    installFakeServer({
      'POST /v1/register': () => ({
        status: 422,
        body: { isError: true, message: 'Use at least 8 characters for your password.' },
      }),
    });
    const { user } = await renderApp('/signup');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Become a ClearSpeak' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Use at least 8 characters for your password.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows "Continue with Google" and the word "Or" when Google is configured', async () => {
    installFakeServer({
      'GET /auth-config': () => ({
        body: {
          google_client_id: 'client-1.apps.googleusercontent.com',
          facebook_app_id: '123',
          captcha: 'altcha',
          recaptcha_site_key: null,
        },
      }),
    });
    await renderApp('/signup');
    expect(await screen.findByRole('group', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByText('Or')).toBeInTheDocument();
    // Facebook is offered on the sign-in page only (spec: accounts §2 Signup).
    expect(screen.queryByRole('button', { name: 'Facebook' })).not.toBeInTheDocument();
  });
});
