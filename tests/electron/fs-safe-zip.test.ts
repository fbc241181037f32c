import { Zip, ZipDeflate, ZipPassThrough, zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/result.ts';
import {
  DEFAULT_ZIP_LIMITS,
  hasZipSignature,
  inspectZip,
  readZipSafe,
} from '../../electron/services/fs-safe/zip-read.ts';

function refusal(fn: () => unknown): CodedError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(CodedError);
    return e as CodedError;
  }
  throw new Error('expected the zip to be refused');
}

/** Builds a zip with the streaming writer, so names and attributes are written as given. */
function buildZip(
  files: { name: string; data?: Uint8Array; os?: number; attrs?: number; store?: boolean }[],
): Uint8Array {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  for (const f of files) {
    const entry = f.store ? new ZipPassThrough(f.name) : new ZipDeflate(f.name, { level: 6 });
    if (f.os !== undefined) entry.os = f.os;
    if (f.attrs !== undefined) entry.attrs = f.attrs;
    zip.add(entry);
    entry.push(f.data ?? strToU8('x'), true);
  }
  zip.end();
  return Buffer.concat(out);
}

/** A zip whose single entry inflates to `bytes` zeros, deflated in 1 MB pushes (never held whole). */
function zerosZip(bytes: number): Uint8Array {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const entry = new ZipDeflate('zeros.bin', { level: 1 });
  zip.add(entry);
  const mb = new Uint8Array(1024 * 1024);
  for (let done = 0; done < bytes; done += mb.length) entry.push(mb, done + mb.length >= bytes);
  zip.end();
  return Buffer.concat(out);
}

describe('safe zip reading: good archives', () => {
  it('reads the SoMark layout', () => {
    const zip = zipSync({
      'main.md': strToU8('# T\n\n![](./images/image_001.png)\n'),
      images: { 'image_001.png': new Uint8Array([137, 80, 78, 71]) },
    });
    expect(hasZipSignature(zip)).toBe(true);
    const files = readZipSafe(zip);
    expect([...files.keys()].sort()).toEqual(['images/image_001.png', 'main.md']);
    expect(Buffer.from(files.get('main.md')!).toString()).toContain('./images/image_001.png');
    const summary = inspectZip(zip);
    expect(
      summary.entries
        .filter((e) => !e.isDir)
        .map((e) => e.name)
        .sort(),
    ).toEqual(['images/image_001.png', 'main.md']);
  });

  it('keeps empty and stored entries, normalises backslashes', () => {
    const zip = buildZip([
      { name: 'empty.txt', data: new Uint8Array(0) },
      { name: 'images\\a.png', store: true, data: strToU8('png') },
    ]);
    const files = readZipSafe(zip);
    expect(files.get('empty.txt')!.length).toBe(0);
    expect(Buffer.from(files.get('images/a.png')!).toString()).toBe('png');
  });

  it('reads only the wanted entries', () => {
    const zip = zipSync({ 'a.txt': strToU8('a'), 'b.txt': strToU8('b') });
    expect([...readZipSafe(zip, (n) => n === 'b.txt').keys()]).toEqual(['b.txt']);
  });
});

describe('safe zip reading: refusals', () => {
  it.each([
    ['../evil.txt', 'outside'],
    ['a/../../evil.txt', 'outside'],
    ['..\\..\\evil.txt', 'outside'],
    ['/etc/passwd', 'absolute'],
    ['C:/Windows/evil.dll', 'absolute'],
    ['c:\\evil.txt', 'absolute'],
    ['\\\\server\\share\\x', 'absolute'],
    ['bad\u0001name', 'control'],
  ])('refuses entry %j', (name, why) => {
    const err = refusal(() => readZipSafe(buildZip([{ name: 'ok.txt' }, { name }])));
    expect(err.code).toBe('UNSAFE_ZIP');
    expect(err.message).toContain('refused');
    expect(err.message).toContain(why);
  });

  it('refuses symbolic links', () => {
    const err = refusal(() =>
      inspectZip(buildZip([{ name: 'link', os: 3, attrs: 0o120777 * 65536, data: strToU8('/etc/passwd') }])),
    );
    expect(err.code).toBe('UNSAFE_ZIP');
    expect(err.message).toContain('symbolic link');
  });

  it('accepts regular Unix files', () => {
    expect(inspectZip(buildZip([{ name: 'f.txt', os: 3, attrs: 0o100644 * 65536 }])).entries).toHaveLength(1);
  });

  it('refuses duplicate names and too many entries', () => {
    expect(refusal(() => inspectZip(buildZip([{ name: 'a' }, { name: 'a' }]))).message).toContain('twice');
    const many = buildZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}` })));
    const err = refusal(() => inspectZip(many, { ...DEFAULT_ZIP_LIMITS, maxEntries: 10 }));
    expect(err.code).toBe('UNSAFE_ZIP');
    expect(err.message).toContain('11 entries');
  });

  it('refuses what is not a zip, truncated or corrupted', () => {
    expect(refusal(() => inspectZip(strToU8('%PDF-1.7 definitely not a zip archive'))).code).toBe('BAD_ZIP');
    const good = zipSync({ 'main.md': strToU8('hello '.repeat(1000)) });
    expect(refusal(() => inspectZip(good.subarray(0, good.length - 30))).code).toBe('BAD_ZIP');
    const flipped = good.slice();
    flipped[40] ^= 0xff; // inside the compressed data
    expect(refusal(() => inspectZip(flipped)).code).toBe('BAD_ZIP');
  });

  describe('a 1 GB zip bomb', () => {
    const bomb = zerosZip(1024 * 1024 * 1024);

    it('is about 1 MB on disk', () => {
      expect(bomb.length).toBeLessThan(8 * 1024 * 1024);
    });

    it('is refused by the expansion ratio', () => {
      const err = refusal(() => inspectZip(bomb));
      expect(err.code).toBe('UNSAFE_ZIP');
      expect(err.message).toMatch(/zip bomb/);
    });

    it('is refused by the total size cap, counted while inflating', () => {
      const err = refusal(() => inspectZip(bomb, { ...DEFAULT_ZIP_LIMITS, maxRatio: 1e9 }));
      expect(err.message).toContain('more than 512 MB');
    });

    it('is refused when its header lies about the size', () => {
      const liar = bomb.slice();
      const v = new DataView(liar.buffer);
      const cd = v.getUint32(liar.length - 22 + 16, true);
      v.setUint32(cd + 24, 1000, true); // central directory: declared uncompressed size
      const err = refusal(() => inspectZip(liar));
      expect(err.code).toBe('UNSAFE_ZIP');
      expect(err.message).toContain('more than its header declares');
    });
  });
});
