// The engine's own process and its supervisor, with the real engine in a real Node child: a SIGKILLed
// engine comes back on the same URL and the task it was parsing finishes (on another port, named by
// ensure(), when its own was taken meanwhile); the key is never on a command line; close() stops the
// process; an app killed outright leaves no engine behind. (The supervisor's policy:
// supervisor-policy.test.ts.)
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createEngineManager } from '../../../electron/services/backend/engine-manager.ts';
import { nullLogger } from '../../../electron/services/log.ts';
import { alive, corpus, makeServices, removeTemps, tempDir, until, waitFinal, waitTask } from './helpers.ts';

afterAll(removeTemps);

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
