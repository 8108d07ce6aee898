import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { FEEDBACK_MESSAGES } from '@clearspeak/contract';
import { installFakeServer, makeUser } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { queueItem, requestDetail } from '../test/fixtures';
import { EMPTY_QUEUE_TEXT } from './coach-queue-page';

const coach = () => makeUser({ id: 90, role_id: 3, name: 'Cora Coach', email: 'coach@demo.test' });

const stats = { answered_total: 12, answered_last_7_days: 3, average_minutes: 41.6, in_progress: 1, pending_total: 3 };

function queueBody(overrides: Record<string, unknown> = {}) {
  return {
    isError: false,
    pending: [
      queueItem({ id: 2, learner_name: 'Bo Chen', title: 'Linking', created_at: '2026-11-21T17:00:00.000Z', waiting_minutes: 180 }),
      queueItem({
        id: 1,
        kind: 'initial_assessment',
        learner_name: 'Ana Lima',
        title: 'Initial assessment',
        module_id: null,
        item_count: 5,
        created_at: '2026-11-18T09:00:00.000Z',
        waiting_minutes: 3 * 24 * 60 + 600,
        is_overdue: true,
      }),
      queueItem({ id: 3, learner_name: 'Cy Diaz', title: 'The R sound', item_count: 1, created_at: '2026-11-21T20:00:00.000Z', waiting_minutes: 12 }),
    ],
    mine: [queueItem({ id: 7, learner_name: 'Dee Eve', title: 'Vowels', status: 'claimed', claimed_by_me: true, claimed_by_name: 'Cora Coach' })],
    stats,
    ...overrides,
  };
}

describe('coach queue (/coach)', () => {
  it('lists waiting requests oldest first with name, module, recordings, waiting time and the overdue marker', async () => {
    installFakeServer({ 'GET /coach/queue': () => ({ body: queueBody() }) });
    await renderApp('/coach', { user: coach() });

    const pending = await screen.findByRole('region', { name: 'Waiting for a coach (3)' });
    const rows = within(pending).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Ana Lima, Fluency assessment',
      'Bo Chen, Linking',
      'Cy Diaz, The R sound',
    ]);
    const [oldest, middle, newest] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(oldest).toHaveTextContent('Fluency assessment · 5 recordings');
    expect(oldest).toHaveTextContent('Over 48 h');
    expect(oldest).toHaveTextContent('Waiting 3 days');
    expect(middle).toHaveTextContent('Waiting 3 h');
    expect(middle).not.toHaveTextContent('Over 48 h');
    expect(newest).toHaveTextContent('The R sound · 1 recording');
    expect(newest).toHaveTextContent('Waiting 12 min');

    const mine = screen.getByRole('region', { name: 'My reviews in progress' });
    expect(within(mine).getByRole('listitem', { name: 'Dee Eve, Vowels' })).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/coach/requests/7');

    const numbers = screen.getByLabelText('Your numbers');
    expect(within(numbers).getByText('Answered in total').nextSibling).toHaveTextContent('12');
    expect(within(numbers).getByText('Answered, last 7 days').nextSibling).toHaveTextContent('3');
    expect(within(numbers).getByText('Average time per review').nextSibling).toHaveTextContent('42 min');
    expect(within(numbers).getByText('In progress (you)').nextSibling).toHaveTextContent('1');
  });

  it('says so when nothing is waiting', async () => {
    installFakeServer({
      'GET /coach/queue': () => ({ body: queueBody({ pending: [], mine: [], stats: { ...stats, pending_total: 0, in_progress: 0 } }) }),
    });
    await renderApp('/coach', { user: coach() });
    expect(await screen.findByText(EMPTY_QUEUE_TEXT)).toBeInTheDocument();
    expect(screen.getByText('None. Claim a request below to start a review.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
  });

  it('claims a request and opens its review', async () => {
    const claimed = requestDetail({ id: 3, learner_name: 'Cy Diaz', learner: { name: 'Cy Diaz', native_language: null } });
    const server = installFakeServer({
      'GET /coach/queue': () => ({ body: queueBody() }),
      'POST /coach/requests/3/claim': () => ({ body: { isError: false, request: claimed } }),
      'GET /coach/requests/3': () => ({ body: { isError: false, request: claimed } }),
      'GET /coach/items/501/audio': () => ({ body: {} }),
      'GET /coach/items/502/audio': () => ({ body: {} }),
    });
    const { user, location } = await renderApp('/coach', { user: coach() });
    const row = await screen.findByRole('listitem', { name: 'Cy Diaz, The R sound' });
    await user.click(within(row).getByRole('button', { name: 'Claim' }));
    // The review screen is large for jsdom: give it time to render.
    expect(await screen.findByRole('heading', { level: 1, name: 'Cy Diaz' }, { timeout: 8000 })).toBeInTheDocument();
    expect(location()).toBe('/coach/requests/3');
    expect(server.calls('POST /coach/requests/3/claim')).toHaveLength(1);
  });

  it('shows the conflict message when another coach was faster, and refreshes the queue', async () => {
    let queueCalls = 0;
    const server = installFakeServer({
      'GET /coach/queue': () => {
        queueCalls += 1;
        return { body: queueCalls === 1 ? queueBody() : queueBody({ pending: queueBody().pending.filter((item) => item.id !== 2) }) };
      },
      'POST /coach/requests/2/claim': () => ({ status: 409, body: { isError: true, code: 'claim_conflict', message: 'Conflict' } }),
    });
    const { user, location } = await renderApp('/coach', { user: coach() });
    const row = await screen.findByRole('listitem', { name: 'Bo Chen, Linking' });
    await user.click(within(row).getByRole('button', { name: 'Claim' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(FEEDBACK_MESSAGES.claimedByOther);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Bo Chen, Linking' })).not.toBeInTheDocument());
    expect(server.calls('GET /coach/queue')).toHaveLength(2);
    expect(location()).toBe('/coach');
  });

  it('refreshes the queue when the tab gets focus again', async () => {
    let waiting = 1;
    const server = installFakeServer({
      'GET /coach/queue': () => {
        const pending = queueBody().pending.slice(0, waiting);
        waiting += 1;
        return { body: queueBody({ pending }) };
      },
    });
    await renderApp('/coach', { user: coach() });
    expect(await screen.findByRole('region', { name: 'Waiting for a coach (1)' })).toBeInTheDocument();
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByRole('region', { name: 'Waiting for a coach (2)' })).toBeInTheDocument();
    expect(server.calls('GET /coach/queue')).toHaveLength(2);
    focusManager.setFocused(undefined);
  });
});
