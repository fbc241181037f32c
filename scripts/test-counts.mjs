// Counting passed/failed/skipped from Vitest's and Playwright's JSON reports (scripts/test.mjs).
// A run that exits non-zero without any counted failure (crash, import error, unhandled error,
// missing report) counts as one failure, so nothing fails silently.
import { existsSync, readFileSync } from 'node:fs';

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function settle(counts, exitCode, what) {
  if (exitCode !== 0 && counts.failed === 0) {
    console.error(`[test] ${what} exited with ${exitCode} without a failing test: counted as one failure`);
    return { ...counts, failed: 1 };
  }
  return counts;
}

export function vitestCounts(file, exitCode) {
  const r = readJson(file);
  if (!r) return settle({ passed: 0, failed: 0, skipped: 0 }, exitCode, `vitest (no report at ${file})`);
  // A file that fails before any test runs (import error) has no assertions but a failed status.
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
  const counts = {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + brokenFiles,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
  return settle(counts, exitCode, 'vitest');
}

export function playwrightCounts(file, exitCode) {
  const r = readJson(file);
  if (!r) return settle({ passed: 0, failed: 0, skipped: 0 }, exitCode, `playwright (no report at ${file})`);
  const s = r.stats ?? {};
  const counts = {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + (r.errors ?? []).length,
    skipped: s.skipped ?? 0,
  };
  return settle(counts, exitCode, 'playwright');
}
