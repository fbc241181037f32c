// E2E (browser mode, real local engine with LibreOffice): drop a .docx → Done, and the review screen
// draws its converted PDF's pages with boxes; a password-protected PDF asks for its password, says when
// it is wrong, and reaches Done with the right one. With LibreOffice hidden, the drop zone says Office
// needs it, the failure names the fix (not "the problem is in the file") and one click re-runs it on the
// cloud backend (a second engine here, with LibreOffice), through the same re-run as history items.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngineServer, type EngineServer } from '../../engine/server/index.ts';
import { findSoffice } from '../../engine/source/office/soffice.ts';
import { expect, test } from './fixtures.ts';
import { corpus, dropFiles, enterKey, expectRowState, listTasks, openQueue, row, useCloud } from './app-ui.ts';
import { formsIn, heapSnapshot, keyForms, searchFolder } from './support/secrets.ts';

test('word_sample.docx → Done; the review shows its pages and boxes', async ({ page, app }) => {
  test.setTimeout(180_000);
  await dropFiles(page, corpus('office/word_sample.docx'));
  await expectRowState(page, 'word_sample.docx', 'SUCCESS');
  const [task] = await listTasks(app);
  expect(task).toMatchObject({ state: 'SUCCESS', fileType: '.docx' });
  await row(page, 'word_sample.docx').click();
  await expect(page.getByTestId('review')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Hide the queue' }).click();
  await expect(
    page.locator('[data-testid=page-pane] [data-testid=page-canvas][data-rendered="1"]').first(),
  ).toBeVisible({ timeout: 30_000 });
  expect(await page.locator('[data-testid=page-pane] .rv-box').count()).toBeGreaterThan(3);
});

test('a password-protected PDF: prompt → wrong password says so → right password → Done; the password is stored nowhere', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await dropFiles(page, corpus('encrypted/password.pdf'));
  await expectRowState(page, 'password.pdf', 'needsPassword'); // waits, not failed (issue 28)
  await row(page, 'password.pdf').locator('.row-name').click();
  await expect(page.getByTestId('password-wait')).toContainText('This PDF is password-protected');
  // A unique wrong password (not key-shaped: the log scrubs sk-… keys), so a leak of it is found below.
  const wrong = `pw-${randomBytes(16).toString('hex')}`;
  await page.getByTestId('password-input').fill(wrong);
  await page.getByRole('button', { name: 'Open with this password' }).click();
  await expect(page.getByTestId('password-wait')).toContainText('password is wrong', { timeout: 60_000 });
  await page.getByTestId('password-input').fill('password');
  await page.getByRole('button', { name: 'Open with this password' }).click();
  await expectRowState(page, 'password.pdf', 'SUCCESS');

  const forms = keyForms(wrong);
  const { files, hits } = await searchFolder(app.dataDir, forms);
  expect(files).toBeGreaterThan(2);
  expect(hits).toEqual([]);
  expect(formsIn(app.logs(), forms)).toEqual([]);
  expect(formsIn(await heapSnapshot(page), forms)).toEqual([]);
});

test.describe('without LibreOffice', () => {
  test.use({ appOptions: { env: { DOCPARSE_SOFFICE: '' } } });
  const KEY = 'sk-e2e-office-cloud-51b2';
  const DOC = 'word_sample.docx';
  let engine: EngineServer | null = null;
  let engineDir = '';
  test.beforeEach(async () => {
    test.skip(!findSoffice(), 'the cloud stand-in needs LibreOffice');
    engineDir = await mkdtemp(join(tmpdir(), 'dp-e2e-office-cloud-'));
    engine = await startEngineServer({ apiKeys: [KEY], dataDir: engineDir, workers: 1 });
  });
  test.afterEach(async () => {
    await engine?.close();
    if (engineDir) await rm(engineDir, { recursive: true, force: true });
  });

  test('the drop zone and the failure name the fix; the re-run on the cloud backend succeeds', async ({
    page,
    app,
  }) => {
    test.setTimeout(180_000);
    await expect(page.getByTestId('dropzone')).toContainText('Office files need LibreOffice');
    await dropFiles(page, corpus(`office/${DOC}`));
    await expectRowState(page, DOC, 'FAILED');
    await row(page, DOC).click();
    const error = page.getByTestId('task-error');
    await expect(error).toContainText('install LibreOffice');
    await expect(page.getByTestId('no-retry-hint')).toHaveCount(0);
    await expect(page.getByTestId('backend-fix-hint')).toContainText('The file is fine');

    // The cloud backend (a private deployment: the second engine) with its key, then the one-click re-run.
    await useCloud(page, engine!.url);
    await enterKey(page, KEY);
    await openQueue(page);
    await row(page, DOC).first().click();
    await page.getByTestId('rerun-other-backend').click();
    await expect
      .poll(async () => (await listTasks(app)).filter((t) => t.backend === 'cloud').map((t) => t.state), {
        timeout: 150_000,
      })
      .toEqual(['SUCCESS']);
    const tasks = await listTasks(app);
    const failed = tasks.find((t) => t.state === 'FAILED')!;
    expect(tasks.find((t) => t.backend === 'cloud')!.parentId).toBe(failed.id);
  });
});
