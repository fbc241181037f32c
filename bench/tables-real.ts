// Table recognition on real documents: parses ../shared/corpus/tables-real with the parse CLI (the JSON and
// Markdown any user gets) and prints the scorer's table (../shared/tools/score-tables.mjs): per table detected,
// rows right and TEDS-like, then the means overall, per kind of ruling and per tag (shaded, spanning cells…).
//   node bench/tables-real.ts [--keep DIR] [--only REGEX] [--json FILE]
// --keep writes the outputs to DIR and leaves them there (default: a temp folder, removed afterwards);
// --only scores (and parses) only the files whose name matches; --json also writes per-table results.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { keep: { type: 'string' }, only: { type: 'string' }, json: { type: 'string' } },
});
const repo = fileURLToPath(new URL('..', import.meta.url));
const corpus = fileURLToPath(new URL('../../shared/corpus/tables-real/', import.meta.url));
const scorer = fileURLToPath(new URL('../../shared/tools/score-tables.mjs', import.meta.url));
const only = values.only ? new RegExp(values.only) : null;
const pdfs = readdirSync(corpus)
  .filter((f) => f.endsWith('.pdf') && (!only || only.test(f)))
  .sort()
  .map((f) => join(corpus, f));
if (!pdfs.length) {
  console.log('no corpus file matches');
  process.exit(2);
}
const out = values.keep ?? mkdtempSync(join(tmpdir(), 'docparse-tables-real-'));
mkdirSync(out, { recursive: true });
const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: repo, encoding: 'utf8' });
try {
  const t0 = performance.now();
  const parsed = run([
    '--disable-warning=ExperimentalWarning',
    'engine/cli/run-cached.mjs',
    'engine/cli/parse.ts',
    ...pdfs,
    '--out',
    out,
    '--formats',
    'markdown,json',
  ]);
  if (parsed.status !== 0) {
    console.log(parsed.stdout, parsed.stderr);
    process.exit(1);
  }
  console.log(`parsed ${pdfs.length} files in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  const scored = run([
    scorer,
    '--corpus',
    corpus,
    '--out',
    out,
    ...(values.only ? ['--only', values.only] : []),
    ...(values.json ? ['--json', values.json] : []),
  ]);
  process.stdout.write(scored.stdout + scored.stderr);
  process.exitCode = scored.status ?? 1;
} finally {
  if (!values.keep) rmSync(out, { recursive: true, force: true });
}
