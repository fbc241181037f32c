// E2E (browser mode, real local engine): formulas the engine can only give as pictures (the vector-formula
// fixture: glyph outlines numbered (1), a gray picture numbered (2), one unnumbered) in the Markdown pane
// of the dark theme — at the scale of the text around them (not the crop's pixel size), on a light card,
// centred, their number at the right edge like KaTeX's \tag.
import { join } from 'node:path';
import { dropFiles, expectRowState, row } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';
import { REPO_ROOT } from './support/web-app.ts';

const DOC = 'vector-formula.pdf';

test('pictured formulas: text-sized, on a light card in the dark theme, numbered at the right', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { theme: 'dark' });
  await dropFiles(page, join(REPO_ROOT, 'tests', 'engine', 'parse', 'fixtures', DOC));
  await expectRowState(page, DOC, 'SUCCESS');
  await row(page, DOC).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const arts = page.getByTestId('equation-art');
  await expect(arts).toHaveCount(3);
  await expect(arts.locator('.md-eq-tag')).toHaveText(['(1)', '(2)']);
  for (let i = 0; i < 3; i++) {
    const art = arts.nth(i);
    const img = art.locator('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const m = await art.evaluate((el) => {
      const card = el.querySelector<HTMLElement>('.md-eq-card')!,
        im = el.querySelector('img')!,
        tag = el.querySelector('.md-eq-tag');
      const font = parseFloat(getComputedStyle(el).fontSize);
      const [a, c, t] = [el.getBoundingClientRect(), im.getBoundingClientRect(), tag?.getBoundingClientRect()];
      const rgb = getComputedStyle(card).backgroundColor.match(/\d+/g)!.map(Number);
      return {
        font,
        artL: a.left,
        artR: a.right,
        imgL: c.left,
        imgR: c.right,
        imgH: c.height,
        natural: im.naturalWidth,
        tagR: t?.right,
        tagTop: t?.top,
        tagBottom: t?.bottom,
        cardTop: c.top,
        rgb,
      };
    });
    // Set like the page: one to three text lines tall, smaller than the 2× crop, centred; the card is light.
    expect(m.imgH).toBeGreaterThan(1.2 * m.font);
    expect(m.imgH).toBeLessThan(4 * m.font);
    expect(m.imgR - m.imgL).toBeLessThan(m.natural);
    expect(Math.abs((m.imgL + m.imgR) / 2 - (m.artL + m.artR) / 2)).toBeLessThan(2);
    expect(Math.min(...m.rgb.slice(0, 3))).toBeGreaterThan(200);
    if (m.tagR !== undefined) {
      expect(Math.abs(m.tagR - m.artR)).toBeLessThan(2);
      expect(m.tagTop!).toBeGreaterThan(m.cardTop - m.imgH);
      expect(m.tagBottom!).toBeLessThan(m.cardTop + 2 * m.imgH);
    }
  }
});
