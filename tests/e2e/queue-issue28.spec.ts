// E2E, issue 28's queue half with the real local engine: per-file OCR language and page range chosen when
// submitting reach the engine (its task record, a result of only those pages) and show in the row; a
// protected PDF waits as "Needs password" and parses from the password typed in its row (keyboard only);
// an app restart mid-parse (the engine restarts with it) shows as "Attempt 2: the engine restarted".
// Then screenshots of both rows in both languages, both themes and both window sizes, each with 0 axe
// violations (written to DOCPARSE_SCREENSHOTS_DIR, else to the test's output folder). The per-file options'
// controls and the queue's order: queue-options.spec.ts.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpus, dropFiles, expectRowState, forEachLook, listTasks, row } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';
import { scan } from './support/axe.ts';

async function engineRecords(dataDir: string): Promise<Record<string, unknown>[]> {
  const dir = join(dataDir, 'engine');
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('task.json'));
  return Promise.all(
    files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as Record<string, unknown>),
  );
}

test('per-file OCR language and page range reach the engine and show in the row', async ({ page, app }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'en' });
  await page.getByTestId('file-options-bar').locator('summary').click();
  await page.getByTestId('submit-options-ocr').selectOption('zh');
  await page.getByTestId('submit-options-pages').fill('3, 2');
  await page.getByTestId('submit-options-pages').press('Enter');
  await expect(page.getByTestId('file-options-summary')).toHaveText('OCR: Chinese · pages 2-3');

  await dropFiles(page, corpus('pdf-digital/multi_page.pdf'));
  const r = row(page, 'multi_page.pdf');
  await expect(r.getByTestId('row-meta')).toContainText('OCR: Chinese · pages 2-3');
  await expectRowState(page, 'multi_page.pdf', 'SUCCESS');
  await expect(r.getByTestId('row-meta')).toContainText('2 p.');

  const [task] = await listTasks(app);
  expect(task!.fileOptions).toEqual({ ocr: true, ocrLang: 'zh', pageRange: '2-3' });
  const view = await invokeFromTest(app, 'results:get', { id: task!.id });
  if (!view.ok) throw new Error(view.error.message);
  expect(view.value.json?.pages).toHaveLength(2);
  // The engine ran with them (its own record of the task).
  const rec = (await engineRecords(app.dataDir)).find((x) => x.task_id === task!.remoteTaskId);
  expect(rec).toMatchObject({ ocr: { enabled: true, lang: 'zh' }, pages: [2, 3], page_num: 2 });
});

test('a protected PDF waits as Needs password and parses from its row', async ({ page, app }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { language: 'en' });
  await dropFiles(page, corpus('encrypted/password.pdf'));
  await expectRowState(page, 'password.pdf', 'needsPassword');
  const r = row(page, 'password.pdf');
  await expect(r.getByTestId('status-badge')).toHaveText('Needs password');
  await expect(page.getByTestId('queue-row').filter({ has: page.locator('.row-error') })).toHaveCount(0);

  // Keyboard only: from the list, Tab reaches the row's field; Enter sends.
  await page.getByTestId('queue-list').focus();
  await page.keyboard.press('Tab');
  const input = r.getByTestId('row-password-input');
  await expect(input).toBeFocused();
  await page.keyboard.type('not-it-7');
  await page.keyboard.press('Enter');
  await expect(r.getByTestId('row-password')).toContainText('Wrong password', { timeout: 60_000 });
  await expectRowState(page, 'password.pdf', 'needsPassword');

  await input.focus();
  await page.keyboard.type('password'); // the corpus SOURCES.md gives it
  await page.keyboard.press('Enter');
  await expectRowState(page, 'password.pdf', 'SUCCESS');
  const view = await invokeFromTest(app, 'results:get', { id: (await listTasks(app))[0]!.id });
  expect(view.ok && view.value.markdown).toContain('File with password');
});

test('a restart mid-parse shows as attempt 2; screenshots of both rows with 0 axe violations', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'en' });
  await dropFiles(page, corpus('pdf-digital/redp5110_sampled.pdf'));
  await expect(row(page, 'redp5110_sampled.pdf')).toHaveAttribute('data-state', /QUEUING|PROCESSING/, {
    timeout: 60_000,
  });
  await app.restart(); // the engine stops with the app and runs the task again at the next start

  const retried = row(page, 'redp5110_sampled.pdf');
  await expect(retried.getByTestId('row-attempt')).toContainText('Attempt 2: the engine restarted', {
    timeout: 120_000,
  });
  await expectRowState(page, 'redp5110_sampled.pdf', 'SUCCESS', 240_000);
  const [done] = await listTasks(app);
  expect(done).toMatchObject({ attempts: 2, retries: [{ attempt: 2, cause: 'engineRestarted' }] });

  await dropFiles(page, corpus('encrypted/password-example.pdf'));
  await expectRowState(page, 'password-example.pdf', 'needsPassword');
  await row(page, 'password-example.pdf').locator('.row-name').click();
  await expect(page.getByTestId('password-wait')).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });

  const dir = process.env.DOCPARSE_SCREENSHOTS_DIR ?? testInfo.outputPath();
  const found: string[] = [];
  await forEachLook(page, app, async (tag, { w, h }) => {
    if (await page.getByTestId('queue-expand').isVisible()) await page.getByTestId('queue-expand').click();
    await expect(retried.getByTestId('row-attempt')).toBeVisible();
    await page.mouse.move(w - 5, h - 5); // no hover actions over a row in the picture
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(dir, `queue28-${tag}.png`) });
    found.push(...(await scan(page, tag)));
  });
  expect(found).toEqual([]);
});
