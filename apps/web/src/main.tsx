import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { routes } from './app/routes';
import { loadSession } from './lib/session-store';

// The stored session is decrypted before the first render, so route guards decide once.
async function start(): Promise<void> {
  await loadSession().catch(() => null);
  const router = createBrowserRouter(routes);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
