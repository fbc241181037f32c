// E2E (browser mode, real engine in its own process): the engine process is SIGKILLed while it reads a
// multi-page scan. The app stays up (same page, no reload, same server process), says the engine
// restarted, and the task finishes; quitting leaves no engine behind. The engine's pid comes from the app's log in its data folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, invokeFromTest, test } from './fixtures.ts';
import { corpus, dropFiles, expectRowState, listTasks, row } from './app-ui.ts';

const LISTENING = /engine process (\d+) listening at (\S+)/g;

/** The engine processes the app's log names, oldest first. */
function enginesInLog(dataDir: string): Array<{ pid: number; url: string }> {
  let text = '';
  try {
    text = readFileSync(join(dataDir, 'logs', 'main.log'), 'utf8');
  } catch {
    return [];
  }
  return [...text.matchAll(LISTENING)].map((m) => ({ pid: Number(m[1]), url: m[2]! }));
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('the engine process is killed mid-OCR: the app stays up, says so, and the task finishes', async ({
  page,
  app,
}) => {
  test.setTimeout(300_000);
  const file = 'nemotron_multipage.pdf';
  // Status checks answer at once (no long-poll hold), so the row shows PROCESSING while the pages are read.
  await invokeFromTest(app, 'settings:set', { engineLongPollSeconds: 0 });
  await dropFiles(page, corpus(`pdf-scanned/${file}`));
  await expect(row(page, file)).toHaveAttribute('data-state', 'PROCESSING', { timeout: 120_000 });
  await expect.poll(() => enginesInLog(app.dataDir).length, { timeout: 30_000 }).toBe(1);
  const [first] = enginesInLog(app.dataDir);
  expect(first!.pid).toBeGreaterThan(0);
  const [before] = await listTasks(app);
  expect(before!.state).toBe('PROCESSING');

  // A marker on this very page: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { __sameDocument: number }).__sameDocument = 1));
  process.kill(first!.pid, 'SIGKILL');

  await expect(page.getByText('The local engine stopped unexpectedly and was restarted')).toBeVisible({
    timeout: 60_000,
  });
  await expectRowState(page, file, 'SUCCESS', 240_000);

  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: number }).__sameDocument)).toBe(1);
  expect(app.logs()).not.toContain('[server exited');
  const engines = enginesInLog(app.dataDir);
  expect(engines).toHaveLength(2);
  expect(engines[1]!.pid).not.toBe(first!.pid);
  expect(engines[1]!.url).toBe(first!.url); // the same port: polling URLs stayed valid
  expect(alive(first!.pid)).toBe(false);
  const [after] = await listTasks(app);
  expect(after).toMatchObject({ id: before!.id, state: 'SUCCESS', remoteTaskId: before!.remoteTaskId });
  expect(after!.pages).toBeGreaterThan(1);

  // Quitting the app stops its engine: no process is left behind.
  await app.stop();
  await expect.poll(() => alive(engines[1]!.pid), { timeout: 30_000 }).toBe(false);
});
