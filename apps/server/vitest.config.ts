import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@clearspeak/server',
    include: ['src/**/*.test.ts'],
    // Migrate once (PGlite snapshot or PostgreSQL template); every test file clones it.
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
