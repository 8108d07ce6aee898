import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SessionProvider } from '../lib/session';

/** spec: accounts §2 — "The page scrolls to the top on each route change." */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <SessionProvider>
      <ScrollToTop />
      <Outlet />
    </SessionProvider>
  );
}
