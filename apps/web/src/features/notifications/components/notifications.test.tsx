import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@clearspeak/contract';
import {
  makeAiNotification,
  makeAssessmentResult,
} from '@/components/assessment-result/test-fixtures';
import { installFakeServer, makeUser } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { notificationName } from './notification-row';
import { NO_NOTIFICATIONS, NOTIFICATIONS_LOAD_FAILED } from './notifications-menu';

function serve(initial: Notification[]) {
  let notifications = initial;
  return installFakeServer({
    'GET /module/list/v3': () => ({
      body: {
        isError: false,
        data: { introModules: [], trialModules: [], othModules: [], is_subscribed: false },
      },
    }),
    'GET /module/subscription-data': () => ({
      body: { isError: false, is_subscribed: false, is_free_plan: true, isTrialing: false },
    }),
    'GET /get-user-notifications': () => ({ body: { isError: false, notifications } }),
    'GET /get-unread-notification-count': () => ({
      body: { isError: false, count: notifications.filter((n) => !n.is_read).length },
    }),
    'POST /read-notification': (request) => {
      const id = (request.body as { notification_id: number }).notification_id;
      notifications = notifications.map((n) => (n.id === id ? { ...n, is_read: true } : n));
      const read = notifications.find((n) => n.id === id);
      return { body: { isError: false, userNotification: read } };
    },
    'GET /get-ai-coach-feedback': () => ({
      body: { isError: false, ai_response: { data: makeAssessmentResult() } },
    }),
  });
}

describe('notifications (spec: learning §2 Notifications, §4 Notification click)', () => {
  it('shows "No notifications" and no badge when there are none', async () => {
    serve([]);
    const { user } = await renderApp('/my-lessons', { user: makeUser() });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(await screen.findByText(NO_NOTIFICATIONS)).toBeInTheDocument();
  });

  it('says the list could not be loaded, not "No notifications", and tries again on request', async () => {
    let fail = true;
    const arrived = makeAiNotification({ is_read: true });
    const server = installFakeServer({
      'GET /module/list/v3': () => ({
        body: {
          isError: false,
          data: { introModules: [], trialModules: [], othModules: [], is_subscribed: false },
        },
      }),
      'GET /get-user-notifications': () =>
        fail
          ? { status: 503, body: { isError: true, message: 'Try again later.' } }
          : { body: { isError: false, notifications: [arrived] } },
      'GET /get-unread-notification-count': () => ({ body: { isError: false, count: 0 } }),
    });
    const { user } = await renderApp('/my-lessons', { user: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const menu = within(await screen.findByRole('menu'));
    expect(await menu.findByRole('alert')).toHaveTextContent(NOTIFICATIONS_LOAD_FAILED);
    expect(menu.queryByText(NO_NOTIFICATIONS)).not.toBeInTheDocument();

    fail = false;
    await user.click(menu.getByRole('menuitem', { name: 'Try again' }));
    await waitFor(() => expect(menu.queryByRole('alert')).not.toBeInTheDocument());
    expect(menu.getByRole('menuitem', { name: notificationName(arrived) })).toBeInTheDocument();
    expect(server.calls('GET /get-user-notifications').length).toBeGreaterThan(1);
  });

  it('badges the unread count, lists them, and marks one read when it is opened', async () => {
    const server = serve([
      makeAiNotification(),
      makeAiNotification({
        id: 32,
        title: 'Welcome to ClearSpeak',
        notification_type: 'initial-assessment-coach-feedback',
        is_read: true,
      }),
    ]);
    const { user, location } = await renderApp('/modules', { user: makeUser() });
    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    await user.click(bell);
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'Welcome to ClearSpeak' })).toBeInTheDocument();
    await user.click(
      menu.getByRole('menuitem', { name: 'Your assessment result is ready (unread)' }),
    );

    await waitFor(() => expect(location()).toBe('/notifications/31'));
    expect(server.calls('POST /read-notification')[0]?.body).toEqual({ notification_id: 31 });
    // The detail of an initial-assessment-ai-feedback notification is the AI result.
    expect(
      await screen.findByRole('img', { name: 'Overall score: 64 out of 100' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Your assessment result is ready' }),
    ).toBeInTheDocument();
    // The badge follows the read mark; the detail does not mark it a second time.
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(server.calls('POST /read-notification')).toHaveLength(1);
  });

  it('lists every notification on /notifications and does not mark a read one again', async () => {
    const server = serve([makeAiNotification({ is_read: true })]);
    const { user, location } = await renderApp('/notifications', { user: makeUser() });
    const list = within(await screen.findByRole('list', { name: 'Notifications' }));
    await user.click(list.getByRole('button', { name: 'Your assessment result is ready' }));
    await waitFor(() => expect(location()).toBe('/notifications/31'));
    expect(server.calls('POST /read-notification')).toHaveLength(0);
    expect(await screen.findByText('Slow down on words with TH.')).toBeInTheDocument();
  });

  it('marks an unread notification read when its detail is opened directly', async () => {
    const server = serve([makeAiNotification()]);
    await renderApp('/notifications/31', { user: makeUser() });
    expect(
      await screen.findByRole('img', { name: 'Overall score: 64 out of 100' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(server.calls('POST /read-notification').map((r) => r.body)).toEqual([
        { notification_id: 31 },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('shows "No notifications" on an empty /notifications', async () => {
    serve([]);
    await renderApp('/notifications', { user: makeUser() });
    expect(await screen.findByText(NO_NOTIFICATIONS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
  });
});
