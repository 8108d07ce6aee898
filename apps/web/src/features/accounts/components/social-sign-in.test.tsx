import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@clearspeak/contract';
import { installFakeServer, makeUser, sessionBody } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';

const configured = () => ({
  body: {
    google_client_id: 'client-1.apps.googleusercontent.com',
    facebook_app_id: '1234',
    captcha: 'altcha',
    recaptcha_site_key: null,
  },
});

/**
 * Google Identity Services is outside our process: the test plays Google's part at the edge
 * (the script "loads" and its button hands over an ID token), nothing of ours is faked.
 */
function installFakeGoogle() {
  let callback: ((response: { credential?: string }) => void) | undefined;
  (window as unknown as { google: unknown }).google = {
    accounts: {
      id: {
        initialize: (options: { callback: typeof callback }) => {
          callback = options.callback;
        },
        renderButton: (parent: HTMLElement) => {
          const button = document.createElement('button');
          button.textContent = 'Sign in with Google';
          parent.appendChild(button);
        },
      },
    },
  };
  return async () => {
    const script = await waitFor(() => {
      const found = document.head.querySelector(
        'script[src="https://accounts.google.com/gsi/client"]',
      );
      if (!found) throw new Error('GIS script not requested');
      return found;
    });
    // The script tag is added once per page load; firing its load again is harmless.
    fireEvent.load(script);
    await waitFor(() => expect(callback).toBeDefined());
    return (credential?: string) => callback?.({ credential });
  };
}

describe('social sign-in', () => {
  it('asks "Give your Email Id" when Google gives no email, then signs in with it', async () => {
    const server = installFakeServer({
      'GET /auth-config': configured,
      'POST /google-web-login': (request) =>
        (request.body as { email?: string }).email
          ? { body: sessionBody(makeUser({ email: 'ana@example.com' })) }
          : { body: { isError: false, message: 'We need your email.', need_email: true } },
      'GET /module/subscription-data': () => ({
        body: { isError: false, is_subscribed: false, is_free_plan: true, isTrialing: false },
      }),
    });
    const loadGoogle = installFakeGoogle();
    const { user, location } = await renderApp('/signin');
    expect(await screen.findByRole('group', { name: 'Login with Google' })).toBeInTheDocument();
    expect(screen.getByText('Or')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Facebook' })).toBeInTheDocument();

    const pressGoogle = await loadGoogle();
    pressGoogle('google-id-token-1');

    const dialog = await screen.findByRole('dialog', { name: MESSAGES.giveEmailTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Modules' })).toBeInTheDocument();
    expect(location()).toBe('/modules');
    const calls = server.calls('POST /google-web-login');
    expect(calls.map((c) => c.body)).toEqual([
      { token: 'google-id-token-1', role: 2 },
      { token: 'google-id-token-1', role: 2, email: 'ana@example.com' },
    ]);
  });

  it('shows "Sign in with Google failed" when the server refuses the token', async () => {
    installFakeServer({
      'GET /auth-config': configured,
      'POST /google-web-login': () => ({ status: 502, body: 'not json' }),
    });
    const loadGoogle = installFakeGoogle();
    await renderApp('/signin');
    const pressGoogle = await loadGoogle();
    pressGoogle('bad-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.googleFailed);
  });
});
