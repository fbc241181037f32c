// Password-protected PDFs over HTTP: no password → "This PDF is password-protected", a wrong one says
// so, the right one parses; the password is in no file of the data folder and no log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { corpus, fileForm, pollUntilDone, postForm, startTestServer, type TestServer } from '../server/helpers.ts';

const SECRET = 'Qv7-zebra-Lantern-42';
let srv: TestServer;
let locked: string;

beforeAll(async () => {
  srv = await startTestServer({ workers: 1 });
  // A protected copy of a small PDF with a password no other byte of the test data contains.
  const doc = mupdf.Document.openDocument(await readFile(corpus('pdf-digital/two_paragraphs.pdf')), 'application/pdf');
  const buf = doc.asPDF()!.saveToBuffer(`encrypt=aes-256,user-password=${SECRET},owner-password=${SECRET}-owner`);
  locked = join(srv.dataDir, '..', `locked-${Date.now()}.pdf`);
  await writeFile(locked, buf.asUint8Array());
  doc.destroy();
});
afterAll(async () => {
  await srv?.dispose();
  if (locked) await import('node:fs/promises').then((fs) => fs.rm(locked, { force: true }));
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) out.push(join(e.parentPath, e.name));
  return out;
}

describe('password-protected PDFs', () => {
  it('without a password: 1106 "This PDF is password-protected"', async () => {
    for (const f of [locked, corpus('encrypted/password.pdf')]) {
      const r = await postForm(`${srv.url}/parse/async`, await fileForm(f));
      expect(r.body.code).toBe(1106);
      expect(r.body.message).toMatch(/^This PDF is password-protected/);
      expect(r.body.message).not.toMatch(/damaged|not a valid/);
    }
  });

  it('with a wrong password: 1106 saying the password is wrong', async () => {
    const r = await postForm(`${srv.url}/parse/async`, await fileForm(locked, { password: 'not-it' }));
    expect(r.body.code).toBe(1106);
    expect(r.body.message).toMatch(/password .* is wrong/);
  });

  it('with the right password: SUCCESS with the text, and the password stored nowhere', async () => {
    const sub = await postForm(`${srv.url}/parse/async`, await fileForm(locked, { password: SECRET }, 'locked.pdf'));
    expect(sub.body.code, sub.body.message).toBe(0);
    const d = await pollUntilDone(srv.url, sub.body.data.task_id);
    expect(d.status, d.error).toBe('SUCCESS');
    expect(d.metadata).toMatchObject({ file_type: '.pdf' });
    expect(d.result.outputs.markdown.length).toBeGreaterThan(20);
    const sync = await postForm(
      `${srv.url}/parse/sync`,
      await fileForm(corpus('encrypted/password.pdf'), { password: 'password' }),
    );
    expect(sync.body.code, sync.body.message).toBe(0);
    expect(sync.body.data.result.outputs.markdown).toMatch(/File with password/);
    for (const file of await filesUnder(srv.dataDir)) {
      expect((await readFile(file)).includes(SECRET), file).toBe(false);
    }
    expect(srv.logs.join('\n')).not.toContain(SECRET);
  });
});
