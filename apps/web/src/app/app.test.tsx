import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@clearspeak/contract';
import { createQueryClient, Providers } from './providers';
import { RouteError } from './route-error';
import { STORAGE_KEY } from '@/lib/session-store';
import { installFakeServer, makeUser } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';

const freeLearner = () => ({
  body: { isError: false, is_subscribed: false, is_free_plan: true, isTrialing: false },
});

describe('app shell and guards', () => {
  it('shows the Modules page with the email and the membership from the server', async () => {
    const server = installFakeServer({
      'GET /module/subscription-data': () => ({
        body: { isError: false, is_subscribed: true, is_free_plan: false, isTrialing: true },
      }),
    });
    await renderApp('/modules', { user: makeUser({ email: 'lea@example.com' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Modules' })).toBeInTheDocument();
    expect(document.title).toBe('Modules · ClearSpeak');
    expect(screen.getByText('lea@example.com')).toBeInTheDocument();
    expect(await screen.findByText('Trial')).toBeInTheDocument();
    expect(server.calls('GET /module/subscription-data')[0]?.authorization).toBe(
      'Bearer stored-token-1',
    );
  });

  it('sends a coach from learner pages to the coach console, and keeps learners out of it', async () => {
    const server = installFakeServer({
      'GET /coach/queue': () => ({
        body: {
          isError: false,
          pending: [],
          mine: [],
          stats: { answered_total: 0, answered_last_7_days: 0, average_minutes: null, in_progress: 0, pending_total: 0 },
        },
      }),
    });
    const { location, user } = await renderApp('/modules', {
      user: makeUser({ role_id: 3, email: 'coach@demo.test' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback queue' })).toBeInTheDocument();
    expect(location()).toBe('/coach');
    expect(server.calls('GET /module/subscription-data')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(server.calls('GET /web-logout')[0]?.authorization).toBe('Bearer stored-token-1');
  });

  it('keeps a learner out of the coach console', async () => {
    const server = installFakeServer({ 'GET /module/subscription-data': freeLearner });
    const { location } = await renderApp('/coach', { user: makeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Modules' })).toBeInTheDocument();
    expect(location()).toBe('/modules');
    expect(server.calls('GET /coach/queue')).toHaveLength(0);
  });

  it('shows an admin a page that says who they are, at /signin rather than looping', async () => {
    installFakeServer({});
    const { location } = await renderApp('/signin', { user: makeUser({ role_id: 1 }) });
    expect(await screen.findByRole('heading', { name: 'Signed in as Admin' })).toBeInTheDocument();
    expect(location()).toBe('/signin');
  });

  it('sends a signed-in learner from /signin to /modules', async () => {
    installFakeServer({ 'GET /module/subscription-data': freeLearner });
    const { location } = await renderApp('/signin', { user: makeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Modules' })).toBeInTheDocument();
    expect(location()).toBe('/modules');
  });

  it('lets any signed-in role change the password, and shows the server message', async () => {
    const server = installFakeServer({
      'POST /update/password': (request) =>
        (request.body as { old_password: string }).old_password === 'right-one'
          ? { body: { isError: false, message: 'Password changed.' } }
          : { status: 422, body: { isError: true, message: 'Your old password is not correct.' } },
    });
    const { user } = await renderApp('/changePassword', { user: makeUser({ role_id: 3 }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Old password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'newpass123');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your old password is not correct.');

    await user.clear(screen.getByLabelText('Old password'));
    await user.type(screen.getByLabelText('Old password'), 'right-one');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed.')).toBeInTheDocument();
    expect(server.calls('POST /update/password')[1]?.body).toEqual({
      old_password: 'right-one',
      new_password: 'newpass123',
      new_password_confirmation: 'newpass123',
    });
  });

  it('logs out when any response carries errorCode 401', async () => {
    installFakeServer({
      'GET /module/subscription-data': () => ({
        status: 200,
        body: { isError: true, errorCode: 401, message: 'Session expired.' },
      }),
    });
    const { location } = await renderApp('/modules', { user: makeUser(), remember: true });
    expect(localStorage.getItem(STORAGE_KEY)).not.toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('signs out from the header: revokes the token, clears storage, goes to /', async () => {
    const server = installFakeServer({ 'GET /module/subscription-data': freeLearner });
    const { user, location } = await renderApp('/modules', { user: makeUser(), remember: true });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(server.calls('GET /web-logout')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    installFakeServer({
      'GET /module/subscription-data': freeLearner,
      'GET /web-logout': () => ({ status: 503, body: { isError: true, message: 'Down.' } }),
    });
    const { user } = await renderApp('/modules', { user: makeUser() });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('puts the navigation in a side bar on wide screens', async () => {
    installFakeServer({ 'GET /module/subscription-data': freeLearner });
    window.innerWidth = 1280;
    await renderApp('/modules', { user: makeUser() });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.closest('footer')).toBeNull();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Modules', '/modules'],
      ['Dictionary', '/dictionary'],
      ['Profile', '/profile'],
    ]);
  });

  it('puts the navigation in a bottom bar on a 390 px phone, and moves between pages', async () => {
    installFakeServer({ 'GET /module/subscription-data': freeLearner });
    window.innerWidth = 390;
    const { user, location } = await renderApp('/modules', {
      user: makeUser({ email: 'ana@example.com' }),
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.closest('footer')).not.toBeNull();
    expect(within(nav).getByRole('link', { name: 'Modules' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(nav).getByRole('link', { name: 'Profile' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(location()).toBe('/profile');

    await user.click(screen.getByRole('link', { name: 'Change Password' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('/profile'));
  });

  it('scrolls to the top on each route change', async () => {
    installFakeServer({ 'GET /module/subscription-data': freeLearner });
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo;
    const { user } = await renderApp('/modules', { user: makeUser() });
    const callsAtStart = scrollTo.mock.calls.length;
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(scrollTo.mock.calls.length).toBeGreaterThan(callsAtStart));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
  });

  it('says where a verified visitor goes next', async () => {
    installFakeServer({});
    await renderApp('/verification-success');
    expect(screen.getByRole('heading', { name: 'Your email is verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('shows "Something went wrong." in the error boundary', () => {
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <RouteError />
      </Providers>,
    );
    expect(screen.getByRole('heading', { name: MESSAGES.boundary })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
