// Counting passed/failed/skipped from Vitest's and Playwright's JSON reports (scripts/test.mjs).
// A run that exits non-zero without any counted failure (crash, import error, unhandled error,
// missing report) counts as one failure, so nothing fails silently. Each count also lists the failed
// and skipped tests by name, so the summary at the end of a long CI log says which ones they were.
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
    return {
      ...counts,
      failed: 1,
      failures: [...(counts.failures ?? []), `${what}: exit ${exitCode}, see the log above`],
    };
  }
  return counts;
}

const firstLine = (messages) =>
  String((messages ?? [])[0] ?? '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300) ?? '';

/** Names of Vitest's failed and skipped tests, "file › title: first line of the error". */
function vitestNames(r) {
  const failures = [],
    skips = [];
  for (const f of r.testResults ?? []) {
    const file = String(f.name ?? '').replace(/^.*?\btests\//, 'tests/');
    if (f.status === 'failed' && !(f.assertionResults ?? []).length)
      failures.push(`${file}: ${firstLine([f.message])}`);
    for (const t of f.assertionResults ?? []) {
      const name = `${file} › ${t.fullName ?? t.title}`;
      if (t.status === 'failed') failures.push(`${name}: ${firstLine(t.failureMessages)}`);
      else if (t.status === 'skipped' || t.status === 'pending' || t.status === 'todo') skips.push(name);
    }
  }
  return { failures, skips };
}

export function vitestCounts(file, exitCode) {
  const r = readJson(file);
  if (!r)
    return settle(
      { passed: 0, failed: 0, skipped: 0, failures: [], skips: [] },
      exitCode,
      `vitest (no report at ${file})`,
    );
  // A file that fails before any test runs (import error) has no assertions but a failed status.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  const counts = {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + brokenFiles,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    ...vitestNames(r),
  };
  return settle(counts, exitCode, 'vitest');
}

/** Names of Playwright's failed and skipped tests, walking its nested suites. */
function playwrightNames(r) {
  const failures = (r.errors ?? []).map((e) => `error: ${firstLine([e.message])}`),
    skips = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = `${spec.file ?? path} › ${spec.title} [${t.projectName}]`;
        const last = (t.results ?? []).at(-1);
        if (t.status === 'unexpected') failures.push(`${name}: ${firstLine([last?.error?.message])}`);
        else if (t.status === 'skipped') skips.push(name);
      }
    }
    for (const s of suite.suites ?? []) walk(s, s.file ?? path);
  };
  for (const s of r.suites ?? []) walk(s, s.file ?? '');
  return { failures, skips };
}

export function playwrightCounts(file, exitCode) {
  const r = readJson(file);
  if (!r)
    return settle(
      { passed: 0, failed: 0, skipped: 0, failures: [], skips: [] },
      exitCode,
      `playwright (no report at ${file})`,
    );
  const s = r.stats ?? {};
  const counts = {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + (r.errors ?? []).length,
    skipped: s.skipped ?? 0,
    ...playwrightNames(r),
  };
  return settle(counts, exitCode, 'playwright');
}
