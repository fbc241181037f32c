// E2E (browser mode): the compare screen shows the page and result A before result B has arrived. The
// app's socket holds the answer to B's 'results:get' (nothing else is changed: the results are real
// cached ones, the bench viewer's document and its altered copy); meanwhile the page is drawn with A's
// side, B's pane says it is loading (en and zh-CN, zero axe violations), and no comparison runs. Once
// the answer is let through, B's label, rows and the counts fill in. Screenshots of the wait at 1440×900
// go to DOCPARSE_SCREENSHOTS_DIR when it is set.
import { join } from 'node:path';
import { makeSecond } from '../../bench/viewer-compare.ts';
import { makeFixture } from '../../bench/viewer-fixture.ts';
import { invokeFromTest } from './support/ipc.ts';
import { expect, test } from './fixtures.ts';
import { scan } from './support/axe.ts';

test('compare: the page and A show while B still arrives; B fills in after', async ({ page, app }) => {
  test.setTimeout(180_000);
  // Written while the app is stopped (it writes its own task list when it stops).
  await app.stop();
  const info = await makeFixture(app.dataDir, 4, 8);
  const b = await makeSecond(app.dataDir, info.taskId);
  await app.start();

  // Hold the answer naming B's id until released.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  const asked = new Set<number>();
  await page.routeWebSocket(/\/ipc$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m)) as { id: number; channel: string; req?: { id?: string } };
      if (msg.channel === 'results:get' && msg.req?.id === b) asked.add(msg.id);
      server.send(m);
    });
    server.onMessage((m) => {
      const id = (JSON.parse(String(m)) as { id?: number }).id;
      if (id !== undefined && asked.has(id)) void held.then(() => ws.send(m));
      else ws.send(m);
    });
  });
  await page.goto(app.url);
  await page.getByTestId('nav-history').click();
  await page.locator(`[data-testid=history-row][data-id="${info.taskId}"] [data-testid=compare-with]`).click();
  await page.locator(`[data-testid=compare-candidate][data-id="${b}"] button`).click();

  const screen = page.getByTestId('compare');
  await expect(screen.locator('[data-testid=compare-sheet][data-drawn=yes]')).toBeVisible({ timeout: 60_000 });
  await expect(screen).toHaveAttribute('data-state', 'comparing');
  const paneB = screen.getByTestId('compare-pane-b');
  await expect(paneB).toHaveAttribute('aria-busy', 'true');
  await expect(paneB.getByTestId('compare-pending')).toHaveText('Loading this result…');
  await expect(screen.getByTestId('compare-label-b')).toContainText('loading…');
  await expect(screen.getByTestId('compare-label-a')).toContainText('Local engine');
  await expect.poll(() => asked.size).toBe(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  const shots = process.env.DOCPARSE_SCREENSHOTS_DIR;
  if (shots) await page.screenshot({ path: join(shots, 'compare-b-arriving-1440-light-en.png') });
  expect(await scan(page, 'compare, B arriving')).toEqual([]);
  await invokeFromTest(app, 'settings:set', { language: 'zh-CN', theme: 'dark' });
  await expect(paneB.getByTestId('compare-pending')).toHaveText('正在加载此结果…');
  await expect(screen.getByTestId('compare-label-b')).toContainText('正在加载…');
  if (shots) await page.screenshot({ path: join(shots, 'compare-b-arriving-1440-dark-zh.png') });
  expect(await scan(page, 'compare, B arriving, zh-CN dark')).toEqual([]);
  await invokeFromTest(app, 'settings:set', { language: 'en', theme: 'light' });

  release();
  await expect(screen).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(paneB.getByTestId('compare-pending')).toHaveCount(0);
  await expect(paneB).toHaveAttribute('aria-busy', 'false');
  await expect(screen.getByTestId('compare-label-b')).toContainText('SoMark cloud');
  // 4 pages × 8 blocks: every 50th block of B dropped (none here), every 20th block's last word changed.
  await expect(screen.getByTestId('count-onlyA')).toHaveAttribute('data-n', '0');
  await expect(screen.getByTestId('count-text')).not.toHaveAttribute('data-n', '0');
  await expect(paneB.locator('.cmp-row').first()).toBeVisible();
  await expect(screen.locator('.cmp-box.b').first()).toBeAttached();
});
