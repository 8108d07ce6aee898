import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ModuleCard } from '@clearspeak/contract';
import { installFakeServer, makeUser } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { makeCard } from '../test/fixtures';
import { STUDY_PLAN_NOTE } from './modules-page';

interface ListOptions {
  introModules?: ModuleCard[];
  trialModules?: ModuleCard[];
  groups?: { id: number; title: string; is_trial: boolean; modules: ModuleCard[] }[];
  isSubscribed?: boolean;
}

function listBody(options: ListOptions = {}) {
  const trial = [makeCard({ id: 3, title: 'TH sounds', is_unlocked: true })];
  return {
    body: {
      isError: false,
      data: {
        introModules: options.introModules ?? [
          makeCard({ id: 1, title: 'Welcome', intro_module: true }),
        ],
        trialModules: options.trialModules ?? trial,
        othModules: options.groups ?? [
          { id: 10, title: 'Start here: free trial', is_trial: true, modules: trial },
          {
            id: 11,
            title: 'Vowels',
            is_trial: false,
            modules: [makeCard({ id: 7, title: 'Schwa', is_unlocked: false })],
          },
        ],
        is_subscribed: options.isSubscribed ?? false,
      },
    },
  };
}

const subscription = (isSubscribed: boolean) => () => ({
  body: { isError: false, is_subscribed: isSubscribed, is_free_plan: !isSubscribed, isTrialing: false },
});

interface PlanModule {
  id: number;
  title: string;
  user_progress: number;
  is_unlocked?: boolean;
}

function planBody(modules: PlanModule[]) {
  return {
    body: {
      isError: false,
      data: modules.map((m) => ({
        sub_title: `Train ${m.title}`,
        icon_url: '/media/icon.svg',
        score: 0,
        is_unlocked: true,
        priority: 1,
        sounds: ['TH'],
        ...m,
      })),
    },
  };
}

function serve(
  options: ListOptions & { assessmentCompleted?: boolean | 'missing'; plan?: PlanModule[] } = {},
) {
  const status = options.assessmentCompleted ?? 'missing';
  return installFakeServer({
    'GET /personalized-training-plan': () => planBody(options.plan ?? []),
    'GET /module/list/v3': () => listBody(options),
    'GET /module/subscription-data': subscription(options.isSubscribed ?? false),
    ...(status === 'missing'
      ? {}
      : {
          'GET /initial-assessment-status': () => ({
            body: {
              isError: false,
              is_user_completed: status,
              is_recommended_module_avilable: status,
              notification_id: status ? 31 : null,
            },
          }),
        }),
  });
}

