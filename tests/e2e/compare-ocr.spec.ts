// E2E (browser mode, real local engine): "Compare with…" → "Parse again with…" offers the per-file OCR
// and page options, so one scanned file is parsed twice with other OCR settings: A with OCR (automatic),
// B with OCR off. B's task keeps that choice, the compare screen names it on B's side, and the two
// results differ the way OCR off makes them (B has none of the page's words); the picker passes axe.
import { listTasks, openInReview } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';
import { scan } from './support/axe.ts';
import { json } from './support/compare.ts';

const DOC = 'pdf-scanned/ocr_test.pdf';

test('compare: parse again with OCR off, from the picker', async ({ page, app }) => {
  test.setTimeout(300_000);
  await openInReview(page, app, DOC, 200_000);
  await page.getByTestId('detail-heading').locator('xpath=ancestor::header').getByTestId('compare-with').click();
  const picker = page.getByTestId('compare-picker');
  await expect(picker.getByTestId('compare-none')).toBeVisible();

  const ocr = picker.getByTestId('cmp-options-ocr');
  await expect(ocr).toHaveValue('auto');
  expect(await scan(page, '[data-testid="compare-picker"]')).toEqual([]);
  await ocr.selectOption('off');
  await picker.getByTestId('compare-again').click();
  const screen = page.getByTestId('compare');
  await expect(screen).toHaveAttribute('data-state', 'ready', { timeout: 200_000 });

  const tasks = await listTasks(app);
  const b = tasks.find((t) => t.parentId)!;
  const a = tasks.find((t) => t.id === b.parentId)!;
  expect(a.fileOptions?.ocr).toBe(true);
  expect(b.fileOptions?.ocr).toBe(false);
  await expect(screen.getByTestId('compare-label-b')).toContainText('OCR off');
  await expect(screen.getByTestId('compare-label-a')).not.toContainText('OCR off');

  const words = (j: Awaited<ReturnType<typeof json>>) =>
    j.pages.flatMap((p) => p.blocks.map((x) => x.content)).join(' ');
  expect(words(await json(app, a.id))).toContain('Docling');
  expect(words(await json(app, b.id))).not.toContain('Docling');

  await invokeFromTest(app, 'settings:set', { language: 'zh-CN' });
  await expect(screen.getByTestId('compare-label-b')).toContainText('不做 OCR');
});
