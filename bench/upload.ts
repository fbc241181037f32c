// bench:upload — memory and speed of a 200 MB upload through the SoMark client.
// Creates a 200 MB PDF-headed file in a temp folder, uploads it with the real client (streamed
// multipart, progress) to a loopback sink in a child process that discards the body, samples this
// process's RSS and heap every 50 ms, and prints the peak growth (bar: < 100 MB) and the throughput.
// `--engine`: the receiver is the local engine's server instead (busboy, the file stored to disk, the
// connection shares' checks), which then refuses the zero-filled "PDF" once it has it all.
import { fork } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AddressInfo } from 'node:net';
import { createSomarkClient } from '../lib/somark-client/client.ts';
import { DEFAULT_FEATURE_CONFIG } from '../shared/somark.ts';
import { ServiceError } from '../shared/service-errors.ts';

const SIZE = 200 * 1024 * 1024;
const BAR_MB = 100;
const MB = 1024 * 1024;
const ENGINE = process.argv.includes('--engine');
const KEY = 'sk-bench-not-a-real-key';

/** The sink: counts and discards the body, answers like /parse/async. Runs in its own process. */
function runSink(): void {
  const server = createServer((req, res) => {
    let n = 0;
    req.on('data', (c: Buffer) => (n += c.length));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 0, message: '任务已提交', data: { task_id: `sink-${n}`, status: 'QUEUING' } }));
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
  process.on('disconnect', () => process.exit(0));
}

/** The engine as the receiver, in its own process with a temporary data folder. */
async function runEngineSink(): Promise<void> {
  const { startEngineServer } = await import('../engine/server/index.ts');
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-upload-engine-'));
  const server = await startEngineServer({ dataDir, apiKeys: [KEY], workers: 1 });
  process.send?.(server.port);
  process.on(
    'disconnect',
    () =>
      void server
        .close()
        .then(() => rm(dataDir, { recursive: true, force: true }))
        .then(() => process.exit(0)),
  );
}

async function main(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const dir = await mkdtemp(join(tmpdir(), 'bench-upload-'));
  const path = join(dir, 'big.pdf');
  const fh = await open(path, 'w');
  await fh.write('%PDF-1.7\n');
  await fh.truncate(SIZE);
  await fh.close();

  const sink = fork(new URL(import.meta.url), [ENGINE ? '--engine-sink' : '--sink'], {
    stdio: 'inherit',
    execArgv: ['--disable-warning=ExperimentalWarning'],
  });
  const port = await new Promise<number>((resolve) => sink.once('message', (p) => resolve(p as number)));
  const client = createSomarkClient({
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    apiKey: KEY,
    timing: { retryBaseMs: 100, retryMaxMs: 100, maxRetries: 0, idleTimeoutMs: 30_000 },
  });

  gc();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  let peakExternal = base.arrayBuffers;
  const sample = (): void => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakExternal = Math.max(peakExternal, m.arrayBuffers);
  };
  const timer = setInterval(sample, 50);
  let lastPct = -10;
  const t0 = performance.now();
  try {
    const sub = await client
      .submitAsync({
        file: { path, fileName: 'big.pdf', size: SIZE, fileType: '.pdf' },
        formats: ['markdown', 'json'],
        featureConfig: DEFAULT_FEATURE_CONFIG,
        onUpload: (sent, total) => {
          const pct = Math.floor((sent * 100) / total);
          if (pct >= lastPct + 25) {
            lastPct = pct;
            process.stdout.write(`  upload ${pct}%\n`);
          }
        },
      })
      .catch((e: unknown) => {
        // The engine answers once it has stored the whole upload: a refusal of its content ends the upload too.
        if (ENGINE && e instanceof ServiceError) return { task_id: `sink-${SIZE}` };
        throw e;
      });
    const secs = (performance.now() - t0) / 1000;
    sample();
    clearInterval(timer);
    const received = Number(sub.task_id.replace('sink-', ''));
    const rssGrowth = (peakRss - base.rss) / MB;
    console.log(
      `file            ${(SIZE / MB).toFixed(0)} MB (${ENGINE ? 'to the local engine' : `sink received ${(received / MB).toFixed(1)} MB incl. multipart framing`})`,
    );
    console.log(`time            ${secs.toFixed(2)} s`);
    console.log(`throughput      ${(SIZE / MB / secs).toFixed(0)} MB/s`);
    console.log(`peak RSS growth ${rssGrowth.toFixed(1)} MB (bar < ${BAR_MB} MB)`);
    console.log(
      `peak heap growth ${((peakHeap - base.heapUsed) / MB).toFixed(1)} MB, Buffers (arrayBuffers) ${((peakExternal - base.arrayBuffers) / MB).toFixed(1)} MB`,
    );
    if (received < SIZE) throw new Error('the sink received less than the file');
    if (rssGrowth >= BAR_MB) {
      console.log('FAIL: memory growth over the bar');
      process.exitCode = 1;
    } else console.log('PASS');
  } finally {
    clearInterval(timer);
    sink.disconnect();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--sink')) runSink();
else if (process.argv.includes('--engine-sink')) await runEngineSink();
else await main();
