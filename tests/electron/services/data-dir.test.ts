// One owner per place on disk: data-dir.ts names every path under the data folder and
// results/layout.ts every file of a cached result; no other module under electron/ spells them.
import { readdir, readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../../electron/services/data-dir.ts';
import { CACHE } from '../../../electron/services/results/layout.ts';

const electronDir = fileURLToPath(new URL('../../../electron/', import.meta.url));
const OWNERS = new Set([join('services', 'data-dir.ts'), join('services', 'results', 'layout.ts')]);

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await sources(p)));
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

const quoted = (text: string): string[] => [...text.matchAll(/(['"`])([^'"`\n]*)\1/g)].map((m) => m[2]!);

/**
 * Names a source spells as a place on disk: any quoted file name (with a dot), and any quoted name
 * inside a join(…) / resolve(…) call. Comments are left out.
 */
function spelledPlaces(text: string, names: ReadonlySet<string>): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const inCalls = [...code.matchAll(/\b(?:join|resolve)\(([^()]*)\)/g)].flatMap((m) => quoted(m[1]!));
  const files = quoted(code).filter((l) => l.includes('.'));
  return [...new Set([...inCalls, ...files])].filter((l) => names.has(l));
}

describe('data folder paths', () => {
  it('every path lies inside the data folder and no two owners share one', () => {
    const root = join(sep, 'data', 'dp');
    const paths = dataPaths(root);
    const all = Object.entries(paths)
      .filter(([k]) => k !== 'root')
      .map(([, v]) => v);
    for (const p of all) {
      expect(isAbsolute(p)).toBe(true);
      expect(relative(root, p).startsWith('..')).toBe(false);
      expect(p).not.toBe(root);
    }
    expect(new Set(all).size).toBe(all.length);
    expect(relative(paths.logs, paths.log).startsWith('..')).toBe(false);
  });

  it('no module under electron/ but the owners spells a data-folder or cache name', async () => {
    const d = dataPaths(join(sep, 'x'));
    const names = new Set<string>([
      ...[d.results, d.uploads, d.exports, d.rerun, d.engine, d.logs, d.settings, d.tasks].map((p) =>
        relative(d.root, p),
      ),
      relative(d.logs, d.log),
      ...Object.values(CACHE),
    ]);
    const offenders: string[] = [];
    for (const file of await sources(electronDir)) {
      const rel = relative(electronDir, file);
      if (OWNERS.has(rel)) continue;
      for (const name of spelledPlaces(await readFile(file, 'utf8'), names)) offenders.push(`${rel}: '${name}'`);
    }
    expect(offenders).toEqual([]);
  });
});
