import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { FEEDBACK_MESSAGES } from '@clearspeak/contract';
import { onTrack, type TrackedEvent } from '@/lib/analytics';
import { fakeAudioEachTest } from '@/test/fake-playback';
import { installFakeServer, makeUser, type FakeHandler } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { coachBody, feedbackAllBody, makeFeedbackAll } from '../test/fixtures';

// The real app at /modules/5/feedback; only fetch (the server) and media playback are faked.

const played = fakeAudioEachTest();

const learner = () => makeUser({ is_subscribed: true, is_free_plan: false, isWithFeedback: true });

const emptyList = () => ({
  body: {
    isError: false,
    data: { introModules: [], trialModules: [], othModules: [], is_subscribed: true },
  },
});

function serve(handlers: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'POST /module/feedback': () =>
      coachBody({ name: 'Maria Lopez', photo: '/media/coaches/maria.jpg' }),
    'POST /module/feedback-all': () => feedbackAllBody(makeFeedbackAll()),
    'GET /module/list/v3': emptyList,
    'GET /module/subscription-data': () => ({
      body: { isError: false, is_subscribed: true, is_free_plan: false, isTrialing: false },
    }),
    ...handlers,
  });
}

describe('/modules/:moduleId/feedback (spec: learning §2 Module feedback)', () => {
  it('shows the coach, the summary, the star scores, the recordings and each coach reply', async () => {
    const events: TrackedEvent[] = [];
    const stop = onTrack((event) => events.push(event));
    try {
      const server = serve();
      await renderApp('/modules/5/feedback', { user: learner() });
      expect(
        await screen.findByRole('heading', { level: 2, name: 'TH sounds' }),
      ).toBeInTheDocument();
      expect(server.calls('POST /module/feedback')[0]?.body).toEqual({ module_id: 5 });
      expect(server.calls('POST /module/feedback-all')[0]?.body).toEqual({ module_id: 5 });
      expect(events).toEqual([{ name: 'Enter Show Feedback', properties: { moduleId: 5 } }]);

      // The coach: photo, name, date, summary.
      const coach = within(screen.getByRole('region', { name: 'Maria Lopez' }));
      expect(coach.getByRole('img', { name: 'Maria Lopez' })).toHaveAttribute(
        'src',
        '/media/coaches/maria.jpg',
      );
      expect(coach.getByText('November 20, 2026')).toBeInTheDocument();
      expect(coach.getByText(/Your TH is much clearer now/)).toBeInTheDocument();
      expect(screen.queryByText('Sample feedback')).not.toBeInTheDocument();

      // Star scores per factor, read-only.
      const scores = within(screen.getByRole('region', { name: 'Your scores' }));
      expect(
        scores.getByRole('img', { name: 'Pronunciation: 4 out of 5 stars' }),
      ).toBeInTheDocument();
      expect(scores.getByRole('img', { name: 'Fluency: 3 out of 5 stars' })).toBeInTheDocument();
      expect(scores.getByRole('img', { name: 'Intonation: 5 out of 5 stars' })).toBeInTheDocument();
      expect(scores.getByRole('img', { name: 'Stress: 2 out of 5 stars' })).toBeInTheDocument();

      // The learner's pre-lesson recording.
      const before = within(screen.getByRole('region', { name: 'Before the lesson' }));
      expect(before.getByText('Read aloud')).toBeInTheDocument();
      expect(
        before.getByRole('button', { name: 'Play your recording: Read aloud' }),
      ).toBeInTheDocument();

      // Each final item: the learner's recording, then the coach's reply (photo or initials, name, date, audio, text).
      const first = within(
        screen.getByRole('article', { name: 'Thank you for the three things.' }),
      );
      expect(
        first.getByRole('button', { name: 'Play your recording: Thank you for the three things.' }),
      ).toBeInTheDocument();
      const maria = within(first.getByRole('group', { name: "Maria Lopez's reply" }));
      expect(maria.getByRole('img', { name: 'Maria Lopez' })).toHaveAttribute(
        'src',
        '/media/coaches/maria.jpg',
      );
      expect(maria.getByText('November 20, 2026')).toBeInTheDocument();
      expect(
        maria.getByText('Lovely "thank you". Slow down on "three things".'),
      ).toBeInTheDocument();
      expect(
        maria.getByRole('button', {
          name: "Play Maria Lopez's reply: Thank you for the three things.",
        }),
      ).toBeInTheDocument();

      const second = within(
        screen.getByRole('article', { name: 'They think that those are theirs.' }),
      );
      const sam = within(second.getByRole('group', { name: "Sam Reed's reply" }));
      // No photo: the initials.
      expect(sam.getByRole('img', { name: 'Sam Reed' })).toHaveTextContent('SR');
      expect(sam.getByText('November 21, 2026')).toBeInTheDocument();
      expect(sam.getByText('The voiced TH in "those" was spot on.')).toBeInTheDocument();
      // A written reply only: no audio button.
      expect(sam.queryByRole('button', { name: /^Play Sam Reed's reply/ })).not.toBeInTheDocument();
    } finally {
      stop();
    }
  });

  // The player itself (token, blob URL, §8's alert) is tested in components/audio.
  it("plays each recording and the coach's reply from its own URL", async () => {
    const server = serve({
      'GET /recordings/161/audio': () => ({ body: 'ID3-learner' }),
      'GET /coach-replies/901/audio': () => ({ body: 'ID3-coach' }),
      'GET /recordings/101/audio': () => ({ body: 'ID3-pre-lesson' }),
    });
    const { user } = await renderApp('/modules/5/feedback', { user: learner() });
    const first = within(
      await screen.findByRole('article', { name: 'Thank you for the three things.' }),
    );

    await user.click(
      first.getByRole('button', { name: 'Play your recording: Thank you for the three things.' }),
    );
    await waitFor(() => expect(played).toHaveLength(1));
    expect(server.calls('GET /recordings/161/audio')[0]?.authorization).toBe(
      'Bearer stored-token-1',
    );

    await user.click(
      first.getByRole('button', {
        name: "Play Maria Lopez's reply: Thank you for the three things.",
      }),
    );
    await waitFor(() => expect(played).toHaveLength(2));
    expect(server.calls('GET /coach-replies/901/audio')).toHaveLength(1);

    const before = within(screen.getByRole('region', { name: 'Before the lesson' }));
    await user.click(before.getByRole('button', { name: 'Play your recording: Read aloud' }));
    await waitFor(() => expect(played).toHaveLength(3));
    expect(server.calls('GET /recordings/101/audio')).toHaveLength(1);
  });

  it("labels an intro module's sample feedback and draws a coach without photo as initials", async () => {
    serve({
      'POST /module/feedback': () => coachBody({ name: 'Jo Park', photo: null }),
      'POST /module/feedback-all': () => feedbackAllBody(makeFeedbackAll({ is_sample: true })),
    });
    await renderApp('/modules/5/feedback', { user: learner() });
    expect(await screen.findByText('Sample feedback')).toBeInTheDocument();
    const coach = within(screen.getByRole('region', { name: 'Jo Park' }));
    expect(coach.getByRole('img', { name: 'Jo Park' })).toHaveTextContent('JP');
  });

  it.each(['POST /module/feedback', 'POST /module/feedback-all'])(
    'redirects to /modules when %s fails (§8)',
    async (failing) => {
      serve({
        [failing]: () => ({ status: 404, body: { isError: true, message: 'No feedback yet.' } }),
      });
      const { location } = await renderApp('/modules/5/feedback', { user: learner() });
      await waitFor(() => expect(location()).toBe('/modules'));
      expect(await screen.findByRole('heading', { name: 'Sample Lessons' })).toBeInTheDocument();
    },
  );

  it('Practice Again: asks first, clears the post-lesson data and opens the module', async () => {
    const server = serve({
      'POST /clear-post-lesson': () => ({ body: { isError: false, message: 'Cleared.' } }),
      'POST /module/detail': () => ({
        status: 500,
        body: { isError: true, message: 'Not in this test.' },
      }),
    });
    const { user, location } = await renderApp('/modules/5/feedback', { user: learner() });
    await user.click(await screen.findByRole('button', { name: 'Practice Again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Practice again?' });

    // Cancel keeps everything.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /clear-post-lesson')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Practice Again' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Practice again?' })).getByRole('button', {
        name: 'Practice Again',
      }),
    );
    await waitFor(() => expect(location()).toBe('/modules/5'));
    expect(server.calls('POST /clear-post-lesson').map((r) => r.body)).toEqual([{ module_id: 5 }]);
  });

  it("Practice Again failure: 'Something went wrong, please try again later', and the learner stays", async () => {
    const server = serve({
      'POST /clear-post-lesson': () => ({
        status: 500,
        body: { isError: true, message: 'Database down.' },
      }),
    });
    const { user, location } = await renderApp('/modules/5/feedback', { user: learner() });
    await user.click(await screen.findByRole('button', { name: 'Practice Again' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Practice again?' })).getByRole('button', {
        name: 'Practice Again',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      FEEDBACK_MESSAGES.practiceAgainFailed,
    );
    expect(screen.queryByText('Database down.')).not.toBeInTheDocument();
    expect(server.calls('POST /clear-post-lesson')).toHaveLength(1);
    expect(location()).toBe('/modules/5/feedback');
    expect(screen.getByRole('heading', { level: 2, name: 'TH sounds' })).toBeInTheDocument();
  });
});
