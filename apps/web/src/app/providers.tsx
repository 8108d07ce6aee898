import { useEffect, type ReactNode } from 'react';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { registerServiceWorker } from '../features/notifications/lib/web-push';
import { ApiError } from '../lib/api';
import { theme } from '../lib/theme';
import toastClasses from './toasts.module.css';

// 'dimmed' text (input descriptions such as 'Optional when you recorded a reply.', hints) is
// gray.6 by default, 3.3:1 on white; gray.7 passes WCAG AA for small text.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused request (4xx) will be refused again; only network or server trouble is retried.
        retry: (failureCount, error) =>
          options.retry !== false &&
          failureCount < 2 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({
  queryClient,
  children,
  env = 'default',
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals for jsdom. */
  env?: 'default' | 'test';
}) {
  // Web Push (production builds only): the worker that shows a push with the tab closed.
  useEffect(() => registerServiceWorker(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env={env} cssVariablesResolver={cssVariablesResolver}>
        <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }}>
          {/* Below the header and under its layer (the app shell's z-index 100, which holds the
              header's credits and notifications menus), so a persistent toast never hides the
              header's icons or the dropdown they open; over the page content. At most three at
              once (the rest wait their turn): five stacked toasts fill a phone screen. */}
          <Notifications
            position="top-center"
            zIndex={90}
            limit={3}
            classNames={{ root: toastClasses.root }}
          />
          {children}
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
