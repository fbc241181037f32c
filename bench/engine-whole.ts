// Whole-process mode of `npm run bench:engine -- --whole`: runs the parse CLI as a user would (a new
// node process per run, start-up included) and, when installed, LiteParse's CLI on the same file in
// turn, and prints wall time, CPU-seconds (user+sys, all threads), peak RSS and pages/s per tool. With
// `floor`, two more rows tell how far down the engine's own stack goes: the CLI writing no crops
// (`{"image":"none"}`), and mupdf alone reading every page's structured text (stext-floor.ts).
// LiteParse is not a dependency: `npm install --no-save @llamaindex/liteparse@2.14.7` (prebuilt
// binary, no build), or `--liteparse <dir of an install>` / LITEPARSE_DIR.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
const REPORT = fileURLToPath(new URL('./rusage-report.mjs', import.meta.url));
const FLOOR = fileURLToPath(new URL('./stext-floor.ts', import.meta.url));

/** The node arguments of `npm run parse` (package.json), so the bench runs the CLI as users do. */
async function parseCommand(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [node, ...args] = pkg.scripts.parse.split(/\s+/);
  if (node !== 'node') throw new Error(`unexpected parse script: ${pkg.scripts.parse}`);
  return args.filter((a) => a !== '--disable-warning=ExperimentalWarning');
}

export interface Sample {
  wallMs: number;
  cpuUs: number;
  maxRssKb: number;
}

/** Runs `node [args]` to completion and measures it. */
async function measure(args: string[], tmp: string): Promise<Sample> {
  const file = join(tmp, `rusage-${Math.random().toString(36).slice(2)}.json`);
  const t0 = performance.now();
  const code = await new Promise<number | null>((ok, fail) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', REPORT, ...args], {
      cwd: REPO,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, BENCH_RUSAGE_FILE: file },
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2000)));
    child.on('error', fail);
    child.on('exit', (c) => (c === 0 ? ok(c) : fail(new Error(`${args.join(' ')} exited ${c}: ${err}`))));
  });
  const wallMs = performance.now() - t0;
  const r = JSON.parse(await readFile(file, 'utf8')) as { cpuUs: number; maxRssKb: number };
  void code;
  return { wallMs, ...r };
}

/** LiteParse's CLI script, or null when it is not installed. */
export function findLiteParse(dir?: string): string | null {
  const from = dir ?? process.env.LITEPARSE_DIR;
  try {
    const req = createRequire(from ? join(resolve(from), 'package.json') : join(REPO, 'package.json'));
    const cli = join(dirname(req.resolve('@llamaindex/liteparse/package.json')), 'dist/cli.js');
    return existsSync(cli) ? cli : null;
  } catch {
    return null;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function line(tool: string, file: string, pages: number, s: Sample[]): string {
  const wall = median(s.map((x) => x.wallMs)),
    cpu = median(s.map((x) => x.cpuUs)) / 1e6,
    rss = Math.max(...s.map((x) => x.maxRssKb));
  return `${basename(file).padEnd(26)} ${tool.padEnd(10)} ${String(pages).padStart(5)} p  wall ${(wall / 1000).toFixed(2).padStart(6)} s  cpu ${cpu.toFixed(2).padStart(6)} s  peak RSS ${String(Math.round(rss / 1024)).padStart(4)} MB  ${(pages / (wall / 1000)).toFixed(0).padStart(5)} pages/s`;
}

/** `ocr`: leave the engine's OCR on (its default); off by default, as LiteParse is run with --no-ocr.
 * `floor`: also the CLI without crops and mupdf's structured text alone (see the top of this file). */
export async function wholeProcessBench(
  files: { path: string; pages: number }[],
  opts: { repeat: number; liteparse: string | null; workers?: number; ocr?: boolean; floor?: boolean },
): Promise<void> {
  const tmp = await mkdtemp(join(tmpdir(), 'docparse-whole-'));
  try {
    console.log(
      `whole-process bench: median of ${opts.repeat} run(s) per tool, in turn; peak RSS is the largest; OCR ${opts.ocr ? 'on (engine only)' : 'off'}; node ${process.version}`,
    );
    if (!opts.liteparse)
      console.log(
        'LiteParse not found: npm install --no-save @llamaindex/liteparse@2.14.7 (or --liteparse DIR) to compare',
      );
    const command = await parseCommand();
    for (const f of files) {
      const ours: Sample[] = [],
        theirs: Sample[] = [],
        noCrops: Sample[] = [],
        floor: Sample[] = [];
      const w = [...(opts.workers ? ['--workers', String(opts.workers)] : []), ...(opts.ocr ? [] : ['--no-ocr'])];
      const cli = async (into: Sample[], extra: string[]) => {
        const out = join(tmp, 'out');
        into.push(
          await measure(
            [...command, f.path, '--out', out, '--formats', 'markdown,json', '--max-pages', '100000', ...w, ...extra],
            tmp,
          ),
        );
        await rm(out, { recursive: true, force: true });
      };
      for (let i = 0; i < opts.repeat; i++) {
        await cli(ours, []);
        if (opts.liteparse)
          theirs.push(
            await measure(
              [
                opts.liteparse,
                'parse',
                f.path,
                '--format',
                'markdown',
                '--no-ocr',
                '--max-pages',
                '100000',
                '-o',
                join(tmp, 'lp.md'),
              ],
              tmp,
            ),
          );
        if (opts.floor && f.path.toLowerCase().endsWith('.pdf')) {
          await cli(noCrops, ['--element-formats', '{"image":"none"}']);
          floor.push(await measure([...command.slice(0, -1), FLOOR, f.path], tmp)); // started as the CLI is
        }
      }
      console.log(line('engine', f.path, f.pages, ours));
      if (theirs.length) console.log(line('LiteParse', f.path, f.pages, theirs));
      if (noCrops.length) console.log(line('no crops', f.path, f.pages, noCrops));
      if (floor.length) console.log(line('mupdf only', f.path, f.pages, floor));
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
