// E2E: the cloud backend pointed at a second engine this test starts (a private deployment that
// wants its own key). A wrong key shows INVALID_KEY in the connection test and on the task; the
// right key and Retry then succeed (nothing lost). A stopped service shows UNREACHABLE.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngineServer, type EngineServer } from '../../engine/server/index.ts';
import { expect, test } from './fixtures.ts';
import { corpus, dropFiles, enterKey, expectRowState, openQueue, row, useCloud } from './app-ui.ts';

const RIGHT_KEY = 'sk-e2e-right-key-7a1c';
let engine: EngineServer | null = null;
let engineDir = '';

test.beforeEach(async () => {
  engineDir = await mkdtemp(join(tmpdir(), 'dp-e2e-cloud-'));
  engine = await startEngineServer({ apiKeys: [RIGHT_KEY], dataDir: engineDir, workers: 1 });
});

test.afterEach(async () => {
  await engine?.close();
  engine = null;
  await rm(engineDir, { recursive: true, force: true });
});

test('a wrong key shows INVALID_KEY; the right key and Retry recover the task', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await useCloud(page, engine!.url);
  await expect(page.getByTestId('backend-indicator')).toContainText('SoMark cloud');
  await expect(page.getByTestId('no-key-chip')).toBeVisible();

  await enterKey(page, 'sk-e2e-wrong-key-0000');
  await page.getByRole('button', { name: 'Test connection' }).click();
  const result = page.getByTestId('connection-result');
  await expect(result.locator('[data-error-code="INVALID_KEY"]')).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText('The service refused the API key');
  await page.screenshot({ path: testInfo.outputPath('invalid-key.png') });

  await openQueue(page);
  await dropFiles(page, corpus('pdf-digital/two_paragraphs.pdf'));
  await expectRowState(page, 'two_paragraphs.pdf', 'FAILED', 60_000);
  await expect(row(page, 'two_paragraphs.pdf')).toContainText('refused the API key');

  await page.getByTestId('nav-settings').click();
  await enterKey(page, RIGHT_KEY);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-result')).toContainText('reachable', { timeout: 30_000 });

  await openQueue(page);
  await row(page, 'two_paragraphs.pdf').hover();
  await row(page, 'two_paragraphs.pdf').getByRole('button', { name: 'Retry two_paragraphs.pdf' }).click();
  await expectRowState(page, 'two_paragraphs.pdf', 'SUCCESS');
});

test('a stopped service shows UNREACHABLE in the connection test', async ({ page }) => {
  test.setTimeout(90_000);
  await useCloud(page, engine!.url);
  await enterKey(page, RIGHT_KEY);
  await engine!.close();
  engine = null;
  await page.getByRole('button', { name: 'Test connection' }).click();
  const result = page.getByTestId('connection-result');
  await expect(result.locator('[data-error-code]')).toBeVisible({ timeout: 60_000 });
  // The sentence names the whole address tried and why (issue 28); the errno sits behind Details.
  await expect(result).toContainText(
    /Could not reach http:\/\/127\.0\.0\.1:\d+\/api\/v1: (the connection was refused|it did not answer in time)/,
  );
});
