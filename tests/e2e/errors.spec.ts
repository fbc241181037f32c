// E2E: the service stops while the user works. The cloud backend points at a second engine; the
// engine is stopped before a PDF is dropped; the task retries a bounded number of times (the row and
// the panel say "Retrying in N s (attempt n of 5): Could not reach <address>: the connection was refused…"), then shows a
// clear "could not reach the service" error and survives a reload; the engine comes back on the
// same port, Retry in the task's panel reaches SUCCESS with the same task (nothing lost). And in
// async mode the engine stops while the task is polled: once it is back, Retry polls the same remote
// task to SUCCESS instead of uploading again.
// (A wrong key → Retry is covered by app-cloud.spec.ts; a corrupted file next to a good one by
// app-parse.spec.ts.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startEngineServer, type EngineServer } from '../../engine/server/index.ts';
import { DEFAULT_TIMING } from '../../electron/services/consts.ts';
import type { Task } from '../../shared/task.ts';
import { expect, invokeFromTest, test, type WebApp } from './fixtures.ts';
import { REPO_ROOT } from './support/web-app.ts';

const KEY = 'sk-e2e-errors-engine-3f9d';
const DOC = join(REPO_ROOT, '..', 'shared', 'corpus', 'pdf-digital', 'two_paragraphs.pdf');

let engine: EngineServer | null = null;
let engineDir = '';

test.beforeEach(async () => {
  engineDir = await mkdtemp(join(tmpdir(), 'dp-e2e-errors-'));
  engine = await startEngineServer({ port: 0, dataDir: engineDir, apiKeys: [KEY], workers: 1 });
});

test.afterEach(async () => {
  await engine?.close();
  engine = null;
  await rm(engineDir, { recursive: true, force: true });
});

async function tasks(app: WebApp): Promise<Task[]> {
  const r = await invokeFromTest(app, 'tasks:list');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Settings → SoMark cloud at `url`, the key saved the way the UI offers, the connection tested. */
async function useCloud(page: Page, url: string): Promise<void> {
  await page.getByRole('tab', { name: /^Settings/ }).click();
  await page.getByRole('radio', { name: /SoMark cloud/ }).check();
  await page.getByLabel('Service address').selectOption({ label: 'Private deployment…' });
  await page.getByLabel('Private deployment base URL').fill(url);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByLabel('Enter key').fill(KEY);
  await page.getByRole('button', { name: /^(Save key|Keep for this session only)$/ }).click();
  await expect(page.getByTestId('key-status')).toContainText(`…${KEY.slice(-4)}`);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-result')).toContainText('reachable', { timeout: 30_000 });
}

test('engine stopped: bounded retries, a clear error, and Retry succeeds once it is back', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(180_000);
  const port = engine!.port;
  await useCloud(page, engine!.url);
  await engine!.close();
  engine = null;

  await page.getByRole('tab', { name: /^Queue/ }).click();
  const dropped = Date.now();
  await page.getByTestId('dropzone-input').setInputFiles(DOC);
  const row = page.getByTestId('queue-row').filter({ hasText: 'two_paragraphs.pdf' });
  await expect(row).toBeVisible();
  // Not at once: the app retries (backoff 1, 2, 4, 8 s + jitter by default) before giving up, and says so.
  await expect(row).not.toHaveAttribute('data-state', 'FAILED', { timeout: 2_000 });
  const max = DEFAULT_TIMING.maxRetries + 1;
  await expect(row.getByTestId('status-badge')).toHaveText('Retrying');
  await expect(row.getByTestId('row-retry')).toHaveText(
    new RegExp(
      `^Retrying (in \\d+ s|now) \\(attempt [2-${max}] of ${max}\\): Could not reach 127\\.0\\.0\\.1:${port}: the connection was refused`,
    ),
  );
  await expect(row.getByRole('progressbar')).toHaveCount(0); // no "Uploading 3%" for a refused connection
  await row.click();
  const note = page.getByTestId('retry-note');
  await expect(note).toContainText(new RegExp(`attempt [2-${max}] of ${max}`));
  await expect(note).toContainText(`127.0.0.1:${port} (ECONNREFUSED)`);
  await page.mouse.move(900, 650);
  await page.screenshot({ path: testInfo.outputPath('engine-stopped-retrying.png') });
  await expect(row).toHaveAttribute('data-state', 'FAILED', { timeout: 60_000 });
  const failedAfterMs = Date.now() - dropped;
  testInfo.annotations.push({ type: 'gave up after', description: `${(failedAfterMs / 1000).toFixed(1)} s` });

  const [failed] = await tasks(app);
  expect(failed).toMatchObject({ state: 'FAILED', error: { code: 'UNREACHABLE' } });
  expect(failed!.attempts, 'every retry spent, then no more').toBe(DEFAULT_TIMING.maxRetries + 1);
  await expect(row).toContainText('Could not reach 127.0.0.1:');

  await row.click();
  const error = page.getByTestId('task-error');
  await expect(error).toContainText(`Could not reach 127.0.0.1:${port}: the connection was refused`);
  await expect(error).toContainText(`127.0.0.1:${port}`);
  await expect(error).toContainText(`Code UNREACHABLE · ${DEFAULT_TIMING.maxRetries + 1} attempts`);
  await page.mouse.move(900, 650); // no hover actions over the row's badge in the picture
  await page.screenshot({ path: testInfo.outputPath('engine-stopped.png') });

  // Nothing lost: after a reload the task is still there, failed, with its reason.
  await page.reload();
  await expect(row).toHaveAttribute('data-state', 'FAILED', { timeout: 15_000 });
  await expect(row).toContainText('Could not reach 127.0.0.1:');

  // The service comes back on the same address; Retry in the task's panel finishes the same task.
  engine = await startEngineServer({ port, dataDir: engineDir, apiKeys: [KEY], workers: 1 });
  await row.click();
  await page.getByTestId('status-panel').getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(row).toHaveAttribute('data-state', 'SUCCESS', { timeout: 90_000 });
  const after = await tasks(app);
  expect(after.map((t) => [t.id, t.state])).toEqual([[failed!.id, 'SUCCESS']]);
  expect(after[0]).toMatchObject({ backend: 'cloud', baseUrl: engine.url, error: null });
});

