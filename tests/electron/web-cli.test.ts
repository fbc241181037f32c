// electron/web/server.ts as users run it: real services (createAppServices), printed URL, token,
// the contract over /ipc, argument errors, and a graceful SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDataDir, parseWebArgs } from '../../electron/web/args.ts';
import { http, IpcClient } from './web-support.ts';

const root = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const SERVER = join(root, 'electron', 'web', 'server.ts');

let dir: string;
let staticDir: string;

function startServer(args: string[]): {
  proc: ChildProcess;
  output: () => string;
  url: Promise<string>;
  exit: Promise<number | null>;
} {
  const proc = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', SERVER, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DOCPARSE_WEB_TOKEN: '' },
  });
  let out = '';
  const url = new Promise<string>((res, rej) => {
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(out);
      if (m) res(m[1]!);
    });
    proc.once('exit', () => rej(new Error(`server exited:\n${out}`)));
  });
  proc.stderr!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exit = new Promise<number | null>((res) => proc.once('exit', (code) => res(code)));
  return { proc, output: () => out, url, exit };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'web-cli-'));
  staticDir = join(dir, 'renderer');
  await mkdir(staticDir, { recursive: true });
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>DocParse Desktop</title><div id="root"></div>');
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('node electron/web/server.ts', () => {
  it('serves the real services behind the printed token and stops cleanly on SIGTERM', async () => {
    const dataDir = join(dir, 'data');
    const s = startServer(['--port', '0', '--data-dir', dataDir, '--static-dir', staticDir, '--no-build']);
    try {
      const url = new URL(await s.url);
      const token = url.searchParams.get('token')!;
      expect(token).toMatch(/^[\w-]{32}$/);
      expect((await http(url.href)).status).toBe(200);
      await expect(IpcClient.open(`ws://${url.host}/ipc`, { headers: { origin: url.origin } })).rejects.toThrow(
        'HTTP 401',
      );
      const c = await IpcClient.open(`ws://${url.host}/ipc`, {
        headers: { origin: url.origin },
        protocols: ['docparse.v1', `token.${token}`],
      });
      const ready = await c.invoke('app:ready');
      expect(ready).toMatchObject({ ok: true, value: { transport: 'web', dataDir } });
      expect(await c.invoke('settings:get')).toMatchObject({ ok: true, value: { backend: expect.any(String) } });
      expect(await c.invoke('dialog:pickFolder')).toEqual({ ok: true, value: null });
      expect(await c.invoke('no:such')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
      await c.close();
    } finally {
      s.proc.kill('SIGTERM');
    }
    expect(await s.exit).toBe(0);
    expect(s.output()).toContain('SIGTERM');
  });

  it('refuses to start without a renderer build, with a hint', async () => {
    const s = startServer(['--port', '0', '--data-dir', join(dir, 'd2'), '--static-dir', join(dir, 'nothing-here')]);
    s.url.catch(() => undefined);
    expect(await s.exit).toBe(1);
    expect(s.output()).toMatch(/No renderer build .*npm run web/);
  });
});

describe('arguments', () => {
  it('parses flags and picks a per-user data folder', () => {
    const a = parseWebArgs(['--port=0', '--data-dir', '/x/y', '--no-build'], {});
    expect(a).toMatchObject({ port: 0, dataDir: '/x/y', noBuild: true });
    expect(parseWebArgs([], {}).port).toBeUndefined();
    expect(parseWebArgs([], { DOCPARSE_DATA_DIR: '/env/dir' }).dataDir).toBe('/env/dir');
    expect(() => parseWebArgs(['--port', 'abc'], {})).toThrow(/port/);
    expect(() => parseWebArgs(['--frobnicate'], {})).toThrow(/Unknown option/);
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe(join('/xdg', 'docparse-desktop-web'));
    expect(defaultDataDir({}, 'linux', '/home/u')).toBe(join('/home/u', '.config', 'docparse-desktop-web'));
    expect(defaultDataDir({}, 'darwin', '/Users/u')).toBe(
      join('/Users/u', 'Library', 'Application Support', 'docparse-desktop-web'),
    );
  });
});
