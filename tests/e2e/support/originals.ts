// Helpers for the e2e suites on originals the browser's PDF library cannot open (review-originals*.spec.ts):
// a protected copy of a corpus PDF, the ink drawn on a review page, and opening a result's review.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import '../../../engine/pdf/wasm-handle.ts';
import * as mupdf from 'mupdf';
import { expect, invokeFromTest, type WebApp } from '../fixtures.ts';
import { corpus, dropFiles, expectRowState, row } from '../app-ui.ts';

/** A copy of a corpus PDF encrypted (AES-256) with `password`. */
export async function protectedCopy(rel: string, password: string, dir: string): Promise<string> {
  const doc = mupdf.Document.openDocument(new Uint8Array(await readFile(corpus(rel))), 'application/pdf').asPDF()!;
  const buf = doc.saveToBuffer(`encrypt=aes-256,user-password=${password},owner-password=${password}-owner`);
  const file = join(dir, 'protected-report.pdf');
  await writeFile(file, buf.asUint8Array());
  buf.destroy();
  doc.destroy();
  return file;
}

/** Pixels of the drawn page `i` that are not white (its canvas is read back in the page). */
export async function inkOnPage(page: Page, i: number): Promise<number> {
  const holder = page.locator(
    `[data-testid=page-pane] [data-page="${i}"] [data-testid=page-canvas][data-rendered="1"]`,
  );
  // Main draws the page with mupdf; on a busy machine (the engine loading its OCR models) that can take a while.
  await expect(holder).toBeAttached({ timeout: 60_000 });
  await holder.scrollIntoViewIfNeeded();
  await expect(holder).toBeVisible({ timeout: 30_000 });
  return holder.evaluate((el) => {
    const c = el.querySelector('canvas')!;
    const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let k = 0; k < px.length; k += 4) if (px[k]! < 200 || px[k + 1]! < 200 || px[k + 2]! < 200) ink++;
    return ink;
  });
}

/** Opens the result of `name` with the queue hidden (`queueHidden`: it was hidden before a reload). */
export async function openReview(page: Page, name: string, queueHidden = false): Promise<void> {
  if (queueHidden) await page.getByRole('button', { name: 'Queue', exact: true }).click();
  await row(page, name).click();
  await expect(page.getByTestId('review')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Hide the queue' }).click();
}

/** In a 1440×900 window, in English, with Markdown and JSON: parses the corpus file `rel` and opens its
 * review with the queue hidden. */
export async function parseAndReview(page: Page, app: WebApp, rel: string): Promise<void> {
  const name = rel.split('/').pop()!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'en' });
  await dropFiles(page, corpus(rel));
  await expectRowState(page, name, 'SUCCESS');
  await openReview(page, name);
}
