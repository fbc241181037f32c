#!/usr/bin/env node
// `npm test`: every check in order, never stopping at the first failure, then the counts.
//   typecheck (one tsc per tsconfig) → Vitest projects (keychain inside tests/support/with-keyring.sh)
//   → renderer build → Playwright (web + electron projects)
// The last line is exactly "N passed, N failed"; the line before it gives the skipped count.
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
const add = (label, c) => {
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
  rows.push(`${c.failed ? 'FAIL' : 'ok  '}  ${label}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`);
};

/** Runs a command with inherited output; resolves with its exit code (timeouts count as failures). */
function run(cmd, args, { env = {}, timeoutMs = 20 * MIN } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    const timer = setTimeout(() => {
      console.error(`\n[test] ${cmd} ${args.join(' ')}: timed out after ${timeoutMs / MIN} min`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      console.error(`[test] ${args.slice(0, 3).join(' ')} … exit ${code ?? signal} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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

async function typecheck() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const projects = [...(pkg.scripts?.typecheck ?? '').matchAll(/tsc -p (\S+)/g)].map((m) => m[1]);
  // tsconfig.json covers tests, bench, scripts and the config files (docs/DEVELOPING.md).
  if (!projects.includes('tsconfig.json') && existsSync(join(root, 'tsconfig.json'))) projects.push('tsconfig.json');
  for (const p of projects) {
    banner(`typecheck ${p}`);
    const code = await run(bin('tsc'), ['-p', p], { timeoutMs: 10 * MIN });
    add(`tsc -p ${p}`, code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });
  }
}

async function vitest(project, reports, wrapper = null) {
  banner(`vitest --project ${project}`);
  const out = join(reports, `vitest-${project}.json`);
  const args = ['run', '--project', project, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const code = wrapper
    ? await run('sh', [wrapper, bin('vitest'), ...args], { timeoutMs: 15 * MIN })
    : await run(bin('vitest'), args, { timeoutMs: 25 * MIN });
  add(`vitest ${project}`, vitestCounts(out, code));
}

async function rendererBuild() {
  banner('renderer build');
  const code = await run(process.execPath, [join(root, 'scripts', 'web.mjs'), '--build-only'], { timeoutMs: 10 * MIN });
  add('renderer build', code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });
}

async function playwright(reports) {
  banner('playwright (web + electron)');
  const out = join(reports, 'playwright.json');
  // Chromium writes crash reports and dconf caches under HOME even with a temporary profile.
  const home = await mkdtemp(join(tmpdir(), 'docparse-chromium-home-'));
  const env = {
    HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache'),
    PLAYWRIGHT_JSON_OUTPUT_FILE: out, PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  };
  const code = await run(bin('playwright'), ['test'], { env, timeoutMs: 30 * MIN });
  add('playwright', playwrightCounts(out, code));
  await rm(home, { recursive: true, force: true });
}

async function main() {
  const started = Date.now();
  const reports = await mkdtemp(join(tmpdir(), 'docparse-test-reports-'));
  await typecheck();
  for (const project of ['shared', 'engine', 'main', 'renderer', 'packaging']) await vitest(project, reports);
  const keyring = join(root, 'tests', 'support', 'with-keyring.sh');
  if (existsSync(keyring)) await vitest('keychain', reports, keyring);
  else {
    console.log('\n[test] keychain project skipped: tests/support/with-keyring.sh is missing');
    rows.push('skip  vitest keychain: tests/support/with-keyring.sh is missing');
  }
  await rendererBuild();
  await playwright(reports);
  await rm(reports, { recursive: true, force: true });

  console.log(`\n━━━ summary (${((Date.now() - started) / MIN).toFixed(1)} min) ━━━`);
  for (const r of rows) console.log(r);
  console.log(`skipped: ${totals.skipped}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exitCode = totals.failed > 0 ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  console.log(`${totals.passed} passed, ${totals.failed + 1} failed`);
  process.exitCode = 1;
});
