import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { webcrypto } from 'node:crypto';
import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { clearSession } from '@/lib/session-store';

// jsdom's window.crypto has no `subtle`; the session store needs real AES-GCM.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

// jsdom has no layout: media queries are answered from window.innerWidth (tests set it),
// so the bottom bar (< 768 px) and the side bar can both be exercised.
function matches(query: string): boolean {
  const widthPx = window.innerWidth;
  return query.split(/\s+and\s+/).every((part) => {
    const min = /min-width:\s*([\d.]+)(em|px)/.exec(part);
    if (min) return widthPx >= Number(min[1]) * (min[2] === 'em' ? 16 : 1);
    const max = /max-width:\s*([\d.]+)(em|px)/.exec(part);
    if (max) return widthPx <= Number(max[1]) * (max[2] === 'em' ? 16 : 1);
    return false;
  });
}
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => undefined;
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// console.error fails a test (STYLE.md): React warnings and act() problems are bugs.
let consoleErrors: string[] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
  window.innerWidth = 1280;
});

afterEach(() => {
  cleanup();
  // Mantine keeps toasts in a module-level store; one test's toast must not reach the next.
  notifications.clean();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n---\n')}`);
});
