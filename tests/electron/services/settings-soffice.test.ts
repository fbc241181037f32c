// The LibreOffice setting: validated in main (empty = find it; an absolute path to the program or to a
// folder holding it, stored as the program's path; anything else refused), shown by app:ready, and used
// by the running local engine for the next Office file, without a restart. Real services, real engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findSoffice } from '../../../engine/source/office/soffice.ts';
import { applyUpdate, DEFAULT_SETTINGS, fromStored } from '../../../electron/services/settings/validate.ts';
import { corpus, makeServices, removeTemps, tempDir, waitFinal, type Harness } from './helpers.ts';

const real = findSoffice();
let dir: string;

/** An executable shell script at `path`. */
async function script(path: string, body: string): Promise<string> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

beforeAll(async () => {
  dir = await tempDir('dp-soffice-');
});
afterAll(removeTemps);

describe.skipIf(process.platform === 'win32')('LibreOffice setting: validation', () => {
  it('empty means "find it"; a program or an install folder is kept as the program path; anything else is refused', async () => {
    expect(DEFAULT_SETTINGS.sofficePath).toBe('');
    expect(applyUpdate(DEFAULT_SETTINGS, { sofficePath: '  ' }).sofficePath).toBe('');
    const program = await script(join(dir, 'lo', 'program', 'soffice'), 'exit 0');
    expect(applyUpdate(DEFAULT_SETTINGS, { sofficePath: ` ${program} ` }).sofficePath).toBe(program);
    expect(applyUpdate(DEFAULT_SETTINGS, { sofficePath: join(dir, 'lo') }).sofficePath).toBe(program);
    const refused = (v: unknown) => () => applyUpdate(DEFAULT_SETTINGS, { sofficePath: v });
    expect(refused('lo/program/soffice')).toThrow(/absolute path/);
    expect(refused(join(dir, 'nowhere', 'soffice'))).toThrow(/no runnable LibreOffice/);
    const notExecutable = join(dir, 'noexec', 'soffice');
    await mkdir(join(dir, 'noexec'), { recursive: true });
    await writeFile(notExecutable, 'not a program');
    expect(refused(notExecutable)).toThrow(/no runnable LibreOffice/);
    // A runnable program of another name is refused: the UI must not make the engine run any program.
    expect(refused(await script(join(dir, 'bin', 'sh-like'), 'exit 0'))).toThrow(/no runnable LibreOffice/);
    expect(
      applyUpdate(DEFAULT_SETTINGS, { sofficePath: await script(join(dir, 'lo2', 'libreoffice'), 'exit 0') })
        .sofficePath,
    ).toBe(join(dir, 'lo2', 'libreoffice'));
    expect(refused(join(dir, 'empty-folder-that-does-not-exist'))).toThrow(/no runnable/);
    expect(refused(42)).toThrow(/sofficePath must be a path/);
    expect(refused(`${program}\n`.repeat(2))).toThrow(/absolute path/);
    // Loading is lenient: a stored path that no longer works falls back to "find it".
    expect(fromStored({ sofficePath: join(dir, 'gone', 'soffice') }).sofficePath).toBe('');
  });
});

describe.skipIf(!real || process.platform === 'win32')('LibreOffice setting: the local engine uses it', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeServices();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('app:ready reports the program; a changed setting applies to the running engine at the next file', async () => {
    // A program that is no LibreOffice: the engine runs it, and the task says what it printed.
    const broken = await script(join(dir, 'broken', 'soffice'), 'echo "fake soffice from the setting" >&2; exit 3');
    await h.svc.handlers['settings:set']({ backend: 'local', sofficePath: broken });
    expect(await h.svc.handlers['app:ready']()).toMatchObject({ localOffice: true, soffice: broken });
    const {
      tasks: [a],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('office/lorem_ipsum.docx')] });
    const failed = await waitFinal(h, a!.id, 60_000);
    expect(failed.state).toBe('FAILED');
    expect(failed.error?.message).toMatch(/fake soffice from the setting/);

    // The same engine (no restart), now pointed at a wrapper that runs the real LibreOffice asking for the
    // first page only: its use shows in the page count (the 2-page document gives 1). A marker file would not
    // do: LibreOffice runs in a box that keeps its writes to its own work folder (engine/source/office/sandbox.ts).
    const firstPage = `pdf:writer_pdf_Export:{"PageRange":{"type":"string","value":"1"}}`;
    const wrapper = await script(
      join(dir, 'wrapper', 'soffice'),
      `n=$#; prev=\nfor a in "$@"; do\n  if [ "$prev" = "--convert-to" ]; then a='${firstPage}'; fi\n  set -- "$@" "$a"; prev=$a\ndone\nshift $n\nexec "${real}" "$@"`,
    );
    await h.svc.handlers['settings:set']({ sofficePath: join(dir, 'wrapper') });
    expect((await h.svc.handlers['settings:get']()).sofficePath).toBe(wrapper);
    const {
      tasks: [b],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('office/lorem_ipsum.docx')] });
    const done = await waitFinal(h, b!.id, 120_000);
    expect(done.state, JSON.stringify(done.error)).toBe('SUCCESS');
    expect(done.pages).toBe(1);

    // Back to "find it": app:ready reports what the engine finds on its own.
    await h.svc.handlers['settings:set']({ sofficePath: '' });
    expect(await h.svc.handlers['app:ready']()).toMatchObject({ localOffice: true, soffice: findSoffice() });
  }, 200_000);
});
