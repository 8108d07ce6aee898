import { afterEach, beforeEach, vi } from 'vitest';

// STYLE: console.error fails a test — an error nobody asserted on is a bug.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
