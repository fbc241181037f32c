// E2E (browser mode, real local engine): the History tab lists a parsed PDF, finds it by its text,
// re-runs it with other options (both kept, linked), deletes the re-run, and after a restart with
// no reachable service reopens the result from the cache.
import { join } from 'node:path';
import type { Task } from '../../shared/task.ts';
import { expect, invokeFromTest, test, type WebApp } from './fixtures.ts';
import { REPO_ROOT } from './support/web-app.ts';

const corpus = (rel: string): string => join(REPO_ROOT, '..', 'shared', 'corpus', rel);

async function tasks(app: WebApp): Promise<Task[]> {
  const r = await invokeFromTest(app, 'tasks:list');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

test('history: search by text, re-run, delete, and reopen offline after a restart', async ({ page, app }) => {
  test.setTimeout(180_000);
  await page.getByTestId('dropzone-input').setInputFiles(corpus('pdf-digital/multi_page.pdf'));
  await expect.poll(async () => (await tasks(app)).map((t) => t.state), { timeout: 120_000 }).toEqual(['SUCCESS']);
  const [task] = await tasks(app);
  const view = await invokeFromTest(app, 'results:get', { id: task!.id });
  if (!view.ok) throw new Error(view.error.message);
  const words = view.value.markdown.split(/[^A-Za-z]+/).filter((w) => w.length >= 8);
  const word = words[Math.floor(words.length / 2)]!;

  await page.getByTestId('nav-history').click();
  const panel = page.getByTestId('history-panel');
  const rows = panel.getByTestId('history-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('multi_page.pdf');
  await expect(panel.getByTestId('storage-usage')).toContainText('in 1 result');

  // Text search, case-insensitive, with the hit marked in a snippet.
  await panel.getByRole('searchbox').fill(word.toUpperCase());
  await expect(panel.getByTestId('history-snippet')).toBeVisible();
  await expect(panel.getByTestId('history-snippet').locator('mark').first()).toHaveText(new RegExp(`^${word}$`, 'i'));
  await panel.getByRole('searchbox').fill('no-such-text-anywhere');
  await expect(panel.getByText('Nothing matches “no-such-text-anywhere”.')).toBeVisible();
  await panel.getByRole('searchbox').fill('');
  await expect(rows).toHaveCount(1);

  // Re-run with another option: a second result, linked to the first.
  await rows.first().getByRole('button', { name: 'Re-run multi_page.pdf with other options' }).click();
  const dialog = page.getByRole('dialog', { name: 'Re-run “multi_page.pdf”' });
  await dialog.getByRole('checkbox', { name: 'Keep headers and footers' }).click();
  await dialog.getByRole('button', { name: 'Re-run', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await tasks(app)).filter((t) => t.state === 'SUCCESS').length, { timeout: 120_000 })
    .toBe(2);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Re-run of multi_page.pdf');

  // Delete the re-run: the toast reports the space freed.
  await rows.first().getByRole('button', { name: 'Delete multi_page.pdf' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/Deleted — .+ freed/)).toBeVisible();
  await expect(rows).toHaveCount(1);

  // Restart with a cloud backend nobody answers at: the result still opens from the cache.
  await invokeFromTest(app, 'settings:set', { backend: 'cloud', cloudBaseUrl: 'http://127.0.0.1:9/api/v1' });
  await app.restart();
  await page.reload();
  await page.getByTestId('nav-history').click();
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: 'Open multi_page.pdf' }).first().click();
  await expect(page.getByTestId('detail-heading')).toHaveText('multi_page.pdf');
  // The Markdown pane is virtualised: check text from the start of the document.
  await expect(page.getByTestId('md-pane')).toContainText(words[0]!);
});
