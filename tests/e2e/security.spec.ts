// E2E: the API key never appears in any file under the app's data folder, in the logs, or in the
// renderer's memory. A second engine accepts only a fresh random key; the key is typed into Settings
// and saved through the UI (in a real Secret Service from tests/support/with-keyring.sh, and, without
// a keychain, "for this session only"); a PDF is parsed through that engine to SUCCESS; then the data
// folder (every file, as bytes), the server's output and a heap snapshot of the page are searched.
// Controls show each search can find things: the service URL on disk, the task id in the log, and
// two needles in the heap (one set from the test, one typed into the key field and left unsaved).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startEngineServer } from '../../engine/server/index.ts';
import { expect, invokeFromTest, test as base } from './fixtures.ts';
import {
  formsIn,
  heapSnapshot,
  keyForms,
  searchFolder,
  startKeyring,
  uniqueKey,
  type Keyring,
} from './support/secrets.ts';
import { REPO_ROOT } from './support/web-app.ts';

type Storage = 'keychain' | 'session';
interface Cloud {
  key: string;
  url: string;
}

const DOC = join(REPO_ROOT, '..', 'shared', 'corpus', 'pdf-digital', 'two_paragraphs.pdf');

const test = base.extend<{ storage: Storage; keyring: Keyring | null; cloud: Cloud }>({
  storage: ['keychain', { option: true }],
  keyring: async ({ storage }, use) => {
    const keyring = storage === 'keychain' ? await startKeyring() : null;
    try {
      await use(keyring);
    } finally {
      await keyring?.stop();
    }
  },
  // The server gets the private bus (real keychain) or a bus that does not exist (no keychain), and
  // copies its main log to stderr so app.logs() holds every log line too.
  appOptions: async ({ storage, keyring }, use) => {
    const bus =
      storage === 'keychain' && keyring
        ? keyring.env.DBUS_SESSION_BUS_ADDRESS!
        : `unix:path=${join(tmpdir(), `docparse-no-bus-${randomBytes(6).toString('hex')}`)}`;
    await use({ env: { DBUS_SESSION_BUS_ADDRESS: bus, DOCPARSE_LOG: 'stderr' } });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it needs none
  cloud: async ({}, use) => {
    const key = uniqueKey();
    const dir = await mkdtemp(join(tmpdir(), 'dp-e2e-secret-engine-'));
    const engine = await startEngineServer({ port: 0, dataDir: dir, apiKeys: [key], workers: 1 });
    try {
      await use({ key, url: engine.url });
    } finally {
      await engine.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
});

/** Settings → SoMark cloud at the engine's URL → the key typed and saved the way the UI offers. */
async function saveKeyThroughUi(page: Page, cloud: Cloud, storage: Storage): Promise<void> {
  await page.getByRole('tab', { name: /^Settings/ }).click();
  await page.getByRole('radio', { name: /SoMark cloud/ }).check();
  await page.getByLabel('Service address').selectOption({ label: 'Private deployment…' });
  await page.getByLabel('Private deployment base URL').fill(cloud.url);
  await page.getByRole('button', { name: 'Apply' }).click();

  const field = page.getByLabel('Enter key');
  await field.pressSequentially(cloud.key);
  if (storage === 'session') {
    await expect(page.getByRole('note')).toContainText('No system keychain available');
    await page.getByRole('button', { name: 'Keep for this session only' }).click();
  } else {
    await page.getByRole('button', { name: 'Save key' }).click();
  }
  const where = storage === 'session' ? 'for this session only' : 'in the system keychain';
  await expect(page.getByTestId('key-status')).toHaveText(`Set, ends with …${cloud.key.slice(-4)} · ${where}`);
  await expect(page.getByLabel('Replace key')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText(cloud.key.slice(3, 12));
}

async function parseToSuccess(page: Page): Promise<void> {
  await page.getByRole('tab', { name: /^Queue/ }).click();
  await page.getByTestId('dropzone-input').setInputFiles(DOC);
  const row = page.getByTestId('queue-row').filter({ hasText: 'two_paragraphs.pdf' });
  await expect(row).toHaveAttribute('data-state', 'SUCCESS', { timeout: 90_000 });
  await expect(row).toContainText('SoMark cloud');
}

for (const storage of ['keychain', 'session'] as const) {
  test.describe(`key kept ${storage === 'keychain' ? 'in the OS keychain' : 'for this session only'}`, () => {
    test.use({ storage });

    test('the key is in no file of the data folder, no log line and not in renderer memory', async ({
      page,
      app,
      cloud,
      keyring,
    }, testInfo) => {
      test.setTimeout(150_000);
      test.skip(
        storage === 'keychain' && !keyring,
        'no dbus-run-session/gnome-keyring-daemon: the session-only test covers this machine',
      );
      testInfo.annotations.push({
        type: 'key storage',
        description: storage === 'keychain' ? 'Secret Service (gnome-keyring)' : 'session memory',
      });

      await saveKeyThroughUi(page, cloud, storage);
      await parseToSuccess(page);
      const tasks = await invokeFromTest(app, 'tasks:list');
      const task = tasks.ok ? tasks.value.find((t) => t.fileName === 'two_paragraphs.pdf') : undefined;
      expect(task).toMatchObject({ state: 'SUCCESS', backend: 'cloud', baseUrl: cloud.url });
      const forms = keyForms(cloud.key);

      // (c) Renderer memory, with the key field open again: a needle typed into it (not saved) and one
      // set from the test must both show up in the same snapshot that must not hold the key.
      await page.getByRole('tab', { name: /^Settings/ }).click();
      const typed = `sk-typedneedle${randomBytes(12).toString('hex')}`;
      await page.getByLabel('Replace key').pressSequentially(typed);
      const probe = `needle-${randomBytes(16).toString('hex')}`;
      await page.evaluate((s) => {
        (window as unknown as { __probe: string }).__probe = s;
      }, probe);
      const heap = await heapSnapshot(page);
      expect(heap.length).toBeGreaterThan(100_000);
      expect(heap.includes(probe), 'control: a string set in the page is in the snapshot').toBe(true);
      expect(heap.includes(typed), 'control: a key typed into the field is in the snapshot').toBe(true);
      expect(formsIn(heap, forms), 'the saved key in the renderer heap').toEqual([]);

      // Stop the app (it flushes settings, tasks and logs), then read what it left behind.
      await app.stop();

      // (b) Everything the server printed, including its main log (DOCPARSE_LOG=stderr).
      const logs = app.logs();
      expect(logs, 'control: the log names the task').toContain(`${task!.id} SUCCESS`);
      expect(logs).toContain(storage === 'keychain' ? 'key store: keychain' : 'key store: session memory only');
      expect(formsIn(logs, forms), 'the key in the server output').toEqual([]);

      // (a) Every file under the data folder, as bytes.
      const control = await searchFolder(app.dataDir, new Map([['service URL', Buffer.from(cloud.url)]]));
      expect(control.hits.length, 'control: the walk finds the service URL in the saved settings').toBeGreaterThan(0);
      const { files, hits } = await searchFolder(app.dataDir, forms);
      expect(files).toBeGreaterThan(3);
      expect(hits, 'files under the data folder holding the key').toEqual([]);

      // After a restart the key is still there only if the keychain kept it (it was never on disk).
      await app.start();
      await page.reload();
      await page.getByRole('tab', { name: /^Settings/ }).click();
      await expect(page.getByTestId('key-status')).toHaveText(
        storage === 'keychain' ? `Set, ends with …${cloud.key.slice(-4)} · in the system keychain` : 'Not set',
      );
    });
  });
}
