// E2E (browser mode, real local engine) through the UI only: drop a PDF and read its rendered
// Markdown; force async in settings and watch it poll to SUCCESS; drop a corrupted file (and an
// empty one) next to a good one: clear errors, nothing lost.
import { expect, test } from './fixtures.ts';
import { corpus, dropFiles, expectRowState, listTasks, openQueue, openSettings, row } from './app-ui.ts';

test('drop a PDF → SUCCESS → its rendered Markdown is shown', async ({ page, app }, testInfo) => {
  test.setTimeout(150_000);
  await expect(page.getByTestId('queue-empty')).toContainText('No documents yet');
  await expect(page.getByTestId('backend-indicator')).toContainText('Local engine');

  await dropFiles(page, corpus('pdf-digital/multi_page.pdf'));
  await expect(row(page, 'multi_page.pdf')).toBeVisible();
  await expectRowState(page, 'multi_page.pdf', 'SUCCESS');
  await expect(row(page, 'multi_page.pdf')).toContainText('Done');
  await expect(row(page, 'multi_page.pdf')).toContainText('5 p.');

  // The first task was selected when it was added: the detail shows the document…
  await row(page, 'multi_page.pdf').click();
  await expect(page.getByTestId('detail-heading')).toHaveText('multi_page.pdf');
  // …its ids (traceability)…
  const [task] = await listTasks(app);
  await expect(page.getByTestId('detail-ids')).toContainText(task!.id);
  await expect(page.getByTestId('detail-ids')).toContainText(task!.remoteTaskId!);
  // …and the Markdown rendered (a heading of the document, as a heading).
  await expect(page.getByRole('heading', { name: 'The Evolution of the Word Processor' }).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: testInfo.outputPath('review.png') });
});

test('forced async mode in settings: the task is polled to SUCCESS', async ({ page, app }) => {
  test.setTimeout(150_000);
  await openSettings(page);
  await page.getByRole('radio', { name: 'Async' }).check();
  await expect(page.getByRole('radio', { name: 'Async' })).toBeChecked();
  await expect.poll(async () => (await listTasks(app)).length).toBe(0);
  await openQueue(page);

  await dropFiles(page, corpus('pdf-digital/normal_4pages.pdf'));
  // The row shows the service stages on the way (QUEUING or PROCESSING) before it finishes.
  await expect(row(page, 'normal_4pages.pdf')).toHaveAttribute('data-state', /uploading|QUEUING|PROCESSING|SUCCESS/);
  await expectRowState(page, 'normal_4pages.pdf', 'SUCCESS');
  await expect(row(page, 'normal_4pages.pdf')).toHaveAttribute('title', /answered in the background/);
  const [task] = await listTasks(app);
  expect(task).toMatchObject({ requestedMode: 'async', mode: 'async', state: 'SUCCESS' });
  expect(task!.remoteTaskId).toBeTruthy();
});

test('a corrupted file shows a clear error, an empty one is refused, and nothing is lost', async ({ page, app }) => {
  test.setTimeout(150_000);
  await dropFiles(
    page,
    corpus('bad-input/garbage.pdf'),
    corpus('bad-input/empty.pdf'),
    corpus('pdf-digital/two_paragraphs.pdf'),
  );

  // The empty file never reaches the queue, and says why.
  const rejected = page.getByTestId('rejected-panel');
  await expect(rejected).toContainText('empty.pdf');
  await expect(rejected).toContainText('The file is empty');
  // With the way out the failed task's box gives for the same reason.
  await expect(rejected.getByTestId('rejected-fix')).toHaveText(
    'Check that the file was saved or downloaded completely, then add it again.',
  );

  // The corrupted one fails with a reason a person can read; the good one still succeeds.
  await expectRowState(page, 'garbage.pdf', 'FAILED');
  await expect(row(page, 'garbage.pdf')).toContainText(
    /damaged or not a valid PDF|does not match its extension|not supported/,
  );
  await expectRowState(page, 'two_paragraphs.pdf', 'SUCCESS');

  await row(page, 'garbage.pdf').click();
  const error = page.getByTestId('task-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText(/Code \w+/);
  // The file itself is the problem: another try would meet the same answer, so Remove is offered instead.
  await expect(page.getByTestId('no-retry-hint')).toContainText('the problem is in the file itself');
  // Under the title comes the way out, not the engine's restatement of it (folded under the code).
  await expect(page.getByTestId('error-fix')).toContainText(
    /Open it in a PDF viewer|extension of what it really is|save other documents as PDF/,
  );
  await expect(error.getByText(/invalid or corrupted/)).toBeHidden();
  await expect(page.getByTestId('status-panel').getByRole('button', { name: 'Remove', exact: true })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Remove', exact: true }),
    'one Remove, not one more in the header',
  ).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
  // Remove and "Parse again on…" are one row of ways on, not two rows.
  const tops = await Promise.all(
    [
      page.getByTestId('status-panel').getByRole('button', { name: 'Remove', exact: true }),
      page.getByRole('button', { name: 'Parse again on…' }),
    ].map(async (b) => (await b.boundingBox())!.y),
  );
  expect(Math.abs(tops[0]! - tops[1]!)).toBeLessThan(2);

  // Nothing lost: both tasks are still there after a reload, with their states.
  await page.reload();
  await expectRowState(page, 'garbage.pdf', 'FAILED', 15_000);
  await expectRowState(page, 'two_paragraphs.pdf', 'SUCCESS', 15_000);
  expect((await listTasks(app)).map((t) => t.state).sort()).toEqual(['FAILED', 'SUCCESS']);
});
