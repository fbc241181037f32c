// The engine supervisor's policy, on a scripted process (policy, not parsing): the crash-loop cap, and the
// kill of an engine that will not stop.
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../electron/services/backend/engine-manager.ts';
import type { EngineProcess, FromEngine } from '../../../electron/services/backend/engine-process.ts';
import { createSupervisor } from '../../../electron/services/backend/supervisor.ts';
import { nullLogger } from '../../../electron/services/log.ts';
import { removeTemps, until } from './helpers.ts';

afterAll(removeTemps);

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
