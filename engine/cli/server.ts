// `DOCPARSE_API_KEYS=sk-... npm run engine -- --port 8765 [--host H] [--no-auth] [--data-dir D] [--workers N] [--long-poll-seconds N]`
// Runs the local engine until SIGTERM/SIGINT; prints "DocParse engine listening on <url>" once ready.
import './compile-cache.mjs'; // first: the modules below load through the cache
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startEngineServer } from '../server/index.ts';
import { OCR_LANGS, type OcrLang } from '../source/ocr-pages.ts';

const HELP = `Usage: npm run engine -- [options]
  --port N          port (default 8765; 0 = random)
  --host H          bind address (default 127.0.0.1)
  --api-key KEY     accepted API key (repeatable; shows in \`ps\`: prefer DOCPARSE_API_KEYS=k1,k2)
  --no-auth         accept any, empty or missing key
  --data-dir D      tasks and results (default ~/.local/share/docparse-engine)
  --workers N       parse worker threads (default: one per core)
  --max-mb N        upload limit in MB (default 200)
  --max-pages N     page limit (default 300)
  --ttl-hours N     keep results this long (default 24)
  --queue-limit N   tasks that may wait (default 1000)
  --long-poll-seconds N  hold async_check of an unfinished task up to N s (default 25; 0 = answer at once;
                    clients that check once, as RAGFlow's Go parser, need more than their longest parse)
  --soffice PATH    LibreOffice's soffice for Office files (or DOCPARSE_SOFFICE; default: PATH, then the usual install folders)
  --no-ocr          do not read scans and images (they stay figures)
  --ocr-lang L      OCR language hint: auto (default), en, zh
  --quiet           no request/task log on stderr`;

function fail(msg: string): never {
  process.stderr.write(`engine: ${msg}\n${HELP}\n`);
  process.exit(2);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string', multiple: true },
      'no-auth': { type: 'boolean' },
      'data-dir': { type: 'string' },
      workers: { type: 'string' },
      'max-mb': { type: 'string' },
      'max-pages': { type: 'string' },
      'ttl-hours': { type: 'string' },
      'queue-limit': { type: 'string' },
      'long-poll-seconds': { type: 'string' },
      soffice: { type: 'string' },
      'no-ocr': { type: 'boolean' },
      'ocr-lang': { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
}
try {
  args = parse();
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
const v = args.values;
if (v.help) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}

const num = (name: string, s: string | undefined, min: number): number | undefined => {
  if (s === undefined) return undefined;
  const n = Number(s);
  if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number ≥ ${min}`);
  return n;
};
const keys = [...(v['api-key'] ?? []), ...(process.env.DOCPARSE_API_KEYS ?? '').split(',')]
  .map((k) => k.trim())
  .filter(Boolean);
if (!keys.length && !v['no-auth']) fail('give DOCPARSE_API_KEYS (or --api-key), or --no-auth');
if (v['api-key']?.length)
  process.stderr.write(
    'engine: note: --api-key is visible to other users in the process list; prefer DOCPARSE_API_KEYS\n',
  );
const dataHome = process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
const maxMb = num('max-mb', v['max-mb'], 0.001);
const ttlHours = num('ttl-hours', v['ttl-hours'], 0);
const longPollSeconds = num('long-poll-seconds', v['long-poll-seconds'], 0);
const ocrLang = v['ocr-lang'] ?? 'auto';
if (!(OCR_LANGS as readonly string[]).includes(ocrLang)) fail(`--ocr-lang must be one of ${OCR_LANGS.join(', ')}`);
const log = v.quiet ? () => {} : (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);

const server = await startEngineServer({
  host: v.host,
  port: num('port', v.port ?? '8765', 0),
  apiKeys: keys,
  noAuth: v['no-auth'] === true,
  dataDir: resolve(v['data-dir'] ?? join(dataHome, 'docparse-engine')),
  workers: num('workers', v.workers, 1),
  maxBytes: maxMb === undefined ? undefined : Math.round(maxMb * 1024 * 1024),
  maxPages: num('max-pages', v['max-pages'], 1),
  resultTtlMs: ttlHours === undefined ? undefined : ttlHours * 3600_000,
  queueLimit: num('queue-limit', v['queue-limit'], 0),
  longPollMs: longPollSeconds === undefined ? undefined : Math.round(longPollSeconds * 1000),
  soffice: v.soffice,
  ocr: { enabled: v['no-ocr'] !== true, lang: ocrLang as OcrLang },
  preloadOcr: true,
  log,
}).catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) process.exit(1); // second signal: leave at once
  stopping = true;
  process.stderr.write(`engine: ${signal}, stopping (running and queued tasks run again at the next start)\n`);
  server.close().then(
    () => process.exit(0),
    (e: unknown) => {
      process.stderr.write(`engine: shutdown failed: ${e instanceof Error ? e.message : e}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

// Signal handlers are in place before the URL line, so a supervisor may stop us as soon as it sees it.
process.stdout.write(`DocParse engine listening on ${server.url}${v['no-auth'] ? ' (no auth)' : ''}\n`);
