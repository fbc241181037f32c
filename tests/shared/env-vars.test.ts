// Every environment variable the repo reads is in docs/DEVELOPING.md's "Environment variables" table, and
// every variable the table names is still mentioned in the code. Scans the source of the app, the engine,
// scripts, benchmarks, tests and config files for `process.env.X`, `env.X` (a ProcessEnv passed in),
// `env['X']`, the project's own names (DOCPARSE_*, BENCH_*, E2E_*) anywhere, and `${X:-default}` in shell.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['electron', 'engine', 'shared', 'renderer', 'scripts', 'bench', 'tests', 'build', '.ci'];
const CODE = /\.(ts|tsx|mts|mjs|js|cjs|sh)$/;
const SKIP = new Set(['node_modules', 'out', 'dist', 'test-results', 'playwright-report']);

/** Source files: the folders above (a file without extension under .ci is a shell script) and root configs. */
function sources(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (SKIP.has(name)) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (CODE.test(name) || (dir.endsWith('.ci') && !name.includes('.'))) out.push(path);
    }
  };
  for (const f of FOLDERS) walk(join(root, f));
  for (const name of readdirSync(root)) if (CODE.test(name)) out.push(join(root, name));
  return out;
}

const READS = [
  /process\.env\.([A-Za-z_]\w*)\b(?!\s*=[^=])/g,
  /\benv\.([A-Z]\w*)\b(?!\s*=[^=])/g,
  /\benv\[\s*['"]([^'"]+)['"]\s*\](?!\s*=[^=])/g,
  /\b((?:DOCPARSE|BENCH|E2E)_[A-Z0-9_]+)\b/g,
];
const SHELL_DEFAULT = /\$\{([A-Za-z_]\w*):?[-=?+]/g;

/** Each variable read, with the files that read it; and the text of every source file. */
function reads(): { found: Map<string, string[]>; text: string } {
  const found = new Map<string, string[]>();
  let text = '';
  for (const file of sources()) {
    const src = readFileSync(file, 'utf8');
    if (file === fileURLToPath(import.meta.url)) continue; // its own patterns are not reads
    text += `${src}\n`;
    const shell = !/\.(ts|tsx|mts|mjs|js|cjs)$/.test(file);
    for (const re of shell ? [SHELL_DEFAULT] : READS)
      for (const m of src.matchAll(re)) {
        const files = found.get(m[1]!) ?? [];
        files.push(relative(root, file));
        found.set(m[1]!, files);
      }
  }
  return { found, text };
}

/** The names in the first column of the table under "## Environment variables". */
function documented(): Set<string> {
  const doc = readFileSync(join(root, 'docs/DEVELOPING.md'), 'utf8');
  const start = doc.indexOf('\n## Environment variables\n');
  expect(start).toBeGreaterThan(0);
  const rows = doc
    .slice(start + 1)
    .split(/\n## /)[0]!
    .split('\n')
    .filter((l) => l.startsWith('| `'));
  return new Set(rows.flatMap((r) => [...r.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)));
}

describe('environment variables', () => {
  const { found, text } = reads();
  const table = documented();

  it('finds the reads it is meant to find', () => {
    for (const name of [
      'DOCPARSE_OCR_THREADS',
      'DOCPARSE_DATA_DIR',
      'CHROMIUM_PATH',
      'NODE24_HOME',
      'ProgramFiles(x86)',
    ])
      expect(found.has(name), name).toBe(true);
  });

  it('are all in the table of docs/DEVELOPING.md', () => {
    const missing = [...found].filter(([name]) => !table.has(name)).map(([n, files]) => `${n} (${files[0]})`);
    expect(missing).toEqual([]);
  });

  it('in the table are still mentioned in the code', () => {
    const gone = [...table].filter(
      (name) => !new RegExp(`(^|[^\\w])${name.replace(/[()]/g, '\\$&')}($|[^\\w])`).test(text),
    );
    expect(gone).toEqual([]);
  });
});
