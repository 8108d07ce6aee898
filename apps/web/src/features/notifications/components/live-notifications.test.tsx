import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HumanCoachFeedback, Notification } from '@clearspeak/contract';
import {
  makeAiNotification,
  makeAssessmentResult,
} from '@/components/assessment-result/test-fixtures';
import { fakeAudioEachTest } from '@/test/fake-playback';
import { installFakeServer, makeUser, type FakeHandler } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { MODULE_MISSING_MESSAGE, MODULE_MISSING_TITLE } from '../api/open-notification';
import { installFakeStream } from '../test/fake-stream';
import { toastLabel } from './live-notifications';

// The real app; the server (fetch, including the event stream) and media playback are faked.

function serve(initial: Notification[], handlers: Record<string, FakeHandler> = {}) {
  const state = { notifications: initial };
  const server = installFakeServer({
    'GET /module/list/v3': () => ({
      body: {
        isError: false,
        data: { introModules: [], trialModules: [], othModules: [], is_subscribed: false },
      },
    }),
    'GET /module/subscription-data': () => ({
      body: { isError: false, is_subscribed: false, is_free_plan: true, isTrialing: false },
    }),
    'GET /get-user-notifications': () => ({
      body: { isError: false, notifications: state.notifications },
    }),
    'GET /get-unread-notification-count': () => ({
      body: { isError: false, count: state.notifications.filter((n) => !n.is_read).length },
    }),
    'POST /read-notification': (request) => {
      const id = (request.body as { notification_id: number }).notification_id;
      state.notifications = state.notifications.map((n) =>
        n.id === id ? { ...n, is_read: true } : n,
      );
      return {
        body: { isError: false, userNotification: state.notifications.find((n) => n.id === id) },
      };
    },
    'GET /get-ai-coach-feedback': () => ({
      body: { isError: false, ai_response: { data: makeAssessmentResult() } },
    }),
    ...handlers,
  });
  const stream = installFakeStream();
  return { server, stream, state };
}

const coachReply = (overrides: Partial<Notification> = {}): Notification =>
  makeAiNotification({
    id: 40,
    header: 'Coach Feedback',
    title: 'Your coach replied',
    subtitle: 'Listen to your feedback for TH sounds.',
    notification_type: 'module-assessment-coach-feedback',
    object_id: 5,
    ...overrides,
  });