describe('/modules (spec: learning §2 Module list)', () => {
  it('shows Sample Lessons, Your Study Plan, the Module List and the subscribe banner', async () => {
    const server = serve();
    await renderApp('/modules', { user: makeUser({ email: 'mia@example.com' }) });
    expect(await screen.findByRole('article', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sample Lessons' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Study Plan' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Module List' })).toBeInTheDocument();
    expect(screen.getByText('mia@example.com')).toBeInTheDocument();
    // Study plan disabled with its note until the assessment is completed (status route missing).
    expect(screen.getByText(STUDY_PLAN_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Your Study Plan' })).toBeDisabled();
    // The subscribe banner links to /subscription.
    const banner = screen.getByRole('region', { name: 'Subscribe' });
    expect(within(banner).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscription');
    expect(server.calls('GET /module/list/v3')[0]?.authorization).toBe('Bearer stored-token-1');
  });

  it('opens the Fluency Assessment at /initialAssessment with the banner flag', async () => {
    serve();
    const { user, router } = await renderApp('/modules', { user: makeUser() });
    await user.click(await screen.findByRole('link', { name: 'Open Fluency Assessment' }));
    expect(router.state.location.pathname).toBe('/initialAssessment');
    expect(router.state.location.state).toEqual({ banner: true });
  });

  it('hides the assessment card only for a subscriber who completed the assessment', async () => {
    serve({ isSubscribed: true, assessmentCompleted: true });
    await renderApp('/modules', { user: makeUser({ is_subscribed: true }) });
    expect(await screen.findByRole('article', { name: 'Welcome' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open Your Study Plan' })).toHaveAttribute('href', '/my-lessons');
    expect(screen.queryByRole('article', { name: 'Fluency Assessment' })).not.toBeInTheDocument();
    expect(screen.queryByText(STUDY_PLAN_NOTE)).not.toBeInTheDocument();
    // No subscribe banner for a subscriber.
    expect(screen.queryByRole('region', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  it('lists the study plan (progress ascending) once the assessment is completed', async () => {
    const server = serve({
      assessmentCompleted: true,
      // Deliberately out of order: the page keeps the spec's user_progress ascending order.
      plan: [
        { id: 21, title: 'Ship or sheep', user_progress: 40 },
        { id: 22, title: 'Think and thank', user_progress: 0 },
        { id: 23, title: 'Very and berry', user_progress: 10, is_unlocked: false },
      ],
    });
    const { user, location } = await renderApp('/modules', { user: makeUser() });
    const section = within(await screen.findByRole('region', { name: 'Your Study Plan' }));
    await section.findByRole('article', { name: 'Think and thank' });
    expect(section.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Think and thank',
      'Very and berry',
      'Ship or sheep',
    ]);
    expect(section.queryByText(STUDY_PLAN_NOTE)).not.toBeInTheDocument();
    expect(server.calls('GET /personalized-training-plan')).toHaveLength(1);
    await user.click(section.getByRole('button', { name: 'Open Think and thank' }));
    expect(location()).toBe('/modules/22');
  });

  it('does not ask for the study plan before the assessment is completed', async () => {
    const server = serve({ assessmentCompleted: false, plan: [{ id: 21, title: 'Ship', user_progress: 0 }] });
    await renderApp('/modules', { user: makeUser() });
    expect(await screen.findByText(STUDY_PLAN_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Ship' })).not.toBeInTheDocument();
    expect(server.calls('GET /personalized-training-plan')).toHaveLength(0);
  });

  it.each([
    { isSubscribed: true, assessmentCompleted: false as const },
    { isSubscribed: false, assessmentCompleted: true as const },
  ])('keeps the assessment card when subscribed=$isSubscribed and completed=$assessmentCompleted', async (options) => {
    serve(options);
    await renderApp('/modules', { user: makeUser({ is_subscribed: options.isSubscribed }) });
    expect(await screen.findByRole('article', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Fluency Assessment' })).toBeInTheDocument();
  });

  it('opens the trial group by default when trial modules exist', async () => {
    serve();
    await renderApp('/modules', { user: makeUser() });
    expect(await screen.findByRole('button', { name: 'Start here: free trial' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Vowels' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps every group closed when there are no trial modules', async () => {
    serve({ trialModules: [] });
    await renderApp('/modules', { user: makeUser() });
    expect(await screen.findByRole('button', { name: 'Start here: free trial' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the subscribe-to-unlock modal for a locked module and opens an unlocked one', async () => {
    serve();
    const { user, location } = await renderApp('/modules', { user: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'Vowels' }));
    await user.click(await screen.findByRole('button', { name: 'Schwa (locked)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to unlock' });
    expect(within(dialog).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscription');
    expect(location()).toBe('/modules');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));

    await user.click(screen.getByRole('button', { name: 'Open TH sounds' }));
    expect(location()).toBe('/modules/3');
  });

  it('never locks an intro module, even with is_unlocked false', async () => {
    const intro = makeCard({ id: 1, title: 'Welcome', intro_module: true, is_unlocked: false });
    serve({ groups: [{ id: 12, title: 'Intro', is_trial: true, modules: [intro] }] });
    const { user, location } = await renderApp('/modules', { user: makeUser() });
    const group = within(await screen.findByRole('region', { name: 'Intro' }));
    await user.click(group.getByRole('button', { name: 'Open Welcome' }));
    expect(location()).toBe('/modules/1');
  });

  it('colours the score by §4 and shows Results, the sand-clock and the progress', async () => {
    const cards = [
      makeCard({ id: 21, title: 'Zero', score: 0, user_progress: 40 }),
      makeCard({ id: 22, title: 'Low', score: 69 }),
      makeCard({ id: 23, title: 'Mid', score: 70 }),
      makeCard({ id: 24, title: 'High', score: 89 }),
      makeCard({ id: 25, title: 'Top', score: 90, is_feed_back_avilable: true }),
      makeCard({ id: 26, title: 'Waiting', score: 0, user_progress: 100, is_feedback_pending: true }),
    ];
    serve({ isSubscribed: true, groups: [{ id: 13, title: 'Scores', is_trial: true, modules: cards }] });
    // The sand-clock is for a feedback plan (spec §2 Module card).
    await renderApp('/modules', { user: makeUser({ is_subscribed: true, isWithFeedback: true }) });
    const card = (name: string) => within(screen.getByRole('article', { name }));
    await screen.findByRole('article', { name: 'Low' });
    expect(card('Zero').queryByLabelText(/^Score/)).not.toBeInTheDocument();
    expect(card('Zero').getByRole('progressbar', { name: 'Zero progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(card('Low').getByLabelText('Score 69')).toHaveAttribute('data-tone', 'red');
    expect(card('Mid').getByLabelText('Score 70')).toHaveAttribute('data-tone', 'yellow');
    expect(card('High').getByLabelText('Score 89')).toHaveAttribute('data-tone', 'yellow');
    expect(card('Top').getByLabelText('Score 90')).toHaveAttribute('data-tone', 'green');
    expect(card('Top').getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/modules/25/feedback');
    expect(card('Low').queryByRole('link', { name: 'Results' })).not.toBeInTheDocument();
    expect(card('Waiting').getByRole('img', { name: 'Feedback pending' })).toBeInTheDocument();
    expect(card('Top').queryByRole('img', { name: 'Feedback pending' })).not.toBeInTheDocument();
  });
});
