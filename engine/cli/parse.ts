// `npm run parse -- <files...> --out <dir> [--formats markdown,json,zip]` — parses in-process by
// default, or against any SoMark-compatible service with `--base-url URL --api-key KEY`. Progress on
// stderr; one line per failed file; exit code 1 when any file failed, 2 on a usage error.
import './compile-cache.mjs'; // first: the modules below load through the cache
import { mkdir, stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CLIENT_FEATURE_CONFIG,
  DEFAULT_ELEMENT_FORMATS,
  OUTPUT_FORMATS,
  type OutputFormat,
} from '../../shared/somark.ts';
import { isOfficeExtension } from '../../shared/file-types.ts';
import { isEngineError } from '../errors.ts';
import { OCR_LANGS, type OcrLang } from '../source/ocr-pages.ts';
import { stemFor, writeOutcome, type Runner } from './outcome.ts';

const HELP = `Usage: npm run parse -- <files...> --out <dir> [options]
  --formats LIST         markdown,json,zip (default markdown,json)
  --base-url URL         use a SoMark-compatible service instead of the in-process engine
  --api-key KEY          key for --base-url (or DOCPARSE_API_KEY)
  --feature-config JSON  e.g. '{"enable_table_cross_page":false}' (merged over the app's defaults:
                         title levels on, paragraphs and tables joined across pages)
  --element-formats JSON e.g. '{"image":"none"}'
  --workers N            in-process worker threads (default: one per core; one file: one per idle core)
  --max-pages N          in-process page limit (default 300, as the service)
  --poll-ms N            remote status poll interval (default 3000)
  --no-ocr               in-process: do not read scans and images (they stay figures)
  --ocr-lang L           in-process OCR language hint: auto (default), en, zh`;

function die(msg: string): never {
  process.stderr.write(`parse: ${msg}\n${HELP}\n`);
  process.exit(2);
}

const { values: v, positionals: files } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        out: { type: 'string', short: 'o' },
        formats: { type: 'string' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        'feature-config': { type: 'string' },
        'element-formats': { type: 'string' },
        workers: { type: 'string' },
        'max-pages': { type: 'string' },
        'poll-ms': { type: 'string' },
        'no-ocr': { type: 'boolean' },
        'ocr-lang': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    return die(e instanceof Error ? e.message : String(e));
  }
})();
if (v.help) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}
if (!files.length) die('no input files');
if (!v.out) die('--out <dir> is required');
const formats = (v.formats ?? 'markdown,json')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const bad = formats.filter((f) => !(OUTPUT_FORMATS as readonly string[]).includes(f));
if (bad.length || !formats.length) die(`invalid --formats ${bad.join(',')} (allowed: ${OUTPUT_FORMATS.join(', ')})`);
const json = (name: string, s: string | undefined): Record<string, unknown> => {
  if (s === undefined) return {};
  try {
    const o = JSON.parse(s) as unknown;
    if (o && typeof o === 'object' && !Array.isArray(o)) return o as Record<string, unknown>;
  } catch {}
  return die(`--${name} must be a JSON object`);
};
const featureConfig = { ...CLIENT_FEATURE_CONFIG, ...json('feature-config', v['feature-config']) };
const elementFormats = { ...DEFAULT_ELEMENT_FORMATS, ...json('element-formats', v['element-formats']) };
const ocrLang = v['ocr-lang'] ?? 'auto';
if (!(OCR_LANGS as readonly string[]).includes(ocrLang)) die(`--ocr-lang must be one of ${OCR_LANGS.join(', ')}`);
const outDir = resolve(v.out);
await mkdir(outDir, { recursive: true });

const say = (line: string) => process.stderr.write(`${line}\n`);
let runner: Runner;
let close = async (): Promise<void> => {};
if (v['base-url']) {
  const { createRemoteRunner } = await import('./remote.ts');
  runner = createRemoteRunner({
    baseUrl: v['base-url'],
    apiKey: v['api-key'] ?? process.env.DOCPARSE_API_KEY ?? '',
    formats: formats as OutputFormat[],
    featureConfig,
    elementFormats,
    pollMs: v['poll-ms'] ? Number(v['poll-ms']) : undefined,
  });
} else {
  const opts = {
    formats: formats as OutputFormat[],
    featureConfig,
    elementFormats,
    workers: v.workers ? Number(v.workers) : undefined,
    maxPages: v['max-pages'] ? Number(v['max-pages']) : undefined,
    ocr: { enabled: v['no-ocr'] !== true, lang: ocrLang as OcrLang },
  };
  // One PDF or image: parsed on this thread (plus workers for a large PDF), no engine core. Several files,
  // or an Office file (converted by the engine core first): the engine core's worker pool runs them.
  const office = files.some((f) => isOfficeExtension(extname(f)));
  const local =
    files.length === 1 && !office
      ? (await import('./direct.ts')).createDirectRunner(opts)
      : await (await import('./local.ts')).createLocalRunner(opts);
  runner = local.run;
  close = local.close;
}

const used = new Set<string>();
const jobs = files.map((file, i) => ({ file, label: `[${i + 1}/${files.length}] ${file}`, stem: stemFor(file, used) }));
// In-process: all files at once (the pool bounds the parallelism). Remote: one at a time, as the service asks.
const limit = v['base-url'] ? 1 : jobs.length;
let failed = 0;
let next = 0;
async function worker(): Promise<void> {
  for (let job = jobs[next++]; job; job = jobs[next++]) {
    const t0 = Date.now();
    try {
      if (!(await stat(job.file).catch(() => null))?.isFile()) throw new Error('no such file');
      say(`${job.label}: started`);
      const outcome = await runner(job.file, (note) => say(`${job.label}: ${note}`));
      const written = await writeOutcome(outDir, job.stem, formats as OutputFormat[], outcome);
      say(
        `${job.label}: done, ${outcome.pageCount} pages in ${((Date.now() - t0) / 1000).toFixed(1)} s → ${written.join(', ')}`,
      );
    } catch (e) {
      failed++;
      const reason = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ');
      say(`error: ${job.file}: ${reason}${isEngineError(e) ? ` (code ${e.code})` : ''}`);
    }
  }
}
await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
await close();
say(`${jobs.length - failed} of ${jobs.length} file(s) parsed${failed ? `, ${failed} failed` : ''}`);
process.exit(failed ? 1 : 0);
