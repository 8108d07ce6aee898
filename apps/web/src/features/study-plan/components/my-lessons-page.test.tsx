import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { installFakeServer, makeUser } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { PRACTICE_LINK, RESULTS_PENDING } from './my-lessons-page';

function plan(modules: { id: number; title: string; user_progress: number }[]) {
  return {
    body: {
      isError: false,
      data: modules.map((m) => ({
        sub_title: `Practise ${m.title}`,
        icon_url: '/media/icon.svg',
        score: 0,
        is_unlocked: true,
        priority: 2,
        sounds: ['TH'],
        ...m,
      })),
    },
  };
}

function serve(modules: { id: number; title: string; user_progress: number }[]) {
  return installFakeServer({
    'GET /personalized-training-plan': () => plan(modules),
    'GET /get-user-notifications': () => ({ body: { isError: false, notifications: [] } }),
    'GET /get-unread-notification-count': () => ({ body: { isError: false, count: 0 } }),
  });
}

describe('/my-lessons (spec: learning §2 My Lessons)', () => {
  it('shows the empty state with the link to /modules', async () => {
    serve([]);
    const { user, location } = await renderApp('/my-lessons', { user: makeUser() });
    expect(await screen.findByText(RESULTS_PENDING)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Lessons', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your coach' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: PRACTICE_LINK }));
    expect(location()).toBe('/modules');
  });

  it('lists the Active Lessons by progress ascending, each linking to its module', async () => {
    const server = serve([
      { id: 4, title: 'Ship or sheep', user_progress: 60 },
      { id: 2, title: 'Think and thank', user_progress: 5 },
      { id: 9, title: 'Very and berry', user_progress: 20 },
    ]);
    await renderApp('/my-lessons', { user: makeUser() });
    const list = within(await screen.findByRole('list', { name: 'Active Lessons' }));
    expect(list.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/modules/2',
      '/modules/9',
      '/modules/4',
    ]);
    expect(list.getByRole('link', { name: 'Open Think and thank' })).toBeInTheDocument();
    expect(list.getByRole('progressbar', { name: 'Ship or sheep progress' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(screen.queryByText(RESULTS_PENDING)).not.toBeInTheDocument();
    expect(server.calls('GET /personalized-training-plan')[0]?.authorization).toBe(
      'Bearer stored-token-1',
    );
  });
});
