import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@clearspeak/contract';
import { createQueryClient, Providers } from '@/app/providers';
import { routes } from '@/app/routes';
import { clearSession, saveSession } from '@/lib/session-store';

interface RenderAppOptions {
  /** Signed in as this user before the first render (stored encrypted, like a real sign-in). */
  user?: User;
  remember?: boolean;
  state?: unknown;
}

/** Renders the real app (routes, guards, providers) at one URL. */
export async function renderApp(url: string, options: RenderAppOptions = {}) {
  if (options.user) {
    await saveSession(
      {
        api_token: 'stored-token-1',
        user: options.user,
        allModulesData: null,
        hasSubscription: false,
      },
      { remember: options.remember ?? false },
    );
  } else {
    clearSession();
  }
  const router = createMemoryRouter(routes, {
    initialEntries: [
      {
        pathname: url.split('?')[0],
        search: url.includes('?') ? `?${url.split('?')[1]}` : '',
        state: options.state,
      },
    ],
  });
  const user = userEvent.setup({ delay: null });
  render(
    <Providers queryClient={createQueryClient({ retry: false })} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, user, location };
}
