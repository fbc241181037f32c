// Issue 23, finding 1 (high): an Office upload must not make LibreOffice reach outside its package. A .docx
// whose pictures link to a loopback listener or to a local file, and an OpenDocument text named .docx with
// linked images, are parsed through the engine as a user would (a real upload): no request reaches the
// listener and the linked file's content is in no output (Markdown, JSON, stored files). The box around
// LibreOffice (bubblewrap on Linux) is checked on its own too: no network, no host temp files, no parent env.
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxed, sandboxFor, sofficeEnv } from '../../engine/source/office/sandbox.ts';
import { findSoffice } from '../../engine/source/office/soffice.ts';
import { fileForm, postForm, startTestServer, type TestServer } from '../engine/server/helpers.ts';
import { docxWithHeldLinks, docxWithLinkedImages, odtWithLinkedImages, xlsxWithWebService } from './office-fixtures.ts';
import { PNG_1X1, removeTemps, tempDir, tinyServer, type TinyServer } from './support.ts';

const MARKER = 'LEAKMARKER7f3a9c';
const soffice = findSoffice();
const hasSoffice = soffice !== null;
const kind = soffice ? await sandboxFor(soffice, () => {}) : 'none';

let srv: TestServer;
let listener: TinyServer;
let secrets: string;
beforeAll(async () => {
  listener = await tinyServer((_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1));
  secrets = await tempDir('dp-sec-host-');
  await writeFile(
    join(secrets, 'marker.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><text x="10" y="100" font-size="48">${MARKER}</text></svg>`,
  );
  await writeFile(join(secrets, 'marker.txt'), MARKER);
  srv = await startTestServer({ workers: 1 });
});
afterAll(async () => {
  await srv?.dispose();
  await listener?.close();
  await removeTemps();
});

/** Every file the engine stored for its tasks, as text (result.json, Markdown, crops, the converted PDF). */
async function storedText(dir: string): Promise<string> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push((await readFile(join(e.parentPath, e.name))).toString('latin1'));
  }
  return out.join('\n');
}

async function upload(data: Uint8Array, name: string): Promise<{ code: number; message: string; text: string }> {
  const dir = await tempDir();
  await writeFile(join(dir, name), data);
  const { body } = await postForm(
    `${srv.url}/parse/sync`,
    await fileForm(join(dir, name), { output_formats: ['markdown', 'json'] }),
  );
  return { code: body.code, message: body.message, text: JSON.stringify(body.data ?? null) };
}

describe.skipIf(!hasSoffice)('Office links outside the package', () => {
  it('a .docx picture linked to a URL is never fetched; the document still converts', async () => {
    const seen = listener.seen.length;
    const got = await upload(
      docxWithLinkedImages([`${listener.origin}/tracker.png`, `${listener.origin}/meta/latest`]),
      'linked.docx',
    );
    expect(got.code, got.message).toBe(0);
    expect(got.text).toContain('The end of the document.');
    expect(listener.seen.slice(seen)).toEqual([]);
  });

  it('a .docx picture linked to a file: path puts none of that file in any output', async () => {
    const url = `file://${join(secrets, 'marker.svg')}`;
    const got = await upload(docxWithLinkedImages([url, `file://${join(secrets, 'marker.txt')}`]), 'local.docx');
    expect(got.code, got.message).toBe(0);
    expect(got.text).toContain('Linked pictures follow.');
    expect(got.text).not.toContain(MARKER);
    expect(await storedText(srv.dataDir)).not.toContain(MARKER);
  });

  it('an OpenDocument text named .docx is refused, saying what it is and the way out; its links are never fetched', async () => {
    const seen = listener.seen.length;
    const got = await upload(
      odtWithLinkedImages([`${listener.origin}/odt.png`, `file://${join(secrets, 'marker.svg')}`]),
      'renamed.docx',
    );
    expect(got.code).toBe(1104);
    expect(got.message).toMatch(/OpenDocument.*\.docx.*(save|export)/i);
    expect(got.text).not.toContain(MARKER);
    expect(listener.seen.slice(seen)).toEqual([]);
    // Office Open XML of another kind is named for what it is too.
    const sheet = await upload(xlsxWithWebService(listener.origin), 'sheet.docx');
    expect(sheet.code).toBe(1104);
    expect(sheet.message).toMatch(/is an Excel workbook, not a Word document/);
  });

  it('what LibreOffice held before stays held: remote template, INCLUDETEXT/INCLUDEPICTURE/DDE fields, altChunk, WEBSERVICE', async () => {
    const seen = listener.seen.length;
    const word = await upload(docxWithHeldLinks(listener.origin), 'held.docx');
    expect(word.code, word.message).toBe(0);
    expect(word.text).toContain('The end of the document.');
    const sheet = await upload(xlsxWithWebService(listener.origin), 'held.xlsx');
    expect(sheet.code, sheet.message).toBe(0);
    expect(sheet.text).toContain('Held cells');
    expect(listener.seen.slice(seen)).toEqual([]);
  });
});

describe.skipIf(kind !== 'bwrap')(
  'the box LibreOffice runs in, checked with a program that tries what a hostile document would',
  () => {
    const run = (work: string, script: string) => {
      // This Node runs inside (its install folder is bound read-only, as LibreOffice's is).
      const c = boxed(process.execPath, work, ['-e', script], 'bwrap');
      return spawnSync(c.cmd, c.args, { env: sofficeEnv(work), encoding: 'utf8', timeout: 30_000 });
    };

    it('has no network, not even loopback', async () => {
      const work = await tempDir('dp-sec-box-');
      const port = new URL(listener.origin).port;
      const r = run(
        work,
        `require('node:net').connect(${port}, '127.0.0.1').on('connect', () => { console.log('CONNECTED'); process.exit(0); }).on('error', (e) => console.log('REFUSED', e.code));`,
      );
      expect(r.stdout).toMatch(/REFUSED/);
      expect(listener.seen).toEqual([]);
    });

    it("sees its work folder but not the host's other temp files, nor the parent's environment", async () => {
      const work = await tempDir('dp-sec-box-');
      await writeFile(join(work, 'mine.txt'), 'ok');
      process.env.DOCPARSE_TEST_SECRET = MARKER;
      try {
        const fs = "require('node:fs')";
        const r = run(
          work,
          `console.log(${fs}.readFileSync('mine.txt', 'utf8')); console.log(${fs}.existsSync(${JSON.stringify(join(secrets, 'marker.txt'))})); console.log(Object.keys(process.env).join(','))`,
        );
        expect(r.stdout.split('\n').slice(0, 2)).toEqual(['ok', 'false']);
        expect(r.stdout).not.toContain('DOCPARSE_TEST_SECRET');
      } finally {
        delete process.env.DOCPARSE_TEST_SECRET;
      }
    });
  },
);
