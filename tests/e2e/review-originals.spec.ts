// E2E (browser mode, real local engine): originals the browser's PDF library cannot open still show
// their pages in review, drawn by main with mupdf (issue 28). A protected PDF parsed with its password
// shows its pages; after a restart the review asks for the password again, and the password is in no
// file or log under the data folder. The truncated corpus PDF shows its five pages drawn, and its
// Markdown holds no run of the garbage its lost fonts give.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, invokeFromTest, test } from './fixtures.ts';
import { dropFiles, expectRowState, listTasks, row } from './app-ui.ts';
import { formsIn, heapSnapshot, keyForms, searchFolder } from './support/secrets.ts';
import { inkOnPage, openReview, parseAndReview, protectedCopy } from './support/originals.ts';

test('a protected PDF shows its pages; after a restart the review asks again; the password is stored nowhere', async ({
  page,
  app,
}) => {
  test.setTimeout(240_000);
  const dir = await mkdtemp(join(tmpdir(), 'dp-e2e-protected-'));
  try {
    const password = `pw-${randomBytes(16).toString('hex')}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'en' });
    await dropFiles(page, await protectedCopy('pdf-digital/multi_page.pdf', password, dir));
    // It waits for its password, typed in its row as a user does.
    await expectRowState(page, 'protected-report.pdf', 'needsPassword');
    await row(page, 'protected-report.pdf').getByTestId('row-password-input').fill(password);
    await row(page, 'protected-report.pdf').getByTestId('row-password-input').press('Enter');
    await expectRowState(page, 'protected-report.pdf', 'SUCCESS');

    await openReview(page, 'protected-report.pdf');
    await expect(page.getByTestId('review')).toHaveAttribute('data-drawn', 'mupdf');
    expect(await inkOnPage(page, 0)).toBeGreaterThan(500);
    await expect(page.getByTestId('page-password')).toHaveCount(0);

    await app.restart();
    await page.reload();
    await openReview(page, 'protected-report.pdf', true);
    const ask = page.getByTestId('page-password');
    await expect(ask).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-testid=page-canvas][data-rendered="1"]')).toHaveCount(0);
    await page.getByTestId('page-password-input').fill(`${password}-wrong`);
    await page.getByRole('button', { name: 'Show pages' }).click();
    await expect(ask).toContainText('The password is wrong');
    await page.getByTestId('page-password-input').fill(password);
    await page.getByRole('button', { name: 'Show pages' }).click();
    await expect(ask).toHaveCount(0);
    expect(await inkOnPage(page, 1)).toBeGreaterThan(500);

    const forms = keyForms(password);
    const { files, hits } = await searchFolder(app.dataDir, forms);
    expect(files).toBeGreaterThan(2);
    expect(hits).toEqual([]);
    expect(formsIn(app.logs(), forms)).toEqual([]);
    // Main alone keeps it: the page's heap holds no copy once it was sent.
    expect(formsIn(await heapSnapshot(page), forms)).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the truncated PDF shows its five pages drawn and no garbage in the Markdown', async ({ page, app }) => {
  test.setTimeout(180_000);
  await parseAndReview(page, app, 'bad-input/truncated_multi_page.pdf');
  await expect(page.getByTestId('review')).toHaveAttribute('data-drawn', 'mupdf');
  await expect(page.getByTestId('review-warning')).toContainText('drawn from the repaired file');
  for (let i = 0; i < 5; i++) expect(await inkOnPage(page, i), `page ${i + 1}`).toBeGreaterThan(500);

  const [task] = await listTasks(app);
  const view = await invokeFromTest(app, 'results:get', { id: task!.id });
  if (!view.ok) throw new Error(view.error.message);
  expect(view.value.markdown).toContain('The origins of word processing');
  expect(view.value.markdown).not.toMatch(/[!"#$%&()*+,./:;<=>?@\\]{4,}/);
  expect(view.value.markdown).not.toMatch(/^\S$/m);
  await expect(page.getByTestId('md-pane')).not.toContainText('+-./');
});

test('formulas in a narrow Markdown pane: display ones keep one line (scrolling sideways), inline ones do not break inside', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await parseAndReview(page, app, 'office/equations.docx');
  await page.setViewportSize({ width: 1024, height: 700 }); // a Markdown pane of about 380 px
  const md = page.getByTestId('md-pane');
  await expect(md.locator('.katex').first()).toBeVisible({ timeout: 30_000 });
  // Every piece of a formula (KaTeX's .katex-base) is one box on one line; a display formula's pieces share one line.
  const report = await md.evaluate((pane) => {
    const pieces = [...pane.querySelectorAll<HTMLElement>('.katex .katex-base')];
    const split = pieces.filter((b) => b.getClientRects().length > 1).map((b) => b.textContent);
    const displays = [...pane.querySelectorAll<HTMLElement>('.katex-display')].map((d) => {
      // On one line, the formula is as tall as its tallest piece; wrapped, it is taller.
      const tallest = Math.max(
        0,
        ...[...d.querySelectorAll<HTMLElement>('.katex-html > .katex-base')].map(
          (b) => b.getBoundingClientRect().height,
        ),
      );
      return {
        extra: d.querySelector('.katex-html')!.getBoundingClientRect().height - tallest,
        scrolls: d.scrollWidth > d.clientWidth,
      };
    });
    return { pieces: pieces.length, split, displays };
  });
  expect(report.pieces).toBeGreaterThan(5);
  expect(report.split).toEqual([]);
  expect(report.displays.length).toBeGreaterThan(0);
  expect(report.displays.filter((d) => d.extra > 4)).toEqual([]);
  expect(report.displays.some((d) => d.scrolls)).toBe(true); // the long Fourier series is wider than the pane
});
