// The layers' import rule: the engine (with the SoMark client and the atomic write the app also uses)
// never imports the app (electron/, renderer/); shared/ imports nothing but shared/ (pure, no Node).
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(join(root, dir), { withFileTypes: true, recursive: true })) {
    if (e.isFile() && /\.(ts|mts|mjs)$/.test(e.name)) out.push(join(e.parentPath, e.name));
  }
  return out;
}

/** Every module specifier of a file: static imports and exports, and dynamic import(). */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  return found;
}

/** Imports of the files under `dir` that break `allowed` (given the specifier and the repo path it names). */
async function offenders(dir: string, allowed: (spec: string, target: string | null) => boolean): Promise<string[]> {
  const bad: string[] = [];
  for (const file of await sources(dir)) {
    for (const spec of specifiers(await readFile(file, 'utf8'))) {
      const target = spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : null;
      if (!allowed(spec, target)) bad.push(`${relative(root, file)} → ${spec}`);
    }
  }
  return bad;
}

describe('layering', () => {
  it('engine/ never imports electron/ or renderer/', async () => {
    const bad = await offenders('engine', (_spec, target) => !target || !/^(electron|renderer)\//.test(target));
    expect(bad).toEqual([]);
  });

  it('shared/ imports only shared/ (no Node modules, no packages)', async () => {
    const bad = await offenders('shared', (_spec, target) => target?.startsWith('shared/') ?? false);
    expect(bad).toEqual([]);
  });

  it('finds imports at all (the check is not vacuous)', async () => {
    expect((await sources('engine')).length).toBeGreaterThan(50);
    expect(specifiers("import { a } from '../x.ts';\nconst m = await import('./y.ts');")).toEqual([
      '../x.ts',
      './y.ts',
    ]);
  });
});
