// Helpers for the app-*.spec.ts suites: drive the UI the way a user does (drop zone, queue rows,
// settings) and read main's truth through the contract when a test needs to wait on it.
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Task } from '../../shared/task.ts';
import { expect, invokeFromTest, type WebApp } from './fixtures.ts';
import { REPO_ROOT } from './support/web-app.ts';

export const corpus = (rel: string): string => join(REPO_ROOT, '..', 'shared', 'corpus', rel);

export async function listTasks(app: WebApp): Promise<Task[]> {
  const r = await invokeFromTest(app, 'tasks:list');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Adds files the way the file picker does: through the drop zone's input. */
export async function dropFiles(page: Page, ...paths: string[]): Promise<void> {
  await page.getByTestId('dropzone-input').setInputFiles(paths);
}

export function row(page: Page, fileName: string): Locator {
  return page.getByTestId('queue-row').filter({ hasText: fileName });
}

/** Waits until the row of `fileName` shows `state` (data-state mirrors Task.state). */
export async function expectRowState(
  page: Page,
  fileName: string,
  state: Task['state'],
  timeout = 120_000,
): Promise<void> {
  await expect(row(page, fileName)).toHaveAttribute('data-state', state, { timeout });
}

/** In a 1440×900 window, in English, with Markdown and JSON: drops the corpus file `rel`, waits for its
 * task to succeed (within `timeout`), opens it and waits until its review shows the PDF. */
export async function openInReview(page: Page, app: WebApp, rel: string, timeout = 120_000): Promise<void> {
  const name = rel.split('/').pop()!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'en' });
  await dropFiles(page, corpus(rel));
  await expectRowState(page, name, 'SUCCESS', timeout);
  await row(page, name).click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
}

export async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('settings-view')).toBeVisible();
}

export async function openQueue(page: Page): Promise<void> {
  await page.getByTestId('nav-queue').click();
}

/** Cloud backend pointed at a private deployment URL, through the settings page. */
export async function useCloud(page: Page, baseUrl: string): Promise<void> {
  await openSettings(page);
  await page.getByRole('radio', { name: /SoMark cloud/ }).check();
  await page.getByLabel('Service address').selectOption('custom');
  await page.getByLabel('Private deployment base URL').fill(baseUrl);
  await page.getByRole('button', { name: 'Apply' }).click();
}

/** Enters a key; without a keychain the app offers to keep it for this session only. */
export async function enterKey(page: Page, key: string): Promise<void> {
  const input = page.locator('#api-key');
  await input.fill(key);
  await page.getByRole('button', { name: /^(Save key|Keep for this session only)$/ }).click();
  await expect(page.getByTestId('key-status')).toContainText(`…${key.slice(-4)}`);
  await expect(input).toHaveValue('');
}

/** On how many lines `phrase` of the element's text is laid out. */
export async function linesOf(el: Locator, phrase: string): Promise<number> {
  return el.evaluate((node, p) => {
    const text = node.firstChild!;
    const start = (text.textContent ?? '').indexOf(p);
    if (start < 0) return -1;
    const range = document.createRange();
    range.setStart(text, start);
    range.setEnd(text, start + p.length);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  }, phrase);
}

/** Runs `look` in each language, theme and window size (1440×900, 1024×700), the app switched to it first. */
export async function forEachLook(
  page: Page,
  app: WebApp,
  look: (tag: string, size: { w: number; h: number }) => Promise<void>,
): Promise<void> {
  for (const [language, lang] of [
    ['en', 'en'],
    ['zh-CN', 'zh'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await invokeFromTest(app, 'settings:set', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      for (const [w, h] of [
        [1440, 900],
        [1024, 700],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await look(`${w}-${theme}-${lang}`, { w, h });
      }
    }
  }
}

/** Opens the review of the queue row named `name` once its PDF and Markdown are shown. */
export async function openDoc(page: Page, name: string): Promise<void> {
  await row(page, name).click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
  await expect(page.getByTestId('md-chunk').first()).toBeVisible();
}
