// E2E: quit the app (browser-mode server, local engine inside it) while a large PDF is being parsed;
// after the restart the page reconnects by itself and the same task reaches SUCCESS.
import { expect, test } from './fixtures.ts';
import { corpus, dropFiles, expectRowState, listTasks, openQueue, openSettings, row } from './app-ui.ts';

test('restart mid-task: polling resumes and the task reaches SUCCESS', async ({ page, app }, testInfo) => {
  test.setTimeout(240_000);
  await openSettings(page);
  await page.getByRole('radio', { name: 'Async' }).check();
  await expect(page.getByRole('radio', { name: 'Async' })).toBeChecked();
  await openQueue(page);

  await dropFiles(page, corpus('pdf-digital/redp5110_sampled.pdf'));
  await expect(row(page, 'redp5110_sampled.pdf')).toHaveAttribute('data-state', /QUEUING|PROCESSING/, {
    timeout: 60_000,
  });
  const [before] = await listTasks(app);
  expect(before!.remoteTaskId).toBeTruthy();

  await app.restart();

  // No reload: the transport reconnects and the app reads the queue again.
  await expectRowState(page, 'redp5110_sampled.pdf', 'SUCCESS', 180_000);
  const after = await listTasks(app);
  expect(after).toHaveLength(1);
  // The same task (local request id) finishes; nothing was added or lost. Whether main resumed the
  // remote task or had to submit it again (the engine restarted with the app) is main's choice:
  // record it for whoever reads the report.
  expect(after[0]).toMatchObject({ id: before!.id, state: 'SUCCESS' });
  testInfo.annotations.push({
    type: 'remote task',
    description:
      after[0]!.remoteTaskId === before!.remoteTaskId
        ? 'resumed by remote id'
        : `re-submitted (${after[0]!.attempts} attempts)`,
  });
  await expect(page.getByTestId('queue-row')).toHaveCount(1);
});
