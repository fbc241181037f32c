// Compares the engine's outputs of two revisions byte for byte: the Markdown and JSON of every corpus document
// and of every held-out generated document (bench/holdout.ts's producers), made by the revision `--ref` (a git
// worktree of it) and by this working tree, each with its own bench/snapshot-outputs.ts.
//   node bench/outputs-diff.ts [--ref <git-ref>] [--no-holdout] [--keep] [corpus-folder...]
// Default ref: HEAD (so uncommitted changes are what is compared); default folders: every folder of
// ../shared/corpus. Prints each file that differs and "N of M files identical"; exits 1 when any differs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = resolve(repo, '../shared/corpus');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const refAt = args.indexOf('--ref');
const ref = refAt >= 0 ? args[refAt + 1]! : 'HEAD';
const folders = args.filter((a, i) => !a.startsWith('--') && i !== refAt + 1);

async function corpusFolders(): Promise<string[]> {
  if (folders.length) return folders.map((f) => resolve(f));
  const entries = await readdir(corpus, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => join(corpus, e.name));
}

/** Runs a Node script of `tree` with `argv`, its output passed through; throws when it cannot start. */
function node(tree: string, argv: string[]): number {
  const r = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', ...argv], {
    cwd: tree,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

/** The PDFs the held-out producers make from the generated documents (LibreOffice, Chromium, LaTeX if found). */
async function holdoutPdfs(work: string): Promise<string[]> {
  const out = join(work, 'holdout');
  node(repo, ['bench/holdout.ts', '--out', out]);
  const pdfs: string[] = [];
  for (const producer of await readdir(out).catch(() => [] as string[])) {
    for (const f of await readdir(join(out, producer)).catch(() => [] as string[])) {
      if (f.endsWith('.pdf')) pdfs.push(join(out, producer, f));
    }
  }
  return pdfs.sort();
}

async function compare(a: string, b: string): Promise<{ same: number; differ: string[] }> {
  const names = [...new Set([...(await readdir(a)), ...(await readdir(b))])].sort();
  const differ: string[] = [];
  for (const n of names) {
    const [x, y] = await Promise.all([join(a, n), join(b, n)].map((p) => readFile(p).catch(() => null)));
    if (!x || !y || !x.equals(y)) differ.push(`${n}${!x ? ' (only after)' : !y ? ' (only before)' : ''}`);
  }
  return { same: names.length - differ.length, differ };
}

const work = await mkdtemp(join(tmpdir(), 'docparse-outputs-diff-'));
const before = join(work, 'before');
try {
  execFileSync('git', ['worktree', 'add', '--detach', before, ref], { cwd: repo, stdio: 'ignore' });
  if (existsSync(join(repo, 'node_modules'))) await symlink(join(repo, 'node_modules'), join(before, 'node_modules'));
  const inputs = [...(await corpusFolders()), ...(flag('--no-holdout') ? [] : await holdoutPdfs(work))];
  console.log(`comparing ${ref} with the working tree over ${inputs.length} folders and files…`);
  node(before, ['bench/snapshot-outputs.ts', join(work, 'out-before'), ...inputs]);
  node(repo, ['bench/snapshot-outputs.ts', join(work, 'out-after'), ...inputs]);
  const { same, differ } = await compare(join(work, 'out-before'), join(work, 'out-after'));
  for (const d of differ) console.log(`differs: ${d}`);
  console.log(`${same} of ${same + differ.length} files identical`);
  process.exitCode = differ.length ? 1 : 0;
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', before], { cwd: repo, stdio: 'ignore' });
  if (flag('--keep')) console.log(`outputs kept in ${work}`);
  else await rm(work, { recursive: true, force: true });
}
