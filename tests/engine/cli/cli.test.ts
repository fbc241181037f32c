// The parse CLI as users run it: engine/cli/parse.ts in-process and against a running engine (the server
// CLI: server-cli.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { corpus, KEY, startTestServer, type TestServer } from '../server/helpers.ts';
import { run } from './run-cli.ts';

let out: string;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'docparse-cli-'));
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

const PICTURES = corpus('pdf-digital/picture_classification.pdf');
const BAD = corpus('encrypted/password.pdf');

async function checkOutputs(dir: string, stem: string, pages: number): Promise<void> {
  const md = await readFile(join(dir, `${stem}.md`), 'utf8');
  expect(md.length).toBeGreaterThan(50);
  const json = JSON.parse(await readFile(join(dir, `${stem}.json`), 'utf8'));
  expect(json.pages).toHaveLength(pages);
  const zip = unzipSync(new Uint8Array(await readFile(join(dir, `${stem}.zip`))));
  expect(Object.keys(zip)).toEqual(expect.arrayContaining(['main.md', 'main.json']));
  expect(strFromU8(zip['main.md']!)).toContain('./images/image_001.png');
}

describe('parse CLI, in-process', () => {
  it('writes <stem>.md/.json/.zip; a bad file fails with one line and exit 1', async () => {
    const dir = join(out, 'local');
    const r = await run('engine/cli/parse.ts', [PICTURES, BAD, '--out', dir, '--formats', 'markdown,json,zip']);
    expect(r.code, r.stderr).toBe(1);
    await checkOutputs(dir, 'picture_classification', 2);
    // Crops are copied beside the Markdown, which links them relatively.
    const md = await readFile(join(dir, 'picture_classification.md'), 'utf8');
    expect(md).toContain('./picture_classification_images/image_001.png');
    expect(existsSync(join(dir, 'picture_classification_images', 'image_001.png'))).toBe(true);
    expect(md).not.toContain('@docparse');
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^error: .*password\.pdf: .*password.*\(code 1106\)$/);
    expect(existsSync(join(dir, 'password.md'))).toBe(false);
    expect(r.stderr).toMatch(/1 of 2 file\(s\) parsed, 1 failed/);
  });

  it('exit 0 when every file parses; default formats are markdown and json', async () => {
    const dir = join(out, 'defaults');
    const r = await run('engine/cli/parse.ts', [corpus('pdf-digital/two_paragraphs.pdf'), '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['two_paragraphs.json', 'two_paragraphs.md']);
    expect(r.stderr).toMatch(/two_paragraphs\.pdf: done, 1 pages/);
  });

  it('joins a paragraph a page break split by default, as the app does; --feature-config turns it off', async () => {
    const file = corpus('pdf-digital/multi-column-2p.pdf');
    const on = await run('engine/cli/parse.ts', [file, '--out', join(out, 'joined')]);
    expect(on.code, on.stderr).toBe(0);
    expect(await readFile(join(out, 'joined', 'multi-column-2p.md'), 'utf8')).toContain(
      'multiple open-domain QA datasets, it also',
    );
    const off = await run('engine/cli/parse.ts', [
      file,
      '--out',
      join(out, 'split'),
      '--feature-config',
      '{"enable_text_cross_page":false}',
    ]);
    expect(off.code, off.stderr).toBe(0);
    expect(await readFile(join(out, 'split', 'multi-column-2p.md'), 'utf8')).toContain(
      'multiple open-domain\n\nQA datasets, it also',
    );
  });

  it('usage errors exit 2', async () => {
    expect((await run('engine/cli/parse.ts', [PICTURES])).code).toBe(2);
    expect((await run('engine/cli/parse.ts', [PICTURES, '--out', out, '--formats', 'pdf'])).code).toBe(2);
    const missing = await run('engine/cli/parse.ts', [join(out, 'nope.pdf'), '--out', out]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/error: .*nope\.pdf: no such file/);
  });
});

describe('parse CLI, remote', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it('parses through a SoMark-compatible service with --base-url and --api-key', async () => {
    const dir = join(out, 'remote');
    const r = await run('engine/cli/parse.ts', [
      PICTURES,
      '--out',
      dir,
      '--formats',
      'markdown,json,zip',
      '--base-url',
      srv.url,
      '--api-key',
      KEY,
      '--poll-ms',
      '200',
    ]);
    expect(r.code, r.stderr).toBe(0);
    await checkOutputs(dir, 'picture_classification', 2);
    expect(r.stderr).toMatch(/submitted as [0-9a-f]{32}/);
    expect(await readFile(join(dir, 'picture_classification.md'), 'utf8')).toContain(`${srv.url}/files/`);
  });

  it('a wrong key fails each file with code 1107', async () => {
    const r = await run('engine/cli/parse.ts', [
      PICTURES,
      '--out',
      join(out, 'wrong'),
      '--base-url',
      srv.url,
      '--api-key',
      'sk-wrong',
      '--poll-ms',
      '200',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: .*picture_classification\.pdf: Invalid API key \(code 1107\)/);
  });
});
