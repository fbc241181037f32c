// e2e: 'web' drives the renderer in Debian's Chromium against browser mode (electron/web/server.ts with
// the real services and local engine, started per test by tests/e2e/fixtures.ts); 'electron' is the
// _electron smoke suite, which skips itself where Electron's binary is missing.
import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: 'test-results',
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'web',
      testDir: 'tests/e2e',
      use: {
        browserName: 'chromium',
        headless: true,
        launchOptions: { executablePath: chromium, args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'electron',
      testDir: 'tests/electron-e2e',
    },
  ],
});
