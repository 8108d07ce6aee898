import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Decoder helpers use both cores; running test files one at a time keeps the run predictable.
    fileParallelism: false,
  },
});
