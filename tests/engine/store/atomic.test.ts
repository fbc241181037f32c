import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atomicWrite, copyFileAtomic, ensureDir, writeFileAtomic } from '../../../lib/atomic.ts';
import { codeOf } from '../../support/coded.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-safe-atomic-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('atomic writes', () => {
  it('writes the content and leaves no temp file', async () => {
    const d = join(dir, 'ok');
    await mkdir(d);
    await writeFileAtomic(join(d, 'a.md'), '# hi\n');
    expect(await readFile(join(d, 'a.md'), 'utf8')).toBe('# hi\n');
    expect(await readdir(d)).toEqual(['a.md']);
  });

  it('refuses to overwrite unless asked, and then replaces', async () => {
    const d = join(dir, 'ow');
    await mkdir(d);
    const f = join(d, 'a.json');
    await writeFile(f, 'old');
    expect(await codeOf(writeFileAtomic(f, 'new'))).toBe('EXISTS');
    expect(await readFile(f, 'utf8')).toBe('old');
    await writeFileAtomic(f, 'new', { overwrite: true });
    expect(await readFile(f, 'utf8')).toBe('new');
    expect(await readdir(d)).toEqual(['a.json']);
  });

  it('a destination under a file (ENOTDIR) gives NO_FOLDER and creates nothing', async () => {
    const file = join(dir, 'plainfile');
    await writeFile(file, 'x');
    expect(await codeOf(writeFileAtomic(join(file, 'out.md'), 'y'))).toBe('NO_FOLDER');
    expect(await readFile(file, 'utf8')).toBe('x');
  });

  it('a name too long (ENAMETOOLONG) gives NAME_TOO_LONG and leaves no temp file', async () => {
    const d = join(dir, 'long');
    await mkdir(d);
    expect(await codeOf(writeFileAtomic(join(d, `${'n'.repeat(300)}.md`), 'y'))).toBe('NAME_TOO_LONG');
    expect(await readdir(d)).toEqual([]);
  });

  it('a failure in the middle of writing removes the half-written temp file', async () => {
    const d = join(dir, 'mid');
    await mkdir(d);
    const p = atomicWrite(join(d, 'big.bin'), async (fh) => {
      await fh.write(new Uint8Array(100_000));
      throw Object.assign(new Error('boom'), { code: 'EIO' });
    });
    expect(await codeOf(p)).toBe('WRITE_FAILED');
    expect(await readdir(d)).toEqual([]);
  });

  it('a read error while copying (source is a folder) leaves nothing', async () => {
    const d = join(dir, 'copy');
    await mkdir(d);
    await mkdir(join(d, 'srcdir'));
    const code = await codeOf(copyFileAtomic(join(d, 'srcdir'), join(d, 'out.zip')));
    expect(code).not.toBe('no error');
    expect(await readdir(d)).toEqual(['srcdir']);
  });

  it('copies large files by streaming', async () => {
    const d = join(dir, 'copy2');
    await mkdir(d);
    const data = new Uint8Array(3 * 1024 * 1024 + 7).map((_, i) => i % 251);
    await writeFile(join(d, 'src.bin'), data);
    await copyFileAtomic(join(d, 'src.bin'), join(d, 'dst.bin'));
    expect(Buffer.compare(await readFile(join(d, 'dst.bin')), Buffer.from(data))).toBe(0);
    expect((await readdir(d)).sort()).toEqual(['dst.bin', 'src.bin']);
  });

  it('gives the new file the mode asked for and replaces atomically when asked', async () => {
    const d = join(dir, 'mode');
    await mkdir(d);
    const f = join(d, 'state.json');
    await writeFileAtomic(f, '{}', { overwrite: true, mode: 0o600 });
    await writeFileAtomic(f, '{"a":1}', { overwrite: true, mode: 0o600 });
    expect((await stat(f)).mode & 0o777).toBe(0o600);
    expect(await readFile(f, 'utf8')).toBe('{"a":1}');
    expect(await readdir(d)).toEqual(['state.json']);
  });

  it('ensureDir under a file gives a coded error', async () => {
    await writeFile(join(dir, 'f2'), 'x');
    expect(await codeOf(ensureDir(join(dir, 'f2', 'sub')))).toBe('NO_FOLDER');
  });
});

// Real full-disk and read-only folders: tiny tmpfs mounts. Root can mount (and ignores chmod); other
// users cannot mount, but chmod then really blocks writes.
const isRoot = process.getuid?.() === 0;
function tryMount(target: string, opts: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', opts, 'tmpfs', target], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('full disk and read-only folder', () => {
  const mounts: string[] = [];
  afterAll(() => {
    for (const m of mounts) execFileSync('umount', [m], { stdio: 'ignore' });
  });

  it('ENOSPC → DISK_FULL, no half-written file', async (t) => {
    const d = join(dir, 'full');
    await mkdir(d);
    if (!isRoot || !tryMount(d, 'size=256k')) return t.skip('cannot mount a small tmpfs here (needs root)');
    mounts.push(d);
    expect(await codeOf(writeFileAtomic(join(d, 'big.bin'), new Uint8Array(2 * 1024 * 1024)))).toBe('DISK_FULL');
    expect(await readdir(d)).toEqual([]);
  });

  it('read-only folder → READ_ONLY, nothing written', async (t) => {
    const d = join(dir, 'ro');
    await mkdir(d);
    if (isRoot) {
      if (!tryMount(d, 'ro,size=64k')) return t.skip('cannot mount a read-only tmpfs here');
      mounts.push(d);
    } else {
      await chmod(d, 0o555);
    }
    expect(await codeOf(writeFileAtomic(join(d, 'a.md'), 'x'))).toBe('READ_ONLY');
    expect(await readdir(d)).toEqual([]);
    if (!isRoot) await chmod(d, 0o755);
  });
});
