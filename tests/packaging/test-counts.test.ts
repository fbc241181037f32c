// The counts `npm test` ends with (scripts/test-counts.mjs): passed/failed/skipped from Vitest's and
// Playwright's JSON reports, and the failed and skipped tests by name, which the summary prints last so
// the tail of a CI log says which tests they were.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without types
import { playwrightCounts, vitestCounts } from '../../scripts/test-counts.mjs';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docparse-counts-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const report = async (name: string, body: unknown) => {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(body));
  return file;
};

describe('vitest report', () => {
  it('counts and names failed, skipped and broken files', async () => {
    const file = await report('v.json', {
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: '/ci/repo/tests/engine/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'suite ok', title: 'ok', status: 'passed', failureMessages: [] },
            {
              fullName: 'suite writes',
              title: 'writes',
              status: 'failed',
              failureMessages: ['\nAssertionError: expected 1 to be 2\n    at x.ts:1'],
            },
            { fullName: 'suite mounts', title: 'mounts', status: 'skipped', failureMessages: [] },
          ],
        },
        {
          name: '/ci/repo/tests/engine/b.test.ts',
          status: 'failed',
          message: 'Cannot find module x',
          assertionResults: [],
        },
      ],
    });
    const c = vitestCounts(file, 1);
    expect([c.passed, c.failed, c.skipped]).toEqual([1, 2, 1]);
    expect(c.failures).toEqual([
      'tests/engine/a.test.ts › suite writes: AssertionError: expected 1 to be 2',
      'tests/engine/b.test.ts: Cannot find module x',
    ]);
    expect(c.skips).toEqual(['tests/engine/a.test.ts › suite mounts']);
  });

  it('a crash without a failing test is one failure, named as such', () => {
    const c = vitestCounts(join(dir, 'missing.json'), 1);
    expect(c.failed).toBe(1);
    expect(c.failures[0]).toMatch(/no report.*exit 1/);
  });
});

describe('playwright report', () => {
  it('walks nested suites for the failed and skipped tests', async () => {
    const spec = (title: string, status: string, projectName = 'web') => ({
      title,
      file: 'smoke.spec.ts',
      tests: [
        {
          projectName,
          status,
          results: [{ error: status === 'unexpected' ? { message: 'Error: timed out\n  at y' } : undefined }],
        },
      ],
    });
    const file = await report('p.json', {
      stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 1 },
      errors: [],
      suites: [
        {
          file: 'smoke.spec.ts',
          specs: [spec('opens', 'expected')],
          suites: [{ specs: [spec('drops a file', 'unexpected'), spec('window', 'skipped', 'electron')] }],
        },
      ],
    });
    const c = playwrightCounts(file, 1);
    expect([c.passed, c.failed, c.skipped]).toEqual([1, 1, 1]);
    expect(c.failures).toEqual(['smoke.spec.ts › drops a file [web]: Error: timed out']);
    expect(c.skips).toEqual(['smoke.spec.ts › window [electron]']);
  });
});
