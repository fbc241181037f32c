// The layers' import rules. Inside the engine, each stage imports only the stages before it (engine/README.md):
// contracts → input → pdf → reading-order → ocr → source → analysis → kinds → document → outputs → core →
// server, cli; no import cycle anywhere under engine/; every folder of engine/ is a known stage. lib/ (the Node
// helpers the app shares) imports only lib/ and shared/; the engine never imports the app (electron/, renderer/);
// shared/ imports nothing but shared/ (pure, no Node).
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The engine's stages in pipeline order; a file may import its own stage and those before it. */
const STAGES = [
  'contracts',
  'input',
  'pdf',
  'reading-order',
  'ocr',
  'source',
  'analysis',
  'kinds',
  'document',
  'outputs',
  'core',
  'server',
  'cli',
] as const;

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(join(root, dir), { withFileTypes: true, recursive: true })) {
    if (e.isFile() && /\.(ts|mts|mjs)$/.test(e.name)) out.push(join(e.parentPath, e.name));
  }
  return out;
}

/** Every module specifier of a file: static imports and exports, and dynamic import(); comments are not code. */
function specifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  return found;
}

/** Repo-relative targets of a file's relative imports (packages and node: modules left out). */
async function localImports(file: string): Promise<{ spec: string; target: string | null }[]> {
  return specifiers(await readFile(file, 'utf8')).map((spec) => ({
    spec,
    target: spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : null,
  }));
}

/** Imports of the files under `dir` that break `allowed` (given the specifier and the repo path it names). */
async function offenders(dir: string, allowed: (spec: string, target: string | null) => boolean): Promise<string[]> {
  const bad: string[] = [];
  for (const file of await sources(dir)) {
    for (const { spec, target } of await localImports(file)) {
      if (!allowed(spec, target)) bad.push(`${relative(root, file)} → ${spec}`);
    }
  }
  return bad;
}

/** The stage of an engine path: files at engine/'s top are the contracts (types, model, raw, errors). */
function stageOf(path: string): string {
  const parts = path.split('/');
  return parts.length === 2 ? 'contracts' : parts[1]!;
}

describe('layering', () => {
  it('every folder of engine/ is a stage of the pipeline', async () => {
    const stages = new Set((await sources('engine')).map((f) => stageOf(relative(root, f))));
    expect([...stages].filter((s) => !(STAGES as readonly string[]).includes(s))).toEqual([]);
    expect(stages.size).toBe(STAGES.length);
  });

  it('each stage imports only itself and the stages before it', async () => {
    const upward: string[] = [];
    for (const file of await sources('engine')) {
      const from = stageOf(relative(root, file));
      for (const { spec, target } of await localImports(file)) {
        if (!target?.startsWith('engine/')) continue;
        const to = stageOf(target);
        if (STAGES.indexOf(to as never) > STAGES.indexOf(from as never))
          upward.push(`${relative(root, file)} → ${spec}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('no import cycle under engine/', async () => {
    const graph = new Map<string, string[]>();
    for (const file of await sources('engine')) {
      const deps = (await localImports(file)).flatMap(({ target }) => (target?.startsWith('engine/') ? [target] : []));
      graph.set(relative(root, file), deps);
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, path: string[]): void => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'open') {
        cycles.push([...path.slice(path.indexOf(node)), node].join(' → '));
        return;
      }
      state.set(node, 'open');
      for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
      state.set(node, 'done');
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it('engine/ never imports electron/ or renderer/', async () => {
    const bad = await offenders('engine', (_spec, target) => !target || !/^(electron|renderer)\//.test(target));
    expect(bad).toEqual([]);
  });

  it('lib/ imports only lib/ and shared/ (and Node or packages)', async () => {
    const bad = await offenders('lib', (_spec, target) => !target || /^(lib|shared)\//.test(target));
    expect(bad).toEqual([]);
  });

  it('shared/ imports only shared/ (no Node modules, no packages)', async () => {
    const bad = await offenders('shared', (_spec, target) => target?.startsWith('shared/') ?? false);
    expect(bad).toEqual([]);
  });

  it('finds imports at all (the checks are not vacuous)', async () => {
    expect((await sources('engine')).length).toBeGreaterThan(50);
    expect(specifiers("import { a } from '../x.ts';\n// from './no.ts'\nconst m = await import('./y.ts');")).toEqual([
      '../x.ts',
      './y.ts',
    ]);
    expect(stageOf('engine/kinds/tables/ruled.ts')).toBe('kinds');
    expect(stageOf('engine/types.ts')).toBe('contracts');
  });
});
