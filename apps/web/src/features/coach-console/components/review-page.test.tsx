import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CoachRequestDetail } from '@clearspeak/contract';
import { installFakeServer, makeUser, type FakeHandler } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { draftStorageKey, saveDraft } from '../lib/review-draft';
import { queueItem, requestDetail } from '../test/fixtures';

const coach = () => makeUser({ id: 90, role_id: 3, name: 'Cora Coach' });
const emptyQueue = {
  isError: false,
  pending: [queueItem({ id: 9 })],
  mine: [],
  stats: {
    answered_total: 1,
    answered_last_7_days: 1,
    average_minutes: 35,
    in_progress: 0,
    pending_total: 1,
  },
};
const LOAD = { timeout: 8000 };

/** Mantine's Rating takes a star from a click on the star or Enter on its radio. */
async function star(
  user: { type: (element: Element, text: string) => Promise<void> },
  name: string,
) {
  await user.type(screen.getByRole('radio', { name }), '{Enter}');
}

function serve(detail: CoachRequestDetail, extra: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    [`GET /coach/requests/${detail.id}`]: () => ({ body: { isError: false, request: detail } }),
    'GET /coach/items/501/audio': () => ({ body: {} }),
    'GET /coach/items/502/audio': () => ({ body: {} }),
    'GET /coach/queue': () => ({ body: emptyQueue }),
    ...extra,
  });
}

