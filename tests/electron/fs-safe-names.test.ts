import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportStem,
  MAX_NAME_BYTES,
  numberedName,
  sanitizeName,
  splitExt,
  truncateUtf8,
  uniqueName,
  utf8Length,
} from '../../electron/services/fs-safe/names.ts';

const table: [string, string][] = [
  ['report.pdf', 'report.pdf'],
  ['CON', '_CON'],
  ['con.txt', '_con.txt'],
  ['Prn.md', '_Prn.md'],
  ['aux', '_aux'],
  ['NUL.tar.gz', '_NUL.tar.gz'],
  ['COM1', '_COM1'],
  ['com9.json', '_com9.json'],
  ['LPT1.md', '_LPT1.md'],
  ['lpt¹', '_lpt¹'],
  ['console.md', 'console.md'],
  ['CONFIG', 'CONFIG'],
  ['a<b>c:d"e/f\\g|h?i*j.pdf', 'a_b_c_d_e_f_g_h_i_j.pdf'],
  ['tab\there\nnew\u0000.pdf', 'tab_here_new_.pdf'],
  ['del\u007f.md', 'del_.md'],
  ['trailing. . ', 'trailing'],
  ['name.md.', 'name.md'],
  ['  padded  ', 'padded'],
  ['...', 'untitled'],
  ['.', 'untitled'],
  ['..', 'untitled'],
  ['', 'untitled'],
  ['   ', 'untitled'],
  ['.gitignore', '.gitignore'],
  ['../../etc/passwd', '.._.._etc_passwd'],
  ['C:\\Windows\\system32', 'C__Windows_system32'],
  ['Cafe\u0301.pdf', 'Caf\u00e9.pdf'],
  ['报告 2024.pdf', '报告 2024.pdf'],
];

describe('sanitizeName', () => {
  it.each(table)('%j → %j', (raw, expected) => {
    expect(sanitizeName(raw)).toBe(expected);
  });

  it('is idempotent on every table entry', () => {
    for (const [raw] of table) expect(sanitizeName(sanitizeName(raw))).toBe(sanitizeName(raw));
  });

  it('cuts long CJK names to 255 UTF-8 bytes, keeps the extension, never splits a character', () => {
    const out = sanitizeName(`${'中'.repeat(300)}.pdf`);
    expect(utf8Length(out)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(out.endsWith('.pdf')).toBe(true);
    expect(out).toBe(`${'中'.repeat(83)}.pdf`);
  });

  it('does not split surrogate pairs (emoji)', () => {
    const out = sanitizeName(`${'😀'.repeat(100)}.md`);
    expect(utf8Length(out)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(Buffer.from(out, 'utf8').toString('utf8')).toBe(out);
    expect(out).toBe(`${'😀'.repeat(63)}.md`);
  });

  it('drops an absurdly long extension rather than the whole stem', () => {
    const out = sanitizeName(`a.${'x'.repeat(400)}`);
    expect(utf8Length(out)).toBe(MAX_NAME_BYTES);
    expect(out.startsWith('a.x')).toBe(true);
  });

  it('uses the given fallback', () => {
    expect(sanitizeName('***', 'doc')).toBe('___');
    expect(sanitizeName('. .', 'doc')).toBe('doc');
  });
});

describe('helpers', () => {
  it('splitExt', () => {
    expect(splitExt('a.b.pdf')).toEqual(['a.b', '.pdf']);
    expect(splitExt('.env')).toEqual(['.env', '']);
    expect(splitExt('noext')).toEqual(['noext', '']);
    expect(splitExt('dot.')).toEqual(['dot.', '']);
  });
  it('truncateUtf8 respects code points', () => {
    expect(truncateUtf8('ééé', 5)).toBe('éé');
    expect(truncateUtf8('abc', 10)).toBe('abc');
  });
  it('exportStem', () => {
    expect(exportStem('Report 2024.pdf')).toBe('Report 2024');
    expect(exportStem('CON.pdf')).toBe('_CON');
    expect(exportStem('')).toBe('document');
  });
  it('numberedName', () => {
    expect(numberedName('report.md', 1)).toBe('report.md');
    expect(numberedName('report.md', 2)).toBe('report (2).md');
    expect(numberedName('report.v2', 3, true)).toBe('report.v2 (3)');
    const long = numberedName(`${'x'.repeat(251)}.md`, 12);
    expect(utf8Length(long)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(long.endsWith(' (12).md')).toBe(true);
  });
});

describe('uniqueName', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fs-safe-names-'));
    await writeFile(join(dir, 'report.md'), 'x');
    await mkdir(join(dir, 'report'));
    await mkdir(join(dir, 'images'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('never picks an existing file or folder', async () => {
    const taken = new Set<string>();
    expect(await uniqueName(dir, 'report.md', taken)).toBe('report (2).md');
    expect(await uniqueName(dir, 'report', taken, { isFolder: true })).toBe('report (2)');
  });

  it('never hands out a name twice, case-insensitively', async () => {
    const taken = new Set<string>();
    const names = [];
    for (let i = 0; i < 5; i++) names.push(await uniqueName(dir, i % 2 ? 'Notes.md' : 'notes.md', taken));
    expect(names).toEqual(['notes.md', 'Notes (2).md', 'notes (3).md', 'Notes (4).md', 'notes (5).md']);
  });

  it('checks companions too (a Markdown file and its images folder)', async () => {
    await mkdir(join(dir, 'x_images'));
    const taken = new Set<string>();
    const companions = (n: string) => [n.replace(/\.md$/, '_images')];
    expect(await uniqueName(dir, 'x.md', taken, { companions })).toBe('x (2).md');
    expect(taken.has('x (2)_images')).toBe(true);
  });
});
