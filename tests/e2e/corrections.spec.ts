// E2E (browser mode, real local engine): correct a parsed corpus PDF in review — a heading's level, two
// paragraphs merged, a paragraph's text edited (Enter … Esc) — undo and redo, save it as an edited version,
// restart the app, open it from the history and export Markdown, JSON and zip: the files hold exactly those edits
// (the same edits applied to the original's blocks by the edit model, the Markdown by the one writer), every
// other block is byte-identical, and the original result is still there, one click away. Screenshots of
// the correction in both languages and themes at 1024×700 go to docs/screenshots/ with DOCPARSE_SCREENSHOTS=1
// (the README's), or to DOCPARSE_SCREENSHOTS_DIR when that is set.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readZipSafe } from '../../electron/services/fs-safe/zip-read.ts';
import { applyEdit, type EditOp } from '../../shared/edit/blocks.ts';
import { taskFeatures } from '../../shared/edit/version.ts';
import { rewriteMarkdown } from '../../shared/markdown/links.ts';
import { toMarkdown } from '../../shared/markdown/writer.ts';
import type { JsonOutput, Page as JsonPage } from '../../shared/somark.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';
import { corpus, dropFiles, expectRowState, listTasks, row } from './app-ui.ts';
import { scan } from './support/axe.ts';
import { REPO_ROOT } from './support/web-app.ts';
import { exportVia, selectBlock } from './support/review-edit.ts';

const DOC = 'multi_page.pdf';

