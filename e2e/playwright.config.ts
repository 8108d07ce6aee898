import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = resolve(root, '.tmp/e2e-data');

// The real built server on a fresh embedded database, driven in Debian's Chromium.
export default defineConfig({
  testDir: './tests',
  outputDir: resolve(root, '.tmp/e2e-output'),
  fullyParallel: false,
  workers: 1,
  retries: 0, // a flaky test is a bug (STYLE.md)
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `rm -rf "${dataDir}" && node --import tsx apps/server/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      // Course media are built once by the setup script into ./data/media; the e2e database is fresh.
      MEDIA_DIR: process.env.MEDIA_DIR ?? resolve(root, 'data/media'),
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      HOST: '127.0.0.1',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
