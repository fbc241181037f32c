// The built Electron main bundle (electron-vite → main/index.js) run under Node with a stand-in
// 'electron' module (ipc-fake-electron.mjs) and the real services: window preferences, one handler
// per channel with the sender check and envelopes, the ready queue, both protocols, navigation,
// permissions, the engine in a utility process, and services (the engine too) closed before quitting.
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DROPPED_PATHS_CHANNEL, INVOKE_CHANNELS } from '../../shared/ipc-contract.ts';

const root = resolve(fileURLToPath(new URL('../../', import.meta.url)));
let outDir: string;
let userData: string;
let child: ChildProcess;
let exited: Promise<number | null>;
const sent: { channel: string; payload: unknown }[] = [];
const waiters = new Map<number, (m: { value?: unknown; error?: string }) => void>();
let nextId = 1;
let enginePid = 0;

function ask<T = unknown>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
  const id = nextId++;
  return new Promise((res, rej) => {
    waiters.set(id, (m) => (m.error ? rej(new Error(m.error)) : res(m.value as T)));
    child.send({ id, cmd, ...args });
  });
}

beforeAll(async () => {
  // Inside the repo (ignored .tmp/) so the bundle's bare imports resolve from node_modules.
  await mkdir(join(root, '.tmp'), { recursive: true });
  outDir = await mkdtemp(join(root, '.tmp', 'main-wiring-'));
  userData = await mkdtemp(join(tmpdir(), 'docparse-userdata-'));
  await promisify(execFile)(
    process.execPath,
    [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: root,
      env: { ...process.env, DOCPARSE_OUT_DIR: outDir },
      maxBuffer: 64 << 20,
    },
  );
  child = fork(join(outDir, 'main', 'index.js'), [], {
    execArgv: ['--import', join(root, 'tests', 'electron', 'ipc-fake-electron-register.mjs')],
    env: { ...process.env, ELECTRON_USER_DATA_PATH: userData, ELECTRON_RENDERER_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  exited = new Promise((r) => child.once('exit', (code) => r(code)));
  const windowShown = new Promise<void>((res, rej) => {
    child.on(
      'message',
      (m: { type: string; id?: number; channel?: string; payload?: unknown; value?: unknown; error?: string }) => {
        if (m.type === 'window') res();
        else if (m.type === 'sent') sent.push({ channel: m.channel!, payload: m.payload });
        else if (m.type === 'reply') waiters.get(m.id!)?.(m);
        else if (m.type === 'error')
          rej(new Error(`main failed to start: ${String((m as { message?: string }).message)}`));
      },
    );
    child.once('exit', (code) => rej(new Error(`main exited with ${code}`)));
  });
  await windowShown;
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await rm(outDir, { recursive: true, force: true });
  await rm(userData, { recursive: true, force: true });
});

describe('Electron main (built bundle)', () => {
  it('opens one hardened window on the app scheme with the CJS preload', async () => {
    const s = await ask<{
      url: string;
      webPreferences: Record<string, unknown>;
      schemes: string[];
      locked: boolean;
      userData: string;
    }>('state');
    expect(s.url).toBe('docparse-app://app/index.html');
    expect(s.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(String(s.webPreferences.preload)).toBe(join(outDir, 'preload', 'index.cjs'));
    expect(existsSync(String(s.webPreferences.preload))).toBe(true);
    expect(s.schemes).toEqual(['docparse-app', 'docparse-asset']);
    expect(s.locked).toBe(true);
    expect(s.userData).toBe(userData);
  });

  it('registers exactly one handler per allowlisted channel, plus the preload-only dropped-paths channel', async () => {
    const s = await ask<{ channels: string[] }>('state');
    expect([...s.channels].sort()).toEqual([...INVOKE_CHANNELS, DROPPED_PATHS_CHANNEL].sort());
  });

  it('answers the trusted main frame and refuses iframes, foreign pages and other windows', async () => {
    const before = await ask('invoke', { channel: 'settings:set', req: { theme: 'dark' } });
    expect(before).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toEqual([]); // queued until the renderer is ready
    const ready = await ask('invoke', { channel: 'app:ready' });
    expect(ready).toMatchObject({ ok: true, value: { transport: 'electron', locale: 'zh-CN', dataDir: userData } });
    await expect.poll(() => sent.map((e) => e.channel)).toContain('settings:changed');
    for (const from of ['iframe', 'foreign-page', 'other-window']) {
      expect(await ask('invoke', { channel: 'settings:get', from }), from).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      });
    }
    expect(await ask('invoke', { channel: 'dialog:pickFolder' })).toEqual({ ok: true, value: null });
  });

  it('serves the renderer with its CSP and falls back to index.html for app routes', async () => {
    const page = await ask<{ status: number; headers: Record<string, string>; body: string }>('fetch', {
      url: 'docparse-app://app/index.html',
    });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<div id="root">');
    const route = await ask<{ status: number; body: string }>('fetch', { url: 'docparse-app://app/history' });
    expect(route.status).toBe(200);
    expect(route.body).toBe(page.body);
    expect((await ask<{ status: number }>('fetch', { url: 'docparse-app://app/static/nope.js' })).status).toBe(404);
    expect((await ask<{ status: number }>('fetch', { url: 'docparse-app://other/index.html' })).status).toBe(404);
  });

  it('serves assets only through the services', async () => {
    expect((await ask<{ status: number }>('fetch', { url: 'docparse-asset://app/results/none/original' })).status).toBe(
      404,
    );
    expect(
      (await ask<{ status: number }>('fetch', { url: 'docparse-asset://app/..%2F..%2Fetc%2Fpasswd' })).status,
    ).toBe(404);
  });

  it('denies new windows and foreign navigation, sending http(s) links to the browser', async () => {
    expect(await ask('windowOpen', { url: 'https://somark.tech/' })).toEqual({
      action: 'deny',
      opened: ['https://somark.tech/'],
    });
    expect(await ask('windowOpen', { url: 'file:///etc/passwd' })).toEqual({ action: 'deny', opened: [] });
    expect(await ask('navigate', { url: 'https://evil.example/' })).toEqual({
      prevented: true,
      opened: ['https://evil.example/'],
    });
    expect(await ask('navigate', { url: 'file:///etc/passwd' })).toEqual({ prevented: true, opened: [] });
    expect(await ask('navigate', { url: 'docparse-app://app/index.html' })).toEqual({ prevented: false, opened: [] });
  });

  it('grants only clipboard writes to the app', async () => {
    expect(await ask('permission', { permission: 'media', url: 'docparse-app://app/index.html' })).toBe(false);
    expect(
      await ask('permission', { permission: 'clipboard-sanitized-write', url: 'docparse-app://app/index.html' }),
    ).toBe(true);
  });

  it('runs the local engine in a utility process of its own, key not on its command line', async () => {
    const report = await ask('invoke', { channel: 'connection:test', req: { backend: 'local' } });
    expect(report).toMatchObject({ ok: true, value: { backend: 'local', keySent: true } });
    const s = await ask<{ utilities: number[] }>('state');
    expect(s.utilities).toHaveLength(1);
    enginePid = s.utilities[0]!;
    expect(enginePid).not.toBe(child.pid);
    if (process.platform === 'linux')
      expect(readFileSync(`/proc/${enginePid}/cmdline`, 'utf8')).not.toMatch(/sk-local/);
  });

  it('closes the services before quitting, the engine process with them', async () => {
    await ask('quit');
    expect(await exited).toBe(0);
    expect(() => process.kill(enginePid, 0)).toThrow(); // gone: the app stopped it before it exited
  });
});