describe('coach review (/coach/requests/:id)', () => {
  it('shows each prompt, the error map as playable sounds and words, and says plainly when there is no map', async () => {
    serve(requestDetail());
    await renderApp('/coach/requests/41', { user: coach() });
    const first = await screen.findByRole(
      'region',
      { name: '“I think about it every day.”' },
      LOAD,
    );
    const sounds = within(first).getByRole('group', { name: 'Weak and unclear sounds' });
    expect(
      within(sounds)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['/θ/ heard /s/ in think', '/aʊ/ in about']);
    expect(
      within(first).getByRole('button', { name: 'Play /θ/ heard /s/ in “think”, weak, score 35' }),
    ).toBeInTheDocument();
    const words = within(first).getByRole('group', { name: 'Words and their accuracy' });
    expect(
      within(words)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Play “think”, accuracy 52', 'Play “about”, accuracy 74', 'Play “it”, accuracy 95']);

    const second = screen.getByRole('region', { name: '“Three thin thieves.”' });
    expect(second).toHaveTextContent('The engine asked the learner to record this again');
    expect(
      within(second).queryByRole('group', { name: 'Weak and unclear sounds' }),
    ).not.toBeInTheDocument();
  });

  it('keeps Submit disabled until every recording has a reply, the summary and all four stars; then sends exactly that', async () => {
    const server = serve(requestDetail(), {
      'POST /coach/requests/41/submit': () => ({
        body: { isError: false, feedback_id: 5, notification_id: 6 },
      }),
    });
    const { user, location } = await renderApp('/coach/requests/41', { user: coach() });
    const submit = await screen.findByRole('button', { name: 'Submit feedback' }, LOAD);
    expect(submit).toBeDisabled();

    await user.click(screen.getByLabelText('Written reply to recording 1'));
    await user.paste('Put your tongue between your teeth for /θ/.');
    await user.click(screen.getByLabelText('Summary for the learner'));
    await user.paste('Clear overall; work on TH.');
    await star(user, 'Pronunciation: 3 stars');
    await star(user, 'Fluency: 4 stars');
    await star(user, 'Intonation: 2 stars');
    expect(submit).toBeDisabled();
    await star(user, 'Stress: 5 stars');
    expect(submit).toBeDisabled(); // recording 2 has no reply yet
    expect(document.getElementById('coach-missing')).toHaveTextContent(
      /^Still needed: a reply to recording 2\.$/,
    );

    await user.click(screen.getByLabelText('Written reply to recording 2'));
    await user.paste('Please record again somewhere quiet.');
    expect(submit).toBeEnabled();
    await user.click(submit);

    await waitFor(() => expect(location()).toBe('/coach'));
    expect(server.calls('POST /coach/requests/41/submit')[0]?.body).toEqual({
      id: 41,
      summary: 'Clear overall; work on TH.',
      scores: { pronunciation: 3, fluency: 4, intonation: 2, stress: 5 },
      replies: [
        { item_id: 501, text: 'Put your tongue between your teeth for /θ/.', reply_audio_id: null },
        { item_id: 502, text: 'Please record again somewhere quiet.', reply_audio_id: null },
      ],
    });
    expect(await screen.findByText('Ana Lima has been notified.')).toBeInTheDocument();
    expect(sessionStorage.getItem(draftStorageKey(41))).toBeNull();
  }, 30_000);

  it('restores typed work and saved audio replies from this tab after a reload, and keeps it when submit fails', async () => {
    saveDraft(41, {
      summary: 'Saved summary',
      scores: { pronunciation: 2, fluency: 3, intonation: 4, stress: 5 },
      items: {
        '501': { text: '', replyAudioId: 77, audioUrl: '/api/coach-replies/77/audio' },
        '502': { text: 'Saved text', replyAudioId: null, audioUrl: null },
      },
    });
    const server = serve(requestDetail(), {
      'GET /coach-replies/77/audio': () => ({ body: {} }),
      'POST /coach/requests/41/submit': () => ({
        status: 500,
        body: { isError: true, message: 'Could not save the feedback.' },
      }),
    });
    const { user, location } = await renderApp('/coach/requests/41', { user: coach() });
    expect(await screen.findByLabelText('Summary for the learner', undefined, LOAD)).toHaveValue(
      'Saved summary',
    );
    expect(screen.getByLabelText('Written reply to recording 2')).toHaveValue('Saved text');
    expect(screen.getByText('Audio reply saved')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Stress: 5 stars' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Submit feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not save the feedback. Your work is kept; try again.',
    );
    expect(location()).toBe('/coach/requests/41');
    expect(server.calls('POST /coach/requests/41/submit')[0]?.body).toMatchObject({
      replies: [
        { item_id: 501, text: '', reply_audio_id: 77 },
        { item_id: 502, text: 'Saved text', reply_audio_id: null },
      ],
    });
    expect(sessionStorage.getItem(draftStorageKey(41))).toContain('Saved summary');
  });

  it('releases the request after a confirmation', async () => {
    const server = serve(requestDetail(), {
      'POST /coach/requests/41/release': () => ({ body: { isError: false, message: 'Released.' } }),
    });
    const { user, location } = await renderApp('/coach/requests/41', { user: coach() });
    await user.click(await screen.findByRole('button', { name: 'Release' }, LOAD));
    expect(server.calls('POST /coach/requests/41/release')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Keep reviewing' }));
    expect(server.calls('POST /coach/requests/41/release')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Give this request back to the queue?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(location()).toBe('/coach'));
    expect(server.calls('POST /coach/requests/41/release')).toHaveLength(1);
  });

  it('has a "Back to the queue" link in the review header that leaves the claim and the typed work as they are', async () => {
    const server = serve(requestDetail(), {
      'POST /coach/requests/41/release': () => ({ body: { isError: false, message: 'Released.' } }),
    });
    const { user, location } = await renderApp('/coach/requests/41', { user: coach() });
    await screen.findByRole('heading', { level: 1, name: 'Ana Lima' }, LOAD);
    await user.type(screen.getByRole('textbox', { name: 'Summary for the learner' }), 'Half done');
    const back = screen.getByRole('link', { name: 'Back to the queue' });
    expect(back).toHaveAttribute('href', '/coach');
    await user.click(back);
    await waitFor(() => expect(location()).toBe('/coach'));
    expect(server.calls('POST /coach/requests/41/release')).toHaveLength(0);
    expect(sessionStorage.getItem(draftStorageKey(41)) ?? '').toContain('Half done');
  });

  it('says how long a claim lasts on a claimed request, and not on an answered one', async () => {
    serve(requestDetail());
    await renderApp('/coach/requests/41', { user: coach() });
    await screen.findByRole('heading', { level: 1, name: 'Ana Lima' }, LOAD);
    expect(screen.getByText(/This request is yours for 12 hours from your claim/)).toBeInTheDocument();
  });

  it('shows an answered request read-only', async () => {
    serve(
      requestDetail({
        status: 'answered',
        answered_at: '2026-11-21T19:00:00.000Z',
        time_spent_seconds: 1920,
        summary: 'Well done.',
        scores: { pronunciation: 4, fluency: 4, intonation: 3, stress: 3 },
        items: requestDetail().items.map((item) => ({
          ...item,
          reply: { text: `Reply to ${item.id}`, reply_audio_id: null, audio_url: null },
        })),
      }),
    );
    await renderApp('/coach/requests/41', { user: coach() });
    expect(await screen.findByText('Well done.', undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Reply to 501')).toBeInTheDocument();
    expect(screen.getByText('Time on this review:')).toHaveTextContent('32:00');
    expect(screen.queryByRole('button', { name: 'Submit feedback' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record a reply/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to the queue' })).toHaveLength(1);
    expect(screen.queryByText(/This request is yours for/)).not.toBeInTheDocument();
  });
});