test('correct a result: level, merge, text; undo/redo; restart; export holds exactly the edits', async ({
  page,
  app,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'en', theme: 'light' });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`));
  await expectRowState(page, DOC, 'SUCCESS');
  const [task] = await listTasks(app);
  const got = await invokeFromTest(app, 'results:get', { id: task!.id });
  if (!got.ok) throw new Error(got.error.message);
  const original = got.value;
  const json = original.json as JsonOutput;
  const first = json.pages[0]!.blocks;
  const heading = first.findIndex((b, i) => i > 0 && b.type === 'title');
  const para = first.findIndex((b, i) => i > heading && b.type === 'text' && first[i + 1]?.type === 'text');
  const lone = first.findIndex((b) => b.type === 'text');
  expect(heading).toBeGreaterThan(0);
  expect(para).toBeGreaterThan(heading);
  expect(lone).toBeLessThan(heading);
  const originalJsonBytes = await readFile(join(app.dataDir, 'results', task!.id, 'main.json'));

  await row(page, DOC).click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(page.getByTestId('edit-bar')).toBeHidden();

  // 1. The heading one level down.
  await selectBlock(page, heading);
  await page.getByTestId('edit-level').selectOption('2');
  await expect(page.getByTestId('md-pane').locator('h2', { hasText: first[heading]!.content })).toBeVisible();
  // 2. Two paragraphs merged.
  await selectBlock(page, para);
  await page.getByTestId('edit-merge').click();
  await expect(page.getByTestId('edit-unsaved')).toHaveText('2 unsaved');
  // 3. A paragraph's text: Enter opens the editor with a live preview, Esc keeps the text.
  await selectBlock(page, lone);
  await page.locator('body').press('Enter');
  const area = page.getByTestId('edit-textarea');
  await expect(area).toBeFocused();
  await area.press('Control+End');
  await area.pressSequentially(' (checked)');
  await expect(page.getByTestId('edit-preview')).toContainText('(checked)');
  await area.press('Escape');
  await expect(page.getByTestId('edit-editor')).toBeHidden();
  await expect(page.getByTestId('edit-unsaved')).toHaveText('3 unsaved');

  // Screenshots and axe in both languages and themes, with the editor open on the heading.
  await selectBlock(page, heading);
  await page.getByTestId('edit-text').click();
  const dir =
    process.env.DOCPARSE_SCREENSHOTS === '1'
      ? join(REPO_ROOT, 'docs', 'screenshots')
      : process.env.DOCPARSE_SCREENSHOTS_DIR;
  for (const [language, lang] of [
    ['en', 'en'],
    ['zh-CN', 'zh'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await invokeFromTest(app, 'settings:set', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('edit-done')).toHaveText(language === 'en' ? 'Done (Esc)' : '完成（Esc）');
      expect(await scan(page, `correction ${theme} ${lang}`)).toEqual([]);
      if (dir) await page.screenshot({ path: join(dir, `correct-1024-${theme}-${lang}.png`) });
    }
  }
  await invokeFromTest(app, 'settings:set', { language: 'en', theme: 'light' });
  await page.getByTestId('edit-cancel').click();

  // Undo twice and redo twice, from the keyboard.
  await page.locator('body').press('Control+z');
  await page.locator('body').press('Control+z');
  await expect(page.getByTestId('edit-unsaved')).toHaveText('1 unsaved');
  await expect(page.getByTestId('md-pane')).not.toContainText('(checked)');
  await page.locator('body').press('Control+Shift+z');
  await page.locator('body').press('Control+Shift+z');
  await expect(page.getByTestId('edit-unsaved')).toHaveText('3 unsaved');
  await expect(page.getByTestId('md-pane')).toContainText('(checked)');

  // Save: a new result beside the original, shown with its badge.
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edited-badge')).toBeVisible({ timeout: 30_000 });

  await app.restart();
  await page.getByTestId('nav-history').click();
  const rows = page.getByTestId('history-panel').getByTestId('history-row');
  await expect(rows).toHaveCount(2, { timeout: 60_000 });
  const edited = rows.filter({ has: page.getByTestId('history-edited') });
  expect(await scan(page, 'history with an edited version')).toEqual([]);
  if (process.env.DOCPARSE_SCREENSHOTS_DIR)
    await page.screenshot({ path: join(process.env.DOCPARSE_SCREENSHOTS_DIR, 'correct-history-1024-light-en.png') });
  const editedId = await edited.getAttribute('data-id');
  expect(editedId).not.toBe(task!.id);
  await edited
    .getByRole('button', { name: `Open ${DOC}` })
    .first()
    .click();
  await expect(page.getByTestId('edited-badge')).toBeVisible({ timeout: 30_000 });

  // What the edits should give: the same operations on the original's blocks, the one writer's Markdown.
  const ops: EditOp[] = [
    { kind: 'level', at: { page: 0, index: heading }, level: 2 },
    { kind: 'merge', at: { page: 0, index: para } },
    { kind: 'text', at: { page: 0, index: lone }, content: `${first[lone]!.content} (checked)` },
  ];
  const want = ops.reduce<JsonPage[]>((p, op) => applyEdit(p, op)!, json.pages);
  const mdOut = (await exportVia(page, 'Markdown (images in a folder)')).toString('utf8');
  expect(mdOut).toBe(rewriteMarkdown(toMarkdown(want, taskFeatures(task!.featureConfig), 'url'), original.images));
  expect(mdOut).toContain(`## ${first[heading]!.content}`);
  const jsonOut = await exportVia(page, 'JSON (as returned by the service)');
  expect(jsonOut.toString('utf8')).toBe(JSON.stringify({ ...json, pages: want }));
  // The zip bundle: the same Markdown, and the JSON (image links pointing into the bundle) with the edits.
  const zip = readZipSafe(await exportVia(page, 'Zip bundle'));
  expect(Buffer.from(zip.get('main.md')!).toString('utf8')).toBe(mdOut);
  expect(
    (JSON.parse(Buffer.from(zip.get('main.json')!).toString('utf8')) as JsonOutput).pages[0]!.blocks[heading],
  ).toMatchObject({ title_level: 2 });
  // Every block the edits did not touch is byte-identical to the original's.
  const blocks = (j: JsonOutput) => j.pages.flatMap((p) => p.blocks.map((b) => JSON.stringify(b)));
  const before = new Set(blocks(json));
  const changed = blocks(JSON.parse(jsonOut.toString('utf8')) as JsonOutput).filter((b) => !before.has(b));
  expect(changed).toHaveLength(3);

  // The original is still there, unchanged, one click away.
  expect((await readFile(join(app.dataDir, 'results', task!.id, 'main.json'))).equals(originalJsonBytes)).toBe(true);
  await page.getByTestId('open-original').click();
  await expect(page.getByTestId('edited-badge')).toBeHidden();
  await expect(page.getByTestId('md-pane')).not.toContainText('(checked)');
});
