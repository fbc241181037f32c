// The engine's own process and its supervisor, with the real engine in a real Node child: a SIGKILLed
// engine comes back on the same URL and the task it was parsing finishes (on another port, named by
// ensure(), when its own was taken meanwhile); the key is never on a command line; close() stops the
// process; an app killed outright leaves no engine behind. The crash-loop cap and the kill of an engine
// that will not stop are checked on a scripted process (policy, not parsing).
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createEngineManager, type EngineEvent } from '../../../electron/services/backend/engine-manager.ts';
import type { EngineProcess, FromEngine } from '../../../electron/services/backend/engine-process.ts';
import { createSupervisor } from '../../../electron/services/backend/supervisor.ts';
import { nullLogger } from '../../../electron/services/log.ts';
import { corpus, makeServices, removeTemps, tempDir, waitFinal, waitTask } from './helpers.ts';

afterAll(removeTemps);

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function until(pred: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  for (const t0 = Date.now(); !pred(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}

describe('engine process', () => {
  it('a SIGKILLed engine is restarted on the same URL; the task it was parsing finishes; the UI is told', async () => {
    const h = await makeServices({ engine: { policy: { backoffMs: 50 } } });
    try {
      const {
        tasks: [t],
      } = await h.svc.handlers['tasks:submit']({
        paths: [corpus('large/irs-manual-400p.pdf')],
        options: { mode: 'async' },
      });
      const before = await waitTask(h, t!.id, (x) => x.state === 'PROCESSING' && !!x.remoteTaskId);
      const pid = h.svc.enginePid()!;
      expect(pid).toBeGreaterThan(0);
      expect(pid).not.toBe(process.pid);
      process.kill(pid, 'SIGKILL');
      const done = await waitFinal(h, t!.id, 120_000);
      expect(done.error).toBeNull();
      expect(done).toMatchObject({
        state: 'SUCCESS',
        remoteTaskId: before.remoteTaskId,
        baseUrl: before.baseUrl,
        pages: 400,
      });
      expect(h.svc.enginePid()).not.toBe(pid);
      expect(alive(pid)).toBe(false);
      expect(h.events.filter((e) => e.channel === 'engine:status').map((e) => e.payload)).toEqual([
        { state: 'restarted', crashes: 1, message: null },
      ]);
      const log = readFileSync(`${h.dataDir}/logs/main.log`, 'utf8');
      expect(log).toContain(`engine process ${pid} stopped unexpectedly (signal SIGKILL)`);
    } finally {
      await h.close();
    }
  });

  it('the key travels by IPC: neither its command line nor its environment holds it; close() stops it', async () => {
    const dataDir = await tempDir();
    const manager = createEngineManager({ dataDir, log: nullLogger });
    const target = await manager.ensure();
    const pid = manager.pid()!;
    if (process.platform === 'linux') {
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).not.toContain(manager.secret());
      expect(readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toContain(manager.secret());
    }
    expect(target.apiKey).toBe(manager.secret());
    await manager.close();
    expect(alive(pid)).toBe(false);
    await expect(manager.ensure()).rejects.toThrow(/shutting down/);
  });

  it('when its port was taken meanwhile, the restarted engine listens on another and ensure() names it', async () => {
    const dataDir = await tempDir();
    const blocker = createServer();
    let port = 0;
    const manager = createEngineManager({
      dataDir,
      log: nullLogger,
      policy: { backoffMs: 300 },
      onEvent: (e) => void (e.kind === 'crashed' && blocker.listen(port, '127.0.0.1')),
    });
    try {
      const first = await manager.ensure();
      port = Number(new URL(first.baseUrl).port);
      process.kill(manager.pid()!, 'SIGKILL');
      await until(() => blocker.listening, 'the port to be taken');
      await until(() => manager.current() !== null, 'the restart');
      const second = await manager.ensure();
      expect(second.baseUrl).not.toBe(first.baseUrl);
      const usage = await fetch(`${second.baseUrl}/usage`, {
        method: 'POST',
        body: new URLSearchParams({ api_key: second.apiKey }),
      });
      expect(((await usage.json()) as { code: number }).code).toBe(0);
    } finally {
      await manager.close();
      blocker.close();
    }
  });

  it('an app killed outright (SIGKILL) leaves no engine behind', async () => {
    const dataDir = await tempDir();
    const parent = spawn(
      process.execPath,
      [
        '--disable-warning=ExperimentalWarning',
        fileURLToPath(new URL('./scripts/engine-parent.ts', import.meta.url)),
        dataDir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    parent.stdout.on('data', (c: Buffer) => void (out += c.toString()));
    await until(() => /engine pid \d+/.test(out), 'the engine to start');
    const pid = Number(/engine pid (\d+)/.exec(out)![1]);
    expect(alive(pid)).toBe(true);
    parent.kill('SIGKILL');
    await until(() => !alive(pid), `engine ${pid} to exit after its parent died`);
  });
});

/** A scripted engine process: listens at once, then does what the test says. */
function scripted(o: { crashAfterMs?: number; ignoreStop?: boolean }, spawned: FakeProcess[]): () => EngineProcess {
  return () => {
    const p = new FakeProcess(spawned.length + 1000, o);
    spawned.push(p);
    return p;
  };
}
class FakeProcess implements EngineProcess {
  readonly pid: number;
  killed = false;
  private msg: (m: FromEngine) => void = () => {};
  private exits: Array<(code: number | null, signal: string | null) => void> = [];
  private readonly o: { crashAfterMs?: number; ignoreStop?: boolean };
  constructor(pid: number, o: { crashAfterMs?: number; ignoreStop?: boolean }) {
    this.pid = pid;
    this.o = o;
  }
  send(m: { type: string; port?: number }): void {
    if (m.type === 'start') {
      setTimeout(
        () =>
          this.msg({
            type: 'listening',
            url: `http://127.0.0.1:${m.port || 4000}/api/v1`,
            port: m.port || 4000,
            pid: this.pid,
            startMs: 1,
          }),
        5,
      );
      if (this.o.crashAfterMs !== undefined) setTimeout(() => this.exit(null, 'SIGSEGV'), this.o.crashAfterMs);
    } else if (m.type === 'stop' && !this.o.ignoreStop) setTimeout(() => this.exit(0, null), 5);
  }
  onMessage(cb: (m: FromEngine) => void): void {
    this.msg = cb;
  }
  onOutput(): void {}
  onExit(cb: (code: number | null, signal: string | null) => void): void {
    this.exits.push(cb);
  }
  kill(): void {
    this.killed = true;
    this.exit(null, 'SIGKILL');
  }
  private exit(code: number | null, signal: string | null): void {
    const cbs = this.exits.splice(0);
    for (const cb of cbs) cb(code, signal);
  }
}

describe('engine supervisor policy', () => {
  it('a crash loop is capped: after maxCrashes in the window it gives up with a clear error, and a later ask starts afresh', async () => {
    const spawned: FakeProcess[] = [];
    const events: EngineEvent[] = [];
    const sup = createSupervisor({
      spawn: scripted({ crashAfterMs: 30 }, spawned),
      startMessage: (port) => ({ type: 'start', port, dataDir: '', apiKeys: [], maxPages: 1 }),
      log: nullLogger,
      onEvent: (e) => events.push(e),
      policy: { backoffMs: 10, maxBackoffMs: 40, maxCrashes: 3, windowMs: 60_000 },
    });
    await sup.ensure();
    await until(() => events.some((e) => e.kind === 'gave-up'), 'the supervisor to give up');
    expect(events.filter((e) => e.kind === 'crashed')).toHaveLength(3);
    expect(events.filter((e) => e.kind === 'restarted')).toHaveLength(2);
    const gaveUp = events.find((e) => e.kind === 'gave-up') as Extract<EngineEvent, { kind: 'gave-up' }>;
    expect(gaveUp.message).toMatch(/^it stopped 3 times in 1 min, so it was not started again/);
    expect(spawned).toHaveLength(3);
    // Every restart asked for the first process's port (polling URLs stay valid).
    expect(events.filter((e) => e.kind === 'restarted').map((e) => (e as { url: string }).url)).toEqual([
      'http://127.0.0.1:4000/api/v1',
      'http://127.0.0.1:4000/api/v1',
    ]);
    await new Promise((r) => setTimeout(r, 100));
    expect(spawned).toHaveLength(3); // no restart after giving up ...
    await sup.ensure(); // ... until something asks again
    expect(spawned).toHaveLength(4);
    await sup.close();
  });

  it('close() asks the process to stop, and kills it when it does not stop in time', async () => {
    const spawned: FakeProcess[] = [];
    const sup = createSupervisor({
      spawn: scripted({ ignoreStop: true }, spawned),
      startMessage: (port) => ({ type: 'start', port, dataDir: '', apiKeys: [], maxPages: 1 }),
      log: nullLogger,
      onEvent: () => {},
      policy: { stopTimeoutMs: 100 },
    });
    await sup.ensure();
    await sup.close();
    expect(spawned[0]!.killed).toBe(true);
  });
});
