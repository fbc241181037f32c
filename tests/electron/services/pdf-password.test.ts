// A password-protected PDF on the local engine waits as needsPassword (not FAILED) with PASSWORD_REQUIRED,
// a retry with a wrong password says so (still waiting), a retry with the right one reaches SUCCESS; the password is in no file of the app's data folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { corpus, makeServices, removeTemps, tempDir, waitFinal, type Harness } from './helpers.ts';

const SECRET = 'Hq4-walrus-Teapot-91';
let h: Harness;
let locked: string;

beforeAll(async () => {
  h = await makeServices();
  const doc = mupdf.Document.openDocument(await readFile(corpus('pdf-digital/two_paragraphs.pdf')), 'application/pdf');
  locked = join(await tempDir('dp-locked-'), 'locked.pdf');
  await writeFile(
    locked,
    doc.asPDF()!.saveToBuffer(`encrypt=aes-128,user-password=${SECRET},owner-password=${SECRET}x`).asUint8Array(),
  );
  doc.destroy();
});
afterAll(async () => {
  await h?.close();
  await removeTemps();
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('password-protected PDF on the local engine', () => {
  it('asks for the password, says when it is wrong, parses with the right one, and stores it nowhere', async () => {
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [locked] });
    let done = await waitFinal(h, t!.id);
    expect(done.state).toBe('needsPassword');
    expect(done.error).toMatchObject({
      code: 'PASSWORD_REQUIRED',
      message: expect.stringMatching(/This PDF is password-protected/),
    });

    await h.svc.handlers['tasks:retry']({ id: t!.id, password: 'not-the-password' });
    done = await waitFinal(h, t!.id);
    expect(done.error?.code).toBe('PASSWORD_WRONG');
    expect(done.state).toBe('needsPassword');

    await h.svc.handlers['tasks:retry']({ id: t!.id, password: SECRET });
    done = await waitFinal(h, t!.id);
    expect(done.error).toBeNull();
    expect(done.state).toBe('SUCCESS');
    const md = await readFile(join(h.dataDir, 'results', t!.id, 'main.md'), 'utf8');
    expect(md).toContain('first paragraph');

    await h.close();
    for (const f of await filesUnder(h.dataDir)) expect((await readFile(f)).includes(SECRET), f).toBe(false);
  });
});
