// E2E (browser mode, real local engine): elapsed times read as time, a duplicate file asks before it is
// queued again, and the history keeps the file's name.
import { corpus, dropFiles, expectRowState, row } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';

test('elapsed times read as time, duplicates ask first, history keeps the file name', async ({ page, app }) => {
  test.setTimeout(120_000);
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  const file = corpus('pdf-digital/two_paragraphs.pdf');
  await dropFiles(page, file);
  await expectRowState(page, 'two_paragraphs.pdf', 'SUCCESS');
  const elapsed = row(page, 'two_paragraphs.pdf').locator('.row-elapsed');
  await expect(elapsed).toHaveText(/^(\d+\.\d s|\d+ s|\d+ min( \d+ s)?)$/);
  await expect(elapsed).not.toHaveText('0.0 s');
  // The detail header words it the same way.
  await row(page, 'two_paragraphs.pdf').click();
  await expect(page.getByTestId('task-detail').locator('.detail-sub')).toContainText((await elapsed.textContent())!);

  await page.getByTestId('dropzone-input').setInputFiles([]);
  await dropFiles(page, file);
  const ask = page.getByRole('alertdialog', { name: /already in the queue — add it again\?/ });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('queue-row')).toHaveCount(1);
  await page.getByTestId('dropzone-input').setInputFiles([]);
  await dropFiles(page, file);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Add again' }).click();
  await expect(page.getByTestId('queue-row')).toHaveCount(2);

  // Removed from the queue, reopened from History: still titled with its file name.
  const ids = await page
    .getByTestId('queue-row')
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.taskId!));
  for (const id of ids) await invokeFromTest(app, 'tasks:remove', { id });
  await expect(page.getByTestId('queue-row')).toHaveCount(0);
  await page.getByTestId('nav-history').click();
  await page
    .getByTestId('history-row')
    .first()
    .getByRole('button', { name: 'Open two_paragraphs.pdf' })
    .first()
    .click();
  await expect(page.getByTestId('detail-heading')).toHaveText('two_paragraphs.pdf');
  // …and with the facts saved with the result: size, backend and the elapsed time, worded as in the queue.
  await expect(page.getByTestId('task-detail').locator('.detail-sub')).toContainText(
    /KB · .*Local engine · (\d+\.\d s|\d+ s)$/,
  );
});
