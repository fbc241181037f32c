// The server CLI as users run it: engine/cli/server.ts prints its URL once it accepts requests, answers on
// it, stops on SIGTERM/SIGINT with exit 0, refuses to start without a key (exit 2), and takes
// --long-poll-seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEY, REPO } from '../server/helpers.ts';
import { run, type Run } from './run-cli.ts';

let out: string;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'docparse-server-cli-'));
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('server CLI', () => {
  it('prints the URL once it accepts requests and stops on SIGTERM with exit 0', async () => {
    const data = join(out, 'server-data');
    const r = await run('engine/cli/server.ts', ['--port', '0', '--api-key', KEY, '--data-dir', data, '--quiet'], {
      untilStdout: /\/api\/v1/,
    });
    expect(r.stdout).toMatch(/^DocParse engine listening on http:\/\/127\.0\.0\.1:\d+\/api\/v1$/m);
    expect(r.code).toBe(0);
  });

  it('answers on the printed URL (SIGINT stops it)', async () => {
    const data = join(out, 'server-data2');
    let answered = 0;
    const r = await new Promise<Run>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          '--disable-warning=ExperimentalWarning',
          join(REPO, 'engine/cli/server.ts'),
          '--port',
          '0',
          '--no-auth',
          '--data-dir',
          data,
          '--quiet',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      child.stdout.on('data', async (c: Buffer) => {
        stdout += c.toString();
        const m = /(http:\/\/\S+\/api\/v1)/.exec(stdout);
        if (!m) return;
        const res = await fetch(`${m[1]}/usage`, { method: 'POST' });
        answered = (await res.json()).code === 0 ? 1 : -1;
        child.kill('SIGINT');
      });
      child.on('exit', (code) => resolve({ code, stdout, stderr: '' }));
    });
    expect(answered).toBe(1);
    expect(r.code).toBe(0);
  });

  it('refuses to start without a key or --no-auth (exit 2)', async () => {
    const r = await run('engine/cli/server.ts', ['--port', '0', '--data-dir', join(out, 'server-data3')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--api-key.*--no-auth/);
  });
});
