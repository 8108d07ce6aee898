import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeServer, makeUser } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { detailBody, makeDetail } from '../test/fixtures';
import { LOCKED_LESSON_MESSAGE } from './notice-modal';

const subscribed = () => ({
  body: { isError: false, is_subscribed: true, is_free_plan: false, isTrialing: false },
});

describe('/modules/:moduleId (spec: learning §2 Module overview)', () => {
  it("shows 'Loading...' until the detail arrives, then the header and the five section cards", async () => {
    let answer: (value: ReturnType<typeof detailBody>) => void = () => undefined;
    const server = installFakeServer({
      'POST /module/detail': () => new Promise((resolve) => (answer = resolve)),
      'GET /module/subscription-data': subscribed,
      'POST /module/feedback-status': () => ({
        body: {
          isError: false,
          data: { state: 'final_incomplete', is_sample: false, request_id: null },
        },
      }),
    });
    await renderApp('/modules/5', { user: makeUser({ email: 'zoe@example.com' }) });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Loading...' }),
    ).toBeInTheDocument();
    expect(screen.getByText('zoe@example.com')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('POST /module/detail')).toHaveLength(1));
    expect(server.calls('POST /module/detail')[0]?.body).toEqual({ module_id: 5 });

    answer(detailBody(makeDetail({ completed: ['th-pre-1'] })));
    expect(await screen.findByRole('heading', { level: 2, name: 'TH sounds' })).toBeInTheDocument();
    expect(screen.getByText('Think and this: the two TH sounds.')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    for (const title of [
      'Pre Lesson',
      'Guided Lesson',
      'Conversational Tips',
      'Final Assessment',
      'Human Coaching and Feedback',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    const pre = within(screen.getByRole('region', { name: 'Pre Lesson' }));
    expect(pre.getByText('Completed')).toBeInTheDocument();
    const guided = within(screen.getByRole('region', { name: 'Guided Lesson' }));
    expect(guided.getByText('0 of 8 done')).toBeInTheDocument();
    const feedback = within(screen.getByRole('region', { name: 'Human Coaching and Feedback' }));
    // Its state comes from POST /module/feedback-status (coaching.test.tsx covers every state).
    expect(await feedback.findByText('Not yet')).toBeInTheDocument();
    expect(feedback.getByRole('button', { name: 'Open feedback' })).toBeEnabled();
    expect(server.calls('POST /module/feedback-status')[0]?.body).toEqual({ module_id: 5 });
  });

  it('redirects to /modules when the detail call fails', async () => {
    installFakeServer({
      'POST /module/detail': () => ({
        status: 404,
        body: { isError: true, message: 'No such module.' },
      }),
      'GET /module/list/v3': () => ({
        body: {
          isError: false,
          data: { introModules: [], trialModules: [], othModules: [], is_subscribed: true },
        },
      }),
      'GET /module/subscription-data': subscribed,
    });
    const { location } = await renderApp('/modules/99', { user: makeUser() });
    await waitFor(() => expect(location()).toBe('/modules'));
    expect(await screen.findByRole('heading', { name: 'Sample Lessons' })).toBeInTheDocument();
  });

  it('opens an available lesson and shows the locked-lesson modal for one whose previous lesson is not done', async () => {
    installFakeServer({
      'POST /module/detail': () => detailBody(makeDetail({ completed: ['th-pre-1'] })),
      'GET /module/subscription-data': subscribed,
      'POST /module/save/step': () => ({ body: { isError: false, message: 'Saved.' } }),
    });
    const { user, location } = await renderApp('/modules/5', {
      user: makeUser({ is_subscribed: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Voiced and voiceless (locked)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lesson locked' });
    expect(dialog).toHaveTextContent(LOCKED_LESSON_MESSAGE);
    expect(location()).toBe('/modules/5');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await user.click(screen.getByRole('button', { name: 'The tongue between the teeth' }));
    expect(location()).toBe('/modules/5/guidedLesson/th-video-1');
  });

  it('makes every lesson row a touch target of at least 40 px', async () => {
    installFakeServer({
      'POST /module/detail': () => detailBody(makeDetail({ completed: ['th-pre-1'] })),
      'GET /module/subscription-data': subscribed,
    });
    await renderApp('/modules/5', { user: makeUser({ is_subscribed: true }) });
    const guided = within(await screen.findByRole('region', { name: 'Guided Lesson' }));
    const rows = [
      ...guided.getAllByRole('button', { name: /The tongue between the teeth|\(locked\)$/ }),
    ];
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(parseFloat(getComputedStyle(row).minHeight)).toBeGreaterThanOrEqual(40);
    }
  });

  it('shows the subscribe-to-unlock modal for a locked module', async () => {
    installFakeServer({
      'POST /module/detail': () => detailBody(makeDetail({ isUnlocked: false })),
      'GET /module/subscription-data': subscribed,
    });
    await renderApp('/modules/5', { user: makeUser() });
    expect(await screen.findByRole('dialog', { name: 'Subscribe to unlock' })).toBeInTheDocument();
  });
});
