// A real results cache for export tests: corpus PDFs parsed by the real local engine through the app
// services (createAppServices) before the tests of the calling file, closed after them.
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ResultView } from '../../shared/task.ts';
import { corpus, makeServices, removeTemps, waitFinal, type Harness } from './services/helpers.ts';

/** The services holding the cache (set before the tests run). */
export let h: Harness;
/** The parsed results: a picture with a zip, two paragraphs, several pages, the picture without a zip. */
export const ids = { pic: '', two: '', multi: '', picNoZip: '' };
/** Each result as 'results:get' answered it. */
export const views: Record<string, ResultView> = {};

async function parse(rel: string, formats: ('markdown' | 'json' | 'zip')[]): Promise<string> {
  const {
    tasks: [t],
  } = await h.svc.handlers['tasks:submit']({ paths: [corpus(rel)], options: { formats } });
  const done = await waitFinal(h, t!.id, 120_000);
  expect(done.state, JSON.stringify(done.error)).toBe('SUCCESS');
  views[t!.id] = await h.svc.handlers['results:get']({ id: t!.id });
  return t!.id;
}

export const cacheDir = (id: string): string => join(h.dataDir, 'results', id);
export const linkTargets = (md: string, folder: string): string[] =>
  [...md.matchAll(new RegExp(`\\./${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/([^)\\s"']+)`, 'g'))].map(
    (m) => m[1]!,
  );

/** Parses the corpus files into the cache before the tests, and closes the services after them. */
export function parseExportResults(): void {
  beforeAll(async () => {
    h = await makeServices();
    ids.pic = await parse('pdf-digital/picture_classification.pdf', ['markdown', 'json', 'zip']);
    ids.two = await parse('pdf-digital/two_paragraphs.pdf', ['markdown']);
    ids.multi = await parse('pdf-digital/multi_page.pdf', ['markdown', 'json']);
    ids.picNoZip = await parse('pdf-digital/picture_classification.pdf', ['markdown', 'json']);
  }, 300_000);
  afterAll(async () => {
    await h.close();
    await removeTemps();
  });
}
