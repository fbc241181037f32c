// One page-limit error (engine/core/plan.ts checkPageLimit): the engine over HTTP, the parse CLI and an
// in-process parseDocument refuse a document over the limit with code 1132 and the same sentence (the CLI
// adds how to raise its limit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { parseDocument } from '../../../engine/core/parse.ts';
import { isEngineError } from '../../../engine/errors.ts';
import { corpus, fileForm, postForm, startTestServer, type TestServer } from '../server/helpers.ts';
import { run } from './run-cli.ts';

const TWO_PAGES = corpus('forms/form_two_pages.pdf');
const SENTENCE = 'The document has 2 pages; the limit is 1. Split it and submit the parts';
const servers: TestServer[] = [];
let out: string;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'docparse-page-limit-'));
});
afterAll(async () => {
  for (const s of servers) await s.dispose();
  await rm(out, { recursive: true, force: true });
});

describe('a document over the page limit', () => {
  it('is refused by the engine over HTTP with 1132 and the sentence', async () => {
    const srv = await startTestServer({ maxPages: 1 });
    servers.push(srv);
    const { body } = await postForm(`${srv.url}/parse/sync`, await fileForm(TWO_PAGES));
    expect(body.code).toBe(1132);
    expect(body.message).toBe(SENTENCE);
  });

  it('is refused by the parse CLI with the same sentence, and how to raise its limit', async () => {
    const r = await run('engine/cli/parse.ts', [TWO_PAGES, '--out', out, '--max-pages', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${SENTENCE} (or raise --max-pages) (code 1132)`);
    expect(await readdir(out)).toEqual([]);
  });

  it('is refused by parseDocument with the same sentence', async () => {
    const [featureConfig, elementFormats] = [DEFAULT_FEATURE_CONFIG, DEFAULT_ELEMENT_FORMATS];
    const options = {
      featureConfig,
      elementFormats,
      imageDir: join(out, 'images'),
      imageUrl: (n: string) => n,
      maxPages: 1,
    };
    const e = await parseDocument(TWO_PAGES, 'form_two_pages.pdf', options).catch((x: unknown) => x);
    expect(isEngineError(e) && e.code).toBe(1132);
    expect((e as Error).message).toBe(SENTENCE);
  });
});
