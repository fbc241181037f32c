// _electron smoke suite: the real preload, contextBridge, sandbox, CSP and navigation guards.
// Runs where Electron's binary exists (E2E_ELECTRON_BINARY or a downloaded node_modules/electron);
// elsewhere every test is skipped with the reason.
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RendererApi } from '../../shared/ipc-contract.ts';
import { findElectronBinary } from './electron-path.ts';

declare global {
  interface Window {
    api?: RendererApi;
  }
}

const root = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const { binary, reason } = findElectronBinary();

test.describe.configure({ mode: 'serial' });
test.skip(!binary, `Electron binary not available: ${reason}`);

let app: ElectronApplication;
let page: Page;
let userData: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  if (!existsSync(join(root, 'out', 'main', 'index.js')) || !existsSync(join(root, 'out', 'preload', 'index.cjs'))) {
    const { build } = await import('electron-vite');
    await build({ root, configFile: join(root, 'electron.vite.config.ts'), logLevel: 'warn' });
  }
  userData = await mkdtemp(join(tmpdir(), 'docparse-electron-e2e-'));
  app = await electron.launch({
    executablePath: binary!,
    args: [root, '--no-sandbox', '--disable-gpu'],
    env: { ...process.env, ELECTRON_USER_DATA_PATH: userData },
  });
  page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  await app?.close();
  if (userData) await rm(userData, { recursive: true, force: true });
});

test('window.api has exactly the RendererApi shape', async () => {
  expect(await page.evaluate(() => Object.keys(window.api ?? {}).sort())).toEqual(['invoke', 'on', 'pathsForFiles']);
  const ready = await page.evaluate(() => window.api!.invoke('app:ready', undefined));
  expect(ready).toMatchObject({ ok: true, value: { transport: 'electron' } });
});

test('an unlisted channel is refused', async () => {
  const r = await page.evaluate(() => window.api!.invoke('shell:openPath' as 'app:ready', undefined));
  expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
  const off = await page.evaluate(() => typeof window.api!.on('app:quit' as 'task:removed', () => undefined));
  expect(off).toBe('function');
});

test('the page has no Node: no require, no process, an isolated bridge', async () => {
  expect(
    await page.evaluate(() => [
      typeof (window as { require?: unknown }).require,
      typeof (window as { process?: unknown }).process,
    ]),
  ).toEqual(['undefined', 'undefined']);
  // contextIsolation: the page's window.api is a frozen bridge proxy, not the preload's own object.
  expect(await page.evaluate(() => Object.isFrozen(window.api))).toBe(true);
});

test('the CSP blocks inline scripts', async () => {
  const result = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; violation: string | null }>((done) => {
        let violation: string | null = null;
        document.addEventListener('securitypolicyviolation', (e) => {
          violation = e.violatedDirective;
        });
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';
        document.head.appendChild(s);
        setTimeout(() => done({ ran: (window as { __inlineRan?: boolean }).__inlineRan === true, violation }), 200);
      }),
  );
  expect(result.ran).toBe(false);
  expect(result.violation).toMatch(/script-src/);
});

test('new windows and navigation away from the app are denied', async () => {
  const before = page.url();
  expect(await page.evaluate(() => window.open('about:blank') === null)).toBe(true);
  await page.evaluate(() => {
    location.href = 'file:///etc/hostname';
  });
  await page.waitForTimeout(300);
  expect(page.url()).toBe(before);
  expect(app.windows()).toHaveLength(1);
});

test('the local engine runs in a utility process of its own, and comes back when it is killed', async () => {
  test.setTimeout(120_000);
  const listening = async (): Promise<number[]> => {
    const log = await readFile(join(userData, 'logs', 'main.log'), 'utf8').catch(() => '');
    return [...log.matchAll(/engine process (\d+) listening at /g)].map((m) => Number(m[1]));
  };
  const test1 = await page.evaluate(() => window.api!.invoke('connection:test', { backend: 'local' }));
  expect(test1).toMatchObject({ ok: true, value: { backend: 'local' } });
  await expect.poll(listening, { timeout: 30_000 }).toHaveLength(1);
  const [pid] = await listening();
  expect(pid).not.toBe(app.process().pid);
  process.kill(pid!, 'SIGKILL');
  await expect.poll(listening, { timeout: 60_000 }).toHaveLength(2);
  const test2 = await page.evaluate(() => window.api!.invoke('connection:test', { backend: 'local' }));
  expect(test2).toMatchObject({ ok: true, value: { backend: 'local' } });
});
