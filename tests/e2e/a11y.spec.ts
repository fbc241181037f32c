// Accessibility (axe-core): the queue, the review screen with and without the Inspector (and with its
// legend's "+N" panel open), a failed task beside the rejected-files panel, History and Settings, in light and dark, English and Chinese,
// report zero violations
// (axe's default rules plus label-content-name-mismatch: every control's name holds its visible label).
import type { Locator, Page } from '@playwright/test';
import { corpus, dropFiles, expectRowState, row } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';
import { scan } from './support/axe.ts';

const DOC = 'redp5110_sampled.pdf';
const BAD = 'garbage.pdf';

test('zero axe violations on every screen, light and dark, English and Chinese', async ({ page, app }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`), corpus(`bad-input/${BAD}`), corpus('bad-input/empty.pdf'));
  await expect(page.getByTestId('rejected-fix')).toBeVisible(); // refused at intake: stays until dismissed
  await expectRowState(page, DOC, 'SUCCESS');
  await expectRowState(page, BAD, 'FAILED');

  const found: string[] = [];
  for (const [language, theme] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['zh-CN', 'light'],
    ['zh-CN', 'dark'],
  ] as const) {
    const tag = `${language}/${theme}`;
    await invokeFromTest(app, 'settings:set', { language, theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.getByTestId('nav-queue').click();
    await row(page, BAD).click();
    await expect(page.getByTestId('status-panel')).toBeVisible();
    found.push(...(await scan(page, `${tag} failed task`)));
    await row(page, DOC).click();
    await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
    await expect(page.getByTestId('md-chunk').first()).toBeVisible();
    const inspector = page.getByTestId('inspector');
    const toggle = page.getByTestId('toggle-inspector');
    if (await inspector.isVisible()) await toggle.click();
    await expect(inspector).toBeHidden();
    found.push(...(await scan(page, `${tag} queue + review`)));
    await toggle.click();
    await expect(inspector).toBeVisible();
    found.push(...(await scan(page, `${tag} review + inspector`)));
    await page.getByTestId('legend-more').click(); // the legend's "+N" panel (many types, review beside the inspector)
    await expect(page.getByTestId('legend-overflow')).toBeVisible();
    found.push(...(await scan(page, `${tag} legend "+N" panel`)));
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-history').click();
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    found.push(...(await scan(page, `${tag} history`)));
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-view')).toBeVisible();
    found.push(...(await scan(page, `${tag} settings`)));
  }
  // A small window: the queue as a rail, the Inspector as a drawer, the table view dialog.
  await invokeFromTest(app, 'settings:set', { language: 'en', theme: 'light' });
  await page.getByTestId('nav-queue').click();
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(page.getByTestId('queue-rail')).toBeVisible();
  await expect(page.getByTestId('inspector')).toBeVisible();
  found.push(...(await scan(page, 'en/light 1024×700 rail + inspector drawer')));
  expect(found, found.join('\n')).toEqual([]);
});

/** Where the focus is and whether its ring shows: an outline of ≥ 2 px (on the element, or on a thumbnail's
 *  picture) not cut off by a scrolling ancestor, an inset ring, or the splitter's accent bar. */
async function focusRing(page: Page): Promise<{ name: string; problem: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: 'body', problem: 'nothing focused' };
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    if (el.getAttribute('role') === 'separator') return { name, problem: null };
    const cs = getComputedStyle(el);
    if (/inset/.test(cs.boxShadow) && cs.boxShadow.includes('0px 0px 0px 2px')) return { name, problem: null };
    const ringed = [el, ...el.querySelectorAll<HTMLElement>('*')].find((n) => {
      const s = getComputedStyle(n);
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
    });
    if (!ringed) return { name, problem: 'no focus ring' };
    const s = getComputedStyle(ringed);
    const grow = Math.max(0, parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth));
    const r = ringed.getBoundingClientRect();
    for (let a = ringed.parentElement; a; a = a.parentElement) {
      const as = getComputedStyle(a);
      if (as.overflowX === 'visible' && as.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      const inner = {
        left: c.left + a.clientLeft,
        top: c.top + a.clientTop,
        right: c.left + a.clientLeft + a.clientWidth,
        bottom: c.top + a.clientTop + a.clientHeight,
      };
      if (
        r.left - grow < inner.left - 1 ||
        r.right + grow > inner.right + 1 ||
        r.top - grow < inner.top - 1 ||
        r.bottom + grow > inner.bottom + 1
      ) {
        return { name, problem: `ring cut off by ${a.className || a.tagName}` };
      }
    }
    return { name, problem: null };
  });
}

/** Presses `key` until `target` has the focus (at most `max` times); every stop on the way shows its ring. */
async function keyTo(page: Page, target: Locator, found: string[], key = 'Tab', max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
    const ring = await focusRing(page);
    if (ring.problem) found.push(`${ring.name}: ${ring.problem}`);
  }
  await expect(target).toBeFocused();
}

test('keyboard only, dark theme: drop → open → move between blocks → export Markdown → History → re-run; every stop shows its ring', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], theme: 'dark', language: 'en' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const found: string[] = [];
  // The drop zone opens the file picker with Enter.
  await keyTo(page, page.getByTestId('dropzone'), found);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(corpus(`pdf-digital/${DOC}`));
  await expectRowState(page, DOC, 'SUCCESS');
  // Open it from the queue (arrows choose, Enter opens).
  await keyTo(page, page.getByTestId('queue-list'), found);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
  // The thumbnails are one Tab stop (arrows change the page), so are the inspector's rows (arrows move between blocks).
  const firstThumb = page.getByRole('button', { name: 'Go to page 1' });
  await keyTo(page, firstThumb, found);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: 'Go to page 2' })).toBeFocused();
  await expect(page.getByTestId('page-input')).toHaveValue('2');
  const inspectorToggle = page.getByTestId('toggle-inspector');
  await keyTo(page, inspectorToggle, found, 'Shift+Tab');
  if ((await inspectorToggle.getAttribute('aria-pressed')) !== 'true') await page.keyboard.press('Enter');
  await expect(page.getByTestId('inspector')).toBeVisible();
  const pageRow = page.locator('.rv-tree .rv-row-page').first();
  await keyTo(page, pageRow, found);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const second = page.getByTestId('inspector-row').nth(1);
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.rv-box.is-selected')).toHaveCount(1);
  // The Markdown pane follows too (under the Inspector's drawer at this width, so out of sight).
  await expect(page.locator('[data-testid=md-chunk].is-selected, [data-testid=md-chunk].is-revealed')).not.toHaveCount(
    0,
  );
  // Export → Markdown: Enter opens the menu on its first item (Markdown), Enter exports it.
  await keyTo(page, page.getByRole('button', { name: `Export ${DOC}` }), found, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('export-md-folder')).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.(md|zip)$/);
  // History from the sidebar's tabs (arrows), then Re-run with Enter.
  await keyTo(page, page.getByTestId('nav-queue'), found, 'Shift+Tab');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('nav-history')).toBeFocused();
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  await keyTo(page, page.getByRole('button', { name: `Re-run ${DOC} with other options` }), found);
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('rerun-dialog');
  await expect(dialog).toBeVisible();
  await keyTo(page, dialog.getByRole('button', { name: 'Re-run', exact: true }), found);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('history-row')).toHaveCount(1); // the re-run is queued, not yet a result
  expect(found, found.join('\n')).toEqual([]);
});
