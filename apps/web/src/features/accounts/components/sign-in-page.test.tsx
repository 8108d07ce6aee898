import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@clearspeak/contract';
import { STORAGE_KEY } from '@/lib/session-store';
import { installFakeServer, makeUser, sessionBody } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';

const subscriptionOk = () => ({
  body: { isError: false, is_subscribed: false, is_free_plan: true, isTrialing: false },
});

describe('sign-in page', () => {
  it('shows the spec messages for a missing email and password and sends nothing', async () => {
    const server = installFakeServer({});
    const { user } = await renderApp('/signin');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(server.calls('POST /web-portal-login')).toHaveLength(0);
  });

  it('rejects a malformed email with the same message', async () => {
    installFakeServer({});
    const { user } = await renderApp('/');
    await user.type(screen.getByLabelText('Email'), 'ana.example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.passwordRequired)).not.toBeInTheDocument();
  });

  it('has the links and controls of the spec, and no social buttons when none is configured', async () => {
    installFakeServer({});
    await renderApp('/signin');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Login with Google' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Or')).not.toBeInTheDocument();
  });

  it('shows and hides the password with the eye', async () => {
    installFakeServer({});
    const { user } = await renderApp('/signin');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows the server message on failure and the captcha only once the server asks for it', async () => {
    let failures = 0;
    const server = installFakeServer({
      'POST /web-portal-login': () => {
        failures += 1;
        return {
          status: 401,
          body: {
            isError: true,
            message: 'These credentials do not match our records.',
            show_captcha: failures >= 2,
          },
        };
      },
      'GET /captcha/challenge': () => ({
        body: {
          algorithm: 'SHA-256',
          challenge: 'ab'.repeat(32),
          maxnumber: 50000,
          salt: 'salt123',
          signature: 'cd'.repeat(32),
        },
      }),
    });
    const { user } = await renderApp('/signin');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'These credentials do not match our records.',
    );
    expect(screen.queryByRole('group', { name: 'Security check' })).not.toBeInTheDocument();
    expect(server.calls('GET /captcha/challenge')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('group', { name: 'Security check' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET /captcha/challenge')).toHaveLength(1));
  });

  it('stores the session, tags the login, accepts the terms on first login and opens /modules', async () => {
    const server = installFakeServer({
      'POST /web-portal-login': () => ({
        body: sessionBody(makeUser({ terms_checked: false }), 'fresh-token-1'),
      }),
      'POST /update/terms': () => ({ body: { isError: false, message: 'Terms accepted.' } }),
      'GET /module/subscription-data': subscriptionOk,
    });
    const { user, location } = await renderApp('/signin');
    await user.type(screen.getByLabelText('Email'), ' Ana@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Modules' })).toBeInTheDocument();
    expect(location()).toBe('/modules');
    expect(server.calls('POST /web-portal-login')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'demo1234',
      remember_me: false,
    });
    await waitFor(() => expect(server.calls('POST /update/terms')).toHaveLength(1));
    expect(server.calls('POST /update/terms')[0]).toMatchObject({
      body: { terms_checked: true },
      authorization: 'Bearer fresh-token-1',
    });
    expect(server.calls('POST /add-kartra-tag')).toHaveLength(1);
    // Without "Remember me" the session lives in sessionStorage only.
    expect(sessionStorage.getItem(STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('does not send the terms again when they were accepted, and remembers in localStorage', async () => {
    const server = installFakeServer({
      'POST /web-portal-login': () => ({ body: sessionBody(makeUser({ terms_checked: true })) }),
      'GET /module/subscription-data': subscriptionOk,
    });
    const { user } = await renderApp('/signin');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Modules' })).toBeInTheDocument();
    expect(server.calls('POST /web-portal-login')[0]?.body).toMatchObject({ remember_me: true });
    expect(server.calls('POST /update/terms')).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEY)).not.toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('returns to the wanted page with its query after sign-in', async () => {
    installFakeServer({
      'POST /web-portal-login': () => ({ body: sessionBody(makeUser()) }),
      'GET /module/subscription-data': subscriptionOk,
    });
    const { user, location } = await renderApp('/modules/4?lesson=12&from=mail');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/signin');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/modules/4?lesson=12&from=mail'));
    expect(await screen.findByRole('heading', { name: 'Modules' })).toBeInTheDocument();
  });

  it('shows the generic message when the server cannot be reached', async () => {
    installFakeServer({});
    const { user } = await renderApp('/signin');
    // The network edge fails: fetch rejects as browsers do when offline.
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.generic);
  });
});