test('engine stopped while an async task is polled: Retry resumes the same remote task', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(180_000);
  const port = engine!.port;
  await useCloud(page, engine!.url);
  await page.getByRole('radio', { name: 'Async' }).check();
  await page.getByRole('tab', { name: /^Queue/ }).click();
  await page.getByTestId('dropzone-input').setInputFiles(DOC);
  const row = page.getByTestId('queue-row').filter({ hasText: 'two_paragraphs.pdf' });
  // Submitted (the service gave it an id); the first check comes 3–5 s later.
  await expect(row).toHaveAttribute('data-state', /QUEUING|PROCESSING/, { timeout: 30_000 });
  const [submitted] = await tasks(app);
  expect(submitted!.remoteTaskId).toBeTruthy();
  await engine!.close();
  engine = null;

  await expect(row).toHaveAttribute('data-state', 'FAILED', { timeout: 90_000 });
  await expect(row).toContainText('Could not reach 127.0.0.1:');
  const [failed] = await tasks(app);
  expect(failed).toMatchObject({ error: { code: 'UNREACHABLE' }, remoteTaskId: submitted!.remoteTaskId });
  await row.click();
  await page.mouse.move(900, 650);
  await page.screenshot({ path: testInfo.outputPath('engine-stopped-while-polling.png') });

  engine = await startEngineServer({ port, dataDir: engineDir, apiKeys: [KEY], workers: 1 });
  await page.getByTestId('status-panel').getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(row).toHaveAttribute('data-state', 'SUCCESS', { timeout: 90_000 });
  const after = await tasks(app);
  expect(after.map((t) => [t.id, t.remoteTaskId, t.state])).toEqual([
    [submitted!.id, submitted!.remoteTaskId, 'SUCCESS'],
  ]);
});
