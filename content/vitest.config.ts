import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The media build test runs espeak-ng and ffmpeg for one module.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
