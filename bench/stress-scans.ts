// `node bench/stress-scans.ts [--tasks 30] [--busy 2] [--repo DIR]` — scans through the browser-mode app on
// a loaded machine: starts `--busy` busy loops, runs electron/web/server.ts (real services, local engine in
// its own process), submits `--tasks` scanned documents from the corpus over the app's IPC, samples the
// RSS of the app and engine processes every 250 ms, and prints: tasks done / failed, wall time, time to the
// first finished task, the engine's start-up, engine crashes and restarts, peak RSS of each process, and
// whether the app process stayed the same one throughout. `--repo` runs another checkout's server (before/after).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import type { InvokeChannel, Req, Res } from '../shared/ipc-contract.ts';
import type { IpcResult } from '../shared/result.ts';
import type { Task } from '../shared/task.ts';

const { values: v } = parseArgs({
  options: { tasks: { type: 'string' }, busy: { type: 'string' }, repo: { type: 'string' } },
});
const TASKS = Number(v.tasks ?? 30);
const BUSY = Number(v.busy ?? 2);
const repo = resolve(v.repo ?? new URL('..', import.meta.url).pathname);
const corpus = resolve(new URL('..', import.meta.url).pathname, '..', 'shared', 'corpus');
const SCANS = ['ocr_test.pdf', 'ocr_test_rotated_90.pdf', 'ocr_test_rotated_180.pdf', 'nemotron_multipage.pdf'].map(
  (f) => join(corpus, 'pdf-scanned', f),
);
const MB = 1024 * 1024;

/** Resident set size of `pid` in bytes, or 0 once it is gone. */
function rss(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

async function invoke<K extends InvokeChannel>(port: number, token: string, channel: K, req?: Req<K>): Promise<Res<K>> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ipc`, ['docparse.v1', `token.${token}`], {
    headers: { origin: `http://127.0.0.1:${port}` },
  });
  try {
    const r = await new Promise<IpcResult<Res<K>>>((ok, fail) => {
      ws.once('open', () => ws.send(JSON.stringify({ id: 1, channel, req })));
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as { id?: number; result?: IpcResult<Res<K>> };
        if (m.id === 1 && m.result) ok(m.result);
      });
      ws.once('error', fail);
    });
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.value;
  } finally {
    ws.close();
  }
}

const busy: ChildProcess[] = [];
for (let i = 0; i < BUSY; i++) busy.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
const dataDir = await mkdtemp(join(tmpdir(), 'bench-stress-'));
const token = randomBytes(24).toString('base64url');
const server = spawn(
  process.execPath,
  [
    '--disable-warning=ExperimentalWarning',
    join(repo, 'electron/web/server.ts'),
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--no-build',
    '--allow-dir',
    corpus,
  ],
  {
    cwd: repo,
    env: { ...process.env, DOCPARSE_WEB_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let exited: string | null = null;
server.once('exit', (code, signal) => (exited = `code ${code} signal ${signal}`));
let out = '';
server.stderr!.on('data', (c: Buffer) => (out += c.toString()));
const port = await new Promise<number>((ok, fail) => {
  server.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    const m = /Open: http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
    if (m) ok(Number(m[1]));
  });
  server.once('exit', () => fail(new Error(`the app exited before it was ready:\n${out}`)));
});
const appPid = server.pid!;
const log = (): string => {
  try {
    return readFileSync(join(dataDir, 'logs', 'main.log'), 'utf8');
  } catch {
    return '';
  }
};
/** The engine's pid (its own process, or the app's when it runs in-process) and start-up, from the log. */
const engines = (): Array<{ pid: number; ms: number }> => {
  const own = [...log().matchAll(/engine process (\d+) listening at \S+ \(started in (\d+) ms/g)].map((m) => ({
    pid: Number(m[1]),
    ms: Number(m[2]),
  }));
  if (own.length) return own;
  return [...log().matchAll(/local engine listening at \S+ \(started in (\d+) ms/g)].map((m) => ({
    pid: appPid,
    ms: Number(m[1]),
  }));
};

const t0 = Date.now();
const paths = Array.from({ length: TASKS }, (_, i) => SCANS[i % SCANS.length]!);
const tasks: Task[] = []; // one submit per task: a submit takes each path once
for (const path of paths) tasks.push(...(await invoke(port, token, 'tasks:submit', { paths: [path] })).tasks);
const peak = { app: 0, engine: 0 };
let firstDone: number | null = null;
let list: Task[] = [];
for (;;) {
  await new Promise((r) => setTimeout(r, 250));
  peak.app = Math.max(peak.app, rss(appPid));
  const e = engines().at(-1);
  if (e && e.pid !== appPid) peak.engine = Math.max(peak.engine, rss(e.pid));
  if (exited) break;
  list = await invoke(port, token, 'tasks:list');
  const mine = list.filter((t) => tasks.some((s) => s.id === t.id));
  if (firstDone === null && mine.some((t) => t.state === 'SUCCESS')) firstDone = Date.now() - t0;
  if (mine.every((t) => ['SUCCESS', 'FAILED', 'cancelled'].includes(t.state))) break;
}
const wall = (Date.now() - t0) / 1000;
const done = list.filter((t) => t.state === 'SUCCESS');
const failed = list.filter((t) => t.state === 'FAILED');
const pages = done.reduce((n, t) => n + (t.pages ?? 0), 0);
const crashes = (log().match(/stopped unexpectedly/g) ?? []).length;
const eng = engines();
const lastEngine = eng.at(-1)?.pid;
const exitedDuringRun: string | null = exited;
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
for (const b of busy) b.kill('SIGKILL');
const engineLeft = lastEngine !== undefined && lastEngine !== appPid && rss(lastEngine) > 0;

console.log(`stress-scans: ${TASKS} scan tasks (${SCANS.length} corpus scans in turn), ${BUSY} busy loops, ${repo}`);
console.log(
  `  done ${done.length}/${TASKS}, failed ${failed.length}${failed.length ? `: ${failed.map((t) => `${t.fileName} ${t.error?.code} ${t.error?.message}`).join('; ')}` : ''}`,
);
console.log(
  `  wall ${wall.toFixed(1)} s, ${pages} pages, ${(pages / wall).toFixed(2)} pages/s; first task done after ${((firstDone ?? 0) / 1000).toFixed(1)} s`,
);
console.log(
  `  engine start-up ${eng.map((e) => `${e.ms} ms`).join(', ') || '?'} (${eng[0]?.pid === appPid ? 'in the app process' : 'own process'}); crashes ${crashes}`,
);
console.log(
  `  peak RSS: app ${(peak.app / MB).toFixed(0)} MB, engine ${eng[0]?.pid === appPid ? '(inside the app)' : `${(peak.engine / MB).toFixed(0)} MB`}`,
);
console.log(
  `  app process ${appPid}: ${exitedDuringRun ? `EXITED during the run (${exitedDuringRun})` : 'the same one throughout'}; engine left after quit: ${engineLeft ? 'YES' : 'no'}`,
);
await rm(dataDir, { recursive: true, force: true });
process.exitCode = done.length === TASKS && !exitedDuringRun && !engineLeft ? 0 : 1;
