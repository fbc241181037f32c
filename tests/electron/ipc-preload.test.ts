// The built preload (electron-vite → preload/index.cjs), run in a VM with a stand-in for the
// 'electron' module (the real one needs the binary): it must be CommonJS that requires nothing but
// 'electron' (a sandboxed preload cannot load anything else), expose exactly RendererApi, and
// enforce the allowlists before anything reaches ipcRenderer.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RendererApi } from '../../shared/ipc-contract.ts';

const root = resolve(fileURLToPath(new URL('../../', import.meta.url)));
let tmp: string;
let code: string;

type Listener = (event: unknown, ...args: unknown[]) => void;

function loadPreload(): {
  api: RendererApi;
  exposed: string[];
  invoked: unknown[][];
  listeners: Map<string, Set<Listener>>;
} {
  const exposed: string[] = [];
  const invoked: unknown[][] = [];
  const listeners = new Map<string, Set<Listener>>();
  let api: RendererApi | null = null;
  const electron = {
    contextBridge: {
      exposeInMainWorld(key: string, value: RendererApi) {
        exposed.push(key);
        api = value;
      },
    },
    ipcRenderer: {
      invoke: (...args: unknown[]) => {
        invoked.push(args);
        return Promise.resolve({ ok: true, value: args[0] });
      },
      on: (ch: string, fn: Listener) => {
        (listeners.get(ch) ?? listeners.set(ch, new Set()).get(ch)!).add(fn);
      },
      removeListener: (ch: string, fn: Listener) => {
        listeners.get(ch)?.delete(fn);
      },
    },
    webUtils: { getPathForFile: (f: { path: string }) => f.path },
  };
  const required: string[] = [];
  const fakeRequire = (id: string): unknown => {
    required.push(id);
    if (id === 'electron') return electron;
    throw new Error(`a sandboxed preload cannot require '${id}'`);
  };
  const module = { exports: {} };
  new Script(code, { filename: 'index.cjs' }).runInNewContext({
    require: fakeRequire,
    module,
    exports: module.exports,
    console,
  });
  expect(required.every((id) => id === 'electron')).toBe(true);
  return { api: api!, exposed, invoked, listeners };
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'docparse-preload-'));
  await promisify(execFile)(
    process.execPath,
    [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: root,
      env: { ...process.env, DOCPARSE_OUT_DIR: tmp },
      maxBuffer: 64 << 20,
    },
  );
  code = await readFile(join(tmp, 'preload', 'index.cjs'), 'utf8');
});

afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('built preload', () => {
  it('is CommonJS and requires only electron', () => {
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    const requires = [...code.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(new Set(requires)).toEqual(new Set(['electron']));
  });

  it('exposes exactly window.api with the RendererApi methods', () => {
    const { api, exposed } = loadPreload();
    expect(exposed).toEqual(['api']);
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on', 'pathsForFiles']);
  });

  it('forwards allowlisted invokes and refuses others without touching ipcRenderer', async () => {
    const { api, invoked } = loadPreload();
    expect(await api.invoke('settings:get', undefined)).toEqual({ ok: true, value: 'settings:get' });
    expect(await api.invoke('tasks:cancel', { id: 'r1' })).toEqual({ ok: true, value: 'tasks:cancel' });
    const refused = await api.invoke('shell:openExternal' as 'settings:get', undefined);
    expect(refused).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(invoked).toEqual([
      ['settings:get', undefined],
      ['tasks:cancel', { id: 'r1' }],
    ]);
  });

  it('subscribes to allowlisted events only, hides the IPC event, and unsubscribes', () => {
    const { api, listeners } = loadPreload();
    const got: unknown[][] = [];
    const off = api.on('task:removed', (...args: unknown[]) => got.push(args));
    const [wrapped] = [...listeners.get('task:removed')!];
    wrapped!({ sender: 'secret' }, { id: 'x' });
    expect(got).toEqual([[{ id: 'x' }]]);
    off();
    expect(listeners.get('task:removed')!.size).toBe(0);
    api.on('ipc:internal' as 'task:removed', () => undefined);
    expect(listeners.has('ipc:internal')).toBe(false);
  });

  it('maps files to their paths with webUtils', async () => {
    const { api } = loadPreload();
    expect(await api.pathsForFiles([{ path: '/docs/a.pdf' }, { path: '/docs/b.png' }])).toEqual([
      '/docs/a.pdf',
      '/docs/b.png',
    ]);
  });
});
