import { defineConfig } from 'vitest/config';

// Every workspace with unit/integration tests is a Vitest project; `npm test` runs them all
// (end-to-end tests run separately in Playwright).
export default defineConfig({
  test: {
    projects: ['packages/*', 'content', 'apps/server', 'apps/web'],
  },
});
