#!/usr/bin/env node
// `npm test`: every check in order, never stopping at the first failure, then the counts.
//   lint (Biome: formatter check and linter, zero findings; knip: no dead code) → typecheck (one tsc per tsconfig) → Vitest projects (security: tests/security + electronegativity) (keychain inside tests/support/with-keyring.sh)
//   → renderer build → Playwright (web + electron projects)
// The last line is exactly "N passed, N failed"; the line before it gives the skipped count.
// `node scripts/test.mjs --only main,e2e` runs a subset (steps: see STEPS).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwrightCounts, vitestCounts } from './test-counts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const MIN = 60_000;

const totals = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
const named = { failures: [], skips: [] };
const add = (label, c) => {
  for (const f of c.failures ?? []) named.failures.push(`${label}: ${f}`);
  for (const s of c.skips ?? []) named.skips.push(`${label}: ${s}`);
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
  rows.push(
    `${c.failed ? 'FAIL' : 'ok  '}  ${label}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`,
  );
};

/** The counts of a step that is one check: passed when its command exits 0. */
const oneCheck = (code) => (code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });

/** Runs a command with inherited output; resolves with its exit code (timeouts count as failures). */
function run(cmd, args, { env = {}, timeoutMs = 20 * MIN, label = [cmd, ...args].join(' ') } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    const timer = setTimeout(() => {
      console.error(`\n[test] ${label}: timed out after ${timeoutMs / MIN} min`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      console.error(`[test] ${label}: exit ${code ?? signal} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code ?? 1);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      console.error(`[test] could not start ${cmd}: ${e.message}`);
      resolve(127);
    });
  });
}

const banner = (s) => console.log(`\n━━━ ${s} ━━━`);

/** Biome in CI mode (the formatter's check and the linter, biome.json), then knip (no dead file, unused export
 * or unlisted dependency; knip.json names the entry points): any finding fails. */
async function lint() {
  banner('lint (biome ci, knip)');
  const biome = ['ci', '--max-diagnostics=50', '.'];
  add('biome ci (format + lint)', oneCheck(await run(bin('biome'), biome, { timeoutMs: 5 * MIN, label: 'biome ci' })));
  add('knip (dead code)', oneCheck(await run(bin('knip'), ['--reporter', 'compact'], { timeoutMs: 5 * MIN })));
}

async function typecheck() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const projects = [...(pkg.scripts?.typecheck ?? '').matchAll(/tsc -p (\S+)/g)].map((m) => m[1]);
  // tsconfig.json covers tests, bench, scripts and the config files (docs/DEVELOPING.md).
  if (!projects.includes('tsconfig.json') && existsSync(join(root, 'tsconfig.json'))) projects.push('tsconfig.json');
  for (const p of projects) {
    banner(`typecheck ${p}`);
    const code = await run(bin('tsc'), ['-p', p], { timeoutMs: 10 * MIN, label: `tsc -p ${p}` });
    add(`tsc -p ${p}`, oneCheck(code));
  }
}

async function vitest(project, reports, wrapper = null) {
  banner(`vitest --project ${project}`);
  const out = join(reports, `vitest-${project}.json`);
  const args = [
    'run',
    '--project',
    project,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const code = wrapper
    ? await run('sh', [wrapper, bin('vitest'), ...args], { timeoutMs: 15 * MIN, label: `vitest ${project} (keyring)` })
    : await run(bin('vitest'), args, { timeoutMs: 25 * MIN, label: `vitest ${project}` });
  add(`vitest ${project}`, vitestCounts(out, code));
}

async function rendererBuild() {
  banner('renderer build');
  const code = await run(process.execPath, [join(root, 'scripts', 'web.mjs'), '--build-only'], {
    timeoutMs: 10 * MIN,
    label: 'renderer build',
  });
  add('renderer build', oneCheck(code));
}

async function playwright(reports) {
  banner('playwright (web + electron)');
  const out = join(reports, 'playwright.json');
  // Chromium writes crash reports and dconf caches under HOME even with a temporary profile.
  const home = await mkdtemp(join(tmpdir(), 'docparse-chromium-home-'));
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    PLAYWRIGHT_JSON_OUTPUT_FILE: out,
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  };
  const code = await run(bin('playwright'), ['test'], { env, timeoutMs: 30 * MIN, label: 'playwright' });
  add('playwright', playwrightCounts(out, code));
  await rm(home, { recursive: true, force: true });
}

const STEPS = [
  'lint',
  'typecheck',
  'shared',
  'engine',
  'main',
  'renderer',
  'security',
  'packaging',
  'keychain',
  'build',
  'e2e',
];

/** `--only main,e2e` runs a subset (while working on one area); the default is everything. */
function selectedSteps(argv) {
  const i = argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (i < 0) return new Set(STEPS);
  const list = (argv[i].includes('=') ? argv[i].split('=')[1] : (argv[i + 1] ?? '')).split(',').filter(Boolean);
  const unknown = list.filter((s) => !STEPS.includes(s));
  if (unknown.length) throw new Error(`--only: unknown step(s) ${unknown.join(', ')}; steps: ${STEPS.join(', ')}`);
  return new Set(list);
}

async function main() {
  const started = Date.now();
  const steps = selectedSteps(process.argv.slice(2));
  const reports = await mkdtemp(join(tmpdir(), 'docparse-test-reports-'));
  // Every worker thread the tests start (the engine's pools) would otherwise load Node's TypeScript
  // stripper, itself a WASM module, compile it and free it at exit: with the cache it is loaded once per
  // file, not per thread. That churn of WASM code across threads is what trips V8's ThreadIsolation check
  // ("Check failed: jit_page.has_value()") now and then; it also makes the run shorter.
  process.env.NODE_COMPILE_CACHE ??= join(reports, 'compile-cache');
  if (steps.has('lint')) await lint();
  if (steps.has('typecheck')) await typecheck();
  for (const project of ['shared', 'engine', 'main', 'renderer', 'security', 'packaging']) {
    if (steps.has(project)) await vitest(project, reports);
  }
  const keyring = join(root, 'tests', 'support', 'with-keyring.sh');
  if (!steps.has('keychain')) {
    // not selected
  } else if (existsSync(keyring)) await vitest('keychain', reports, keyring);
  else {
    console.log('\n[test] keychain project skipped: tests/support/with-keyring.sh is missing');
    rows.push('skip  vitest keychain: tests/support/with-keyring.sh is missing');
  }
  if (steps.has('build') || steps.has('e2e')) await rendererBuild();
  if (steps.has('e2e')) await playwright(reports);
  await rm(reports, { recursive: true, force: true });

  console.log(`\n━━━ summary (${((Date.now() - started) / MIN).toFixed(1)} min) ━━━`);
  for (const r of rows) console.log(r);
  // Names last, just above the counts, so the tail of a CI log says what failed and what was skipped.
  const list = (title, names) => {
    if (!names.length) return;
    console.log(title);
    for (const n of names.slice(0, 30)) console.log(`  ${n}`);
    if (names.length > 30) console.log(`  … and ${names.length - 30} more`);
  };
  list('skipped tests:', named.skips);
  list('failed tests:', named.failures);
  console.log(`skipped: ${totals.skipped}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exitCode = totals.failed > 0 ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  console.log(`${totals.passed} passed, ${totals.failed + 1} failed`);
  process.exitCode = 1;
});
