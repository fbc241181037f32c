// E2E (browser mode, real local engine): parse a corpus PDF through the UI, export Markdown, JSON
// and the zip through the export menu, and check the files against what the app shows; then
// batch-export 20 copies of one PDF into a folder with colliding names.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readZipSafe } from '../../electron/services/fs-safe/zip-read.ts';
import type { Task } from '../../shared/task.ts';
import { expect, invokeFromTest, invokeInPage, test, type WebApp } from './fixtures.ts';
import { REPO_ROOT } from './support/web-app.ts';

const corpus = (rel: string): string => join(REPO_ROOT, '..', 'shared', 'corpus', rel);

async function tasks(app: WebApp): Promise<Task[]> {
  const r = await invokeFromTest(app, 'tasks:list');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

async function waitAllSuccess(app: WebApp, n: number): Promise<Task[]> {
  await expect
    .poll(async () => (await tasks(app)).filter((t) => t.state === 'SUCCESS').length, { timeout: 120_000 })
    .toBe(n);
  return tasks(app);
}

async function exportVia(page: Page, name: string, item: string): Promise<Buffer> {
  await page.getByRole('button', { name: `Export ${name}` }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return readFile(await download.path());
}

test('zip and JSON exports are self-contained: no service URL, every img_url inside the zip', async ({ page, app }) => {
  test.setTimeout(180_000);
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  await page.getByTestId('dropzone-input').setInputFiles(corpus('pdf-digital/picture_classification.pdf'));
  await waitAllSuccess(app, 1);
  await page.getByTestId('queue-row').filter({ hasText: 'picture_classification.pdf' }).click();
  const imgUrls = (json: string): string[] => [...json.matchAll(/"img_url":\s*"([^"]+)"/g)].map((m) => m[1]!);

  const zip = readZipSafe(await exportVia(page, 'picture_classification.pdf', 'Zip bundle'));
  const main = Buffer.from(zip.get('main.json')!).toString('utf8');
  expect(main).not.toContain('http://127.0.0.1');
  expect(imgUrls(main).length).toBeGreaterThan(0);
  for (const u of imgUrls(main)) expect([...zip.keys()]).toContain(u);

  const single = (await exportVia(page, 'picture_classification.pdf', 'JSON (self-contained)')).toString('utf8');
  expect(single).not.toContain('http://127.0.0.1');
  for (const u of imgUrls(single)) expect(u).toMatch(/^data:image\//);
  const asIs = (await exportVia(page, 'picture_classification.pdf', 'JSON (as returned by the service)')).toString(
    'utf8',
  );
  expect(asIs).toContain('http://127.0.0.1');
});

let outDir = '';
test.beforeEach(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'dp-e2e-export-'));
});
test.afterEach(async () => {
  await rm(outDir, { recursive: true, force: true });
});

test('exported Markdown, JSON and zip match what the app shows', async ({ page, app }) => {
  test.setTimeout(180_000);
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json', 'zip'] });
  await page.getByTestId('dropzone-input').setInputFiles(corpus('pdf-digital/multi_page.pdf'));
  const [task] = await waitAllSuccess(app, 1);
  await page.getByTestId('queue-row').filter({ hasText: 'multi_page.pdf' }).click();
  await expect(page.getByTestId('detail-heading')).toHaveText('multi_page.pdf');

  const view = await invokeInPage(page, 'results:get', { id: task!.id });
  if (!view.ok) throw new Error(view.error.message);
  const shown = view.value;

  // Markdown (images folder): the .md itself, or <stem>-markdown.zip when there are images.
  const md = await exportVia(page, 'multi_page.pdf', 'Markdown (images in a folder)');
  if (md.subarray(0, 2).toString() === 'PK') {
    expect(Buffer.from(readZipSafe(md).get('multi_page.md')!).toString('utf8')).toBe(shown.markdown);
  } else {
    expect(md.toString('utf8')).toBe(shown.markdown);
  }

  const json = await exportVia(page, 'multi_page.pdf', 'JSON (as returned by the service)');
  expect(JSON.parse(json.toString('utf8'))).toEqual(shown.json);
  expect(json.equals(await readFile(join(app.dataDir, 'results', task!.id, 'main.json')))).toBe(true);

  const zip = readZipSafe(await exportVia(page, 'multi_page.pdf', 'Zip bundle'));
  expect(zip.has('main.md')).toBe(true);
  const zipMd = Buffer.from(zip.get('main.md')!).toString('utf8');
  for (const m of zipMd.matchAll(/\.\/(images\/[^)\s"']+)/g)) expect(zip.has(m[1]!), m[1]).toBe(true);
  expect(Object.values(shown.images).every((rel) => zip.has(rel))).toBe(true);

  // Save to a typed path, then again: the overwrite question, answered "Replace".
  const dest = join(outDir, 'saved.md');
  for (const round of [1, 2]) {
    await page.getByRole('button', { name: 'Export multi_page.pdf' }).click();
    await page.getByRole('menuitem', { name: 'Save to a path…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save to a path' });
    await dialog.getByLabel('Destination file').fill(dest);
    await dialog.getByRole('button', { name: 'Save' }).click();
    if (round === 2)
      await page
        .getByRole('alertdialog', { name: 'Replace “saved.md”?' })
        .getByRole('button', { name: 'Replace' })
        .click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Exported saved.md').last()).toBeVisible();
  }
  expect(await readFile(dest, 'utf8')).toBe(shown.markdown);
});

test('batch export of 20 copies of one PDF into a folder with colliding names', async ({ page, app }) => {
  test.setTimeout(240_000);
  const pdf = await readFile(corpus('pdf-digital/two_paragraphs.pdf'));
  const files = Array.from({ length: 20 }, () => ({
    name: 'two_paragraphs.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  }));
  await page.getByTestId('dropzone-input').setInputFiles(files);
  await waitAllSuccess(app, 20);

  const dest = join(outDir, 'batch');
  await mkdir(join(dest, 'two_paragraphs'), { recursive: true });
  await writeFile(join(dest, 'two_paragraphs', 'two_paragraphs.md'), 'already here');

  await page.getByRole('checkbox', { name: 'Select all documents' }).check();
  await page.getByRole('button', { name: 'Export 20 selected documents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export 20 documents' });
  await dialog.getByRole('checkbox', { name: 'JSON' }).check();
  await dialog.getByRole('button', { name: 'Choose…' }).click(); // browser mode: no picker, type the path
  await expect(dialog.getByText(/Type the folder path/)).toBeVisible();
  await dialog.getByLabel('Destination folder').fill(dest);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();

  const summary = dialog.getByTestId('batch-summary');
  await expect(summary.getByRole('status')).toHaveText(`20 documents written to ${dest}`, { timeout: 120_000 });
  const folders = (await readdir(dest)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  expect(folders).toEqual(['two_paragraphs', ...Array.from({ length: 20 }, (_, i) => `two_paragraphs (${i + 2})`)]);
  expect(await readFile(join(dest, 'two_paragraphs', 'two_paragraphs.md'), 'utf8')).toBe('already here');
  for (const f of folders.slice(1)) {
    expect((await readdir(join(dest, f))).sort()).toEqual(['two_paragraphs.json', 'two_paragraphs.md']);
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
