// Browser mode smoke: the app loads with its token (kept in sessionStorage, never a cookie), the
// transport carries the contract, unknown channels are refused, and nothing but the page's public
// code is reachable without the token.
import { expect, invokeFromTest, invokeInPage, test } from './fixtures.ts';

test('the app loads and takes the token out of the address bar', async ({ page }) => {
  await expect(page).toHaveTitle(/DocParse Desktop/);
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect.poll(() => page.url()).not.toContain('token=');
  expect(await page.context().cookies()).toEqual([]);
  // sessionStorage keeps the session: a reload still works.
  await page.reload();
  await expect(page.locator('#root')).not.toBeEmpty();
  expect((await invokeInPage(page, 'app:ready')).ok).toBe(true);
});

test('the page reaches the services through the WebSocket transport', async ({ page, app }) => {
  const ready = await invokeInPage(page, 'app:ready');
  expect(ready.ok).toBe(true);
  if (ready.ok) {
    expect(ready.value.transport).toBe('web');
    expect(ready.value.dataDir).toBe(app.dataDir);
  }
  const settings = await invokeInPage(page, 'settings:get');
  expect(settings.ok).toBe(true);
});

test('an unknown channel is refused', async ({ page }) => {
  const r = await invokeInPage(page, 'shell:openPath', { path: '/etc' });
  expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
});

test('without the token only the public page answers', async ({ app, playwright }) => {
  const anonymous = await playwright.request.newContext();
  try {
    expect((await anonymous.get(`${app.origin}/assets/results/x/original`)).status()).toBe(404);
    const upload = await anonymous.post(`${app.origin}/upload`, { headers: { 'x-file-name': 'a.pdf' }, data: 'x' });
    expect(upload.status()).toBe(401);
  } finally {
    await anonymous.dispose();
  }
});

test('a restart keeps the data folder, port and session', async ({ page, app }) => {
  const before = await invokeFromTest(app, 'app:ready');
  await app.restart();
  await page.reload();
  await expect(page.locator('#root')).not.toBeEmpty();
  const after = await invokeInPage(page, 'app:ready');
  expect(after.ok && before.ok && after.value.dataDir === before.value.dataDir).toBe(true);
});
