// Issue 23, finding 1 (high): an Office upload must not make LibreOffice reach outside its package. A .docx
// whose pictures link to a loopback listener or to a local file, and an OpenDocument text named .docx with
// linked images, are parsed through the engine as a user would (a real upload): no request reaches the
// listener and the linked file's content is in no output (Markdown, JSON, stored files).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSoffice } from '../../engine/office/soffice.ts';
import { fileForm, postForm, startTestServer, type TestServer } from '../engine/server/helpers.ts';
import { docxWithHeldLinks, docxWithLinkedImages, odtWithLinkedImages, xlsxWithWebService } from './office-fixtures.ts';
import { PNG_1X1, removeTemps, tempDir, tinyServer, type TinyServer } from './support.ts';

const MARKER = 'LEAKMARKER7f3a9c';
const hasSoffice = findSoffice() !== null;

let srv: TestServer;
let listener: TinyServer;
let secrets: string;
beforeAll(async () => {
  listener = await tinyServer((_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1));
  secrets = await tempDir('dp-sec-host-');
  await writeFile(join(secrets, 'marker.svg'), `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><text x="10" y="100" font-size="48">${MARKER}</text></svg>`);
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
  const { body } = await postForm(`${srv.url}/parse/sync`, await fileForm(join(dir, name), { output_formats: ['markdown', 'json'] }));
  return { code: body.code, message: body.message, text: JSON.stringify(body.data ?? null) };
}

describe.skipIf(!hasSoffice)('Office links outside the package', () => {
  it('a .docx picture linked to a URL is never fetched; the document still converts', async () => {
    const seen = listener.seen.length;
    const got = await upload(docxWithLinkedImages([`${listener.origin}/tracker.png`, `${listener.origin}/meta/latest`]), 'linked.docx');
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
    const got = await upload(odtWithLinkedImages([`${listener.origin}/odt.png`, `file://${join(secrets, 'marker.svg')}`]), 'renamed.docx');
    expect(got.code).toBe(1104);
    expect(got.message).toMatch(/OpenDocument.*\.docx.*(save|export)/i);
    expect(got.text).not.toContain(MARKER);
    expect(listener.seen.slice(seen)).toEqual([]);
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
