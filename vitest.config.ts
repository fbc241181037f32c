// The Vitest projects, one per room of the repo (shared, engine, main, renderer, keychain, security,
// packaging), each with its environment and a time limit fit for a busy machine.
import { defineConfig } from 'vitest/config';

// One project per environment, mirroring the tsconfigs. e2e runs under Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', environment: 'node', include: ['tests/shared/**/*.test.ts'] } },
      {
        test: {
          name: 'engine',
          environment: 'node',
          include: ['tests/engine/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'main',
          environment: 'node',
          include: ['tests/electron/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // The first review test of a file builds the screen cold (seconds on a busy machine): not 5 s.
      {
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['tests/renderer/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
        },
      },
      // Real Secret Service: run inside tests/support/with-keyring.sh (scripts/test.mjs does it).
      {
        test: { name: 'keychain', environment: 'node', include: ['tests/keychain/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        test: {
          name: 'security',
          environment: 'node',
          include: ['tests/security/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'packaging',
          environment: 'node',
          include: ['tests/packaging/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