describe('live notifications (issue 5; spec: learning §2 Notifications, §4 Notification click)', () => {
  it('updates the badge, the list and the toasts from stream events, without reloading', async () => {
    const { server, stream } = serve([]);
    const { user } = await renderApp('/modules', { user: makeUser() });
    const connection = await stream.connection(1);
    expect(connection.authorization).toBe('Bearer stored-token-1');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET /get-user-notifications')).toHaveLength(1));

    const arrived = coachReply();
    act(() => {
      connection.send('notification', arrived);
      connection.send('unread', { count: 1 });
    });
    expect(
      await screen.findByRole('button', { name: 'Notifications (1 unread)' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: toastLabel(arrived) })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'Your coach replied (unread)' })).toBeInTheDocument();
    // The stream fed the caches: nothing was fetched again.
    expect(server.calls('GET /get-user-notifications')).toHaveLength(1);
    expect(server.calls('GET /get-unread-notification-count')).toHaveLength(1);
  });

  it('keeps an unread toast open (no auto-close); clicking it marks it read and opens the detail', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    const unread = makeAiNotification();
    const { server } = serve([unread]);
    const { user, location } = await renderApp('/modules', { user: makeUser() });
    const toast = await screen.findByRole('button', { name: toastLabel(unread) });
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(toast).toBeInTheDocument();
    vi.useRealTimers();

    await user.click(toast);
    await waitFor(() => expect(location()).toBe('/notifications/31'));
    expect(server.calls('POST /read-notification').map((r) => r.body)).toEqual([
      { notification_id: 31 },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Your assessment result is ready' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: toastLabel(unread) })).not.toBeInTheDocument(),
    );
  });

  it('shows each unread notification once across reconnects, and drops its toast when it is read in another tab', async () => {
    const unread = coachReply();
    const { server, stream, state } = serve([unread]);
    await renderApp('/modules', { user: makeUser() });
    expect(await screen.findByRole('button', { name: toastLabel(unread) })).toBeInTheDocument();
    const first = await stream.connection(1);

    // The server restarts: the client connects again and catches up with the list.
    act(() => first.end());
    const second = await stream.connection(2);
    await waitFor(() => expect(server.calls('GET /get-user-notifications')).toHaveLength(2));
    act(() => second.send('notification', unread));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: toastLabel(unread) })).toHaveLength(1),
    );

    // Read elsewhere: the count drops, the list is read again, the toast goes.
    state.notifications = [{ ...unread, is_read: true }];
    act(() => second.send('unread', { count: 0 }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: toastLabel(unread) })).not.toBeInTheDocument(),
    );
  });

  it('opens the module feedback for a module coach reply, and says "Error!" when the module is gone', async () => {
    const present = coachReply({ id: 41, title: 'Feedback for TH sounds', object_id: 5 });
    const gone = coachReply({ id: 42, title: 'Feedback for an old module', object_id: 99 });
    const { server } = serve([gone, present], {
      'POST /module/feedback-status': (request) =>
        (request.body as { module_id: number }).module_id === 5
          ? {
              body: {
                isError: false,
                data: { state: 'available', is_sample: false, request_id: 3 },
              },
            }
          : {
              status: 404,
              body: { isError: true, message: 'This module does not exist.', code: 'not_found' },
            },
    });
    const { user, router } = await renderApp('/modules', { user: makeUser() });
    const visited: string[] = [];
    router.subscribe((s) => visited.push(s.location.pathname));

    await user.click(await screen.findByRole('button', { name: toastLabel(gone) }));
    const dialog = within(await screen.findByRole('dialog', { name: MODULE_MISSING_TITLE }));
    expect(dialog.getByText(MODULE_MISSING_MESSAGE)).toBeInTheDocument();
    expect(server.calls('POST /read-notification').map((r) => r.body)).toEqual([
      { notification_id: 42 },
    ]);
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(visited).toEqual([]);

    await user.click(screen.getByRole('button', { name: toastLabel(present) }));
    await waitFor(() => expect(visited[0]).toBe('/modules/5/feedback'));
    expect(server.calls('POST /read-notification').map((r) => r.body)).toEqual([
      { notification_id: 42 },
      { notification_id: 41 },
    ]);
  });

  it('puts the toasts away on the notification list, shows them again after it, and keeps a dismissed one dismissed', async () => {
    const kept = coachReply({ id: 45, title: 'Feedback for TH sounds' });
    const dismissed = makeAiNotification({ id: 46, title: 'Your results are ready' });
    serve([kept, dismissed]);
    const { user, router } = await renderApp('/modules', { user: makeUser() });
    expect(await screen.findByRole('button', { name: toastLabel(kept) })).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: `Dismiss notification: ${dismissed.title}` }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: toastLabel(dismissed) })).not.toBeInTheDocument(),
    );

    // The list shows every notification: no toast covers it.
    await act(() => router.navigate('/notifications'));
    expect(await screen.findByRole('list', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: toastLabel(kept) })).not.toBeInTheDocument(),
    );

    // Still unread: back on another page its toast returns; the dismissed one does not.
    await act(() => router.navigate('/modules'));
    expect(await screen.findByRole('button', { name: toastLabel(kept) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: toastLabel(dismissed) })).not.toBeInTheDocument();
  });

  it('shows at most three toasts at once; the next waits until one is dismissed', async () => {
    const four = [50, 51, 52, 53].map((id) => coachReply({ id, title: `Feedback ${id}` }));
    serve(four);
    const { user } = await renderApp('/modules', { user: makeUser() });
    const toasts = () => screen.queryAllByRole('button', { name: /^Open notification: / });
    await waitFor(() => expect(toasts()).toHaveLength(3));
    const [first] = toasts();
    const title = (first?.getAttribute('aria-label') ?? '').replace('Open notification: ', '');
    await user.click(screen.getByRole('button', { name: `Dismiss notification: ${title}` }));
    await waitFor(() =>
      expect(toasts().map((t) => t.getAttribute('aria-label'))).not.toContain(
        `Open notification: ${title}`,
      ),
    );
    await waitFor(() => expect(toasts()).toHaveLength(3));
  });

  it('puts the newest toast on top, also one arriving later, and keeps the three newest on screen', async () => {
    const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`;
    // The server lists newest first.
    const listed = [
      coachReply({ id: 62, title: 'Feedback 62', created_at: at(12) }),
      coachReply({ id: 61, title: 'Feedback 61', created_at: at(11) }),
      coachReply({ id: 60, title: 'Feedback 60', created_at: at(10) }),
    ];
    const { stream } = serve(listed);
    await renderApp('/modules', { user: makeUser() });
    const order = () =>
      screen
        .queryAllByRole('button', { name: /^Open notification: / })
        .map((t) => t.getAttribute('aria-label'));
    await waitFor(() =>
      expect(order()).toEqual([
        'Open notification: Feedback 62',
        'Open notification: Feedback 61',
        'Open notification: Feedback 60',
      ]),
    );

    const connection = await stream.connection(1);
    act(() => {
      connection.send(
        'notification',
        coachReply({ id: 63, title: 'Feedback 63', created_at: at(13) }),
      );
      connection.send('unread', { count: 4 });
    });
    await waitFor(() =>
      expect(order()).toEqual([
        'Open notification: Feedback 63',
        'Open notification: Feedback 62',
        'Open notification: Feedback 61',
      ]),
    );
  });

  it('marks a module coach reply read, and drops its toast, when its feedback page is opened another way', async () => {
    const here = coachReply({ id: 43, title: 'Feedback for TH sounds', object_id: 5 });
    const other = coachReply({ id: 44, title: 'Feedback for R and L', object_id: 6 });
    const { server } = serve([other, here], {
      // The feedback page itself stays loading: only the notification side is under test.
      'POST /module/feedback': () => new Promise(() => undefined),
      'POST /module/feedback-all': () => new Promise(() => undefined),
    });
    await renderApp('/modules/5/feedback', { user: makeUser() });
    await waitFor(() =>
      expect(server.calls('POST /read-notification').map((r) => r.body)).toEqual([
        { notification_id: 43 },
      ]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: toastLabel(here) })).not.toBeInTheDocument(),
    );
    // Another module's reply is still unread, with its toast.
    expect(screen.getByRole('button', { name: toastLabel(other) })).toBeInTheDocument();
  });
});

describe('/notifications/:id for initial-assessment-coach-feedback', () => {
  const played = fakeAudioEachTest();

  const feedback: HumanCoachFeedback = {
    id: 77,
    assessment_id: 501,
    coach_reply: 'Great start! Keep your tongue between your teeth for TH.',
    audio_records: [
      {
        id: 1,
        title: 'think',
        audio_url: '/api/coach-replies/9/audio',
        text: 'Listen to how I say it.',
        recording_path: '/api/feedback-items/4/audio',
      },
    ],
    coach: { name: 'Maria Lopez', photo_url: null },
    scores: [
      { factor_name: 'Pronunciation', score: 4 },
      { factor_name: 'Fluency', score: 3 },
    ],
    created_at: '2026-11-21T10:00:00.000Z',
  };

  it('shows the coach, the reply, the stars, and plays the coach’s audio and the learner’s recording', async () => {
    const notification = makeAiNotification({
      id: 32,
      title: 'Your coach reviewed your assessment',
      notification_type: 'initial-assessment-coach-feedback',
      object_id: 77,
    });
    const { server } = serve([notification], {
      'GET /get-human-coach-feedback': () => ({ body: { isError: false, data: feedback } }),
      'GET /coach-replies/9/audio': () => ({ body: 'coach-audio' }),
      'GET /feedback-items/4/audio': () => ({ body: 'learner-audio' }),
    });
    const { user } = await renderApp('/notifications/32', { user: makeUser() });
    expect(await screen.findByText('Maria Lopez')).toBeInTheDocument();
    expect(server.calls('GET /get-human-coach-feedback')[0]?.query.get('feedback_id')).toBe('77');
    expect(screen.getByText(feedback.coach_reply)).toBeInTheDocument();
    // No photo: the coach's initials.
    expect(screen.getAllByText('ML').length).toBeGreaterThan(0);
    expect(
      screen.getByRole('img', { name: 'Pronunciation: 4 out of 5 stars' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Fluency: 3 out of 5 stars' })).toBeInTheDocument();
    // Opening it marked it read.
    await waitFor(() =>
      expect(server.calls('POST /read-notification').map((r) => r.body)).toEqual([
        { notification_id: 32 },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Play Maria Lopez’s reply: think' }));
    await waitFor(() => expect(played).toHaveLength(1));
    expect(server.calls('GET /coach-replies/9/audio')).toHaveLength(1);

    // The player itself (token, blob URL, §8's alert) is tested in components/audio.
    await user.click(screen.getByRole('button', { name: 'Play your recording: think' }));
    await waitFor(() => expect(played).toHaveLength(2));
    expect(server.calls('GET /feedback-items/4/audio')).toHaveLength(1);
  });
});
