import { describe, expect, it } from 'vitest';
import { checkFile, partitionFiles, relativePathOf } from '../../renderer/src/features/upload/validate.ts';
import { MAX_FILE_BYTES } from '../../shared/capabilities.ts';
import { clampInt, isKeyFormat } from '../../renderer/src/features/settings/validate.ts';
import { normalizeBaseUrl } from '../../shared/base-url.ts';
import { extensionOf, formatBytes, formatElapsed } from '../../renderer/src/lib/format.ts';
import { translate, type Locale } from '../../renderer/src/i18n/index.ts';

const file = (name: string, size: number) => new File([new Uint8Array(Math.min(size, 4))], name, { type: '' });
const sized = (name: string, size: number) => {
  const f = file(name, size);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('client-side file checks', () => {
  it('accepts PDFs, images and Office files by extension, any case', () => {
    for (const name of ['a.pdf', 'B.PDF', 'scan.TIFF', 'x.jpeg', 'p.webp', 'deck.pptx', 'sheet.xlsm', 'old.doc']) {
      expect(checkFile({ name, size: 10 }), name).toBeNull();
    }
  });

  it('names the reason: unsupported, empty, too large', () => {
    expect(checkFile({ name: 'notes.txt', size: 10 })).toEqual({ code: 'UNSUPPORTED', message: '.txt' });
    expect(checkFile({ name: 'README', size: 10 })?.code).toBe('UNSUPPORTED');
    expect(checkFile({ name: '.DS_Store', size: 10 })?.code).toBe('UNSUPPORTED');
    expect(checkFile({ name: 'empty.pdf', size: 0 })?.code).toBe('EMPTY');
    const big = checkFile({ name: 'big.pdf', size: MAX_FILE_BYTES + 1 });
    expect(big?.code).toBe('TOO_LARGE');
    expect(big?.message).toContain('200 MB');
    expect(checkFile({ name: 'max.pdf', size: MAX_FILE_BYTES })).toBeNull();
  });

  it('splits a drop into good files and rejections, keeping folder paths', () => {
    const inFolder = sized('c.png', 0);
    Object.defineProperty(inFolder, 'path', { value: './scans/c.png' });
    const { good, rejected } = partitionFiles([sized('a.pdf', 100), sized('b.exe', 100), inFolder]);
    expect(good.map((f) => f.name)).toEqual(['a.pdf']);
    expect(rejected).toEqual([
      { name: 'b.exe', path: null, error: { code: 'UNSUPPORTED', message: '.exe' } },
      { name: 'c.png', path: 'scans/c.png', error: { code: 'EMPTY', message: '' } },
    ]);
    expect(relativePathOf(sized('x.pdf', 1))).toBeNull();
  });
});

describe('settings checks', () => {
  it('accepts http(s) base URLs and normalises trailing slashes', () => {
    expect(normalizeBaseUrl(' https://parse.example.com/api/v1/ ')).toEqual({
      ok: true,
      url: 'https://parse.example.com/api/v1',
    });
    expect(normalizeBaseUrl('http://10.0.0.5:8080/api/v1')).toEqual({ ok: true, url: 'http://10.0.0.5:8080/api/v1' });
  });

  it('refuses empty, non-http, credentials and junk', () => {
    expect(normalizeBaseUrl('')).toEqual({ ok: false, reason: 'empty' });
    expect(normalizeBaseUrl('ftp://host/api')).toEqual({ ok: false, reason: 'protocol' });
    expect(normalizeBaseUrl('javascript:alert(1)')).toEqual({ ok: false, reason: 'protocol' });
    expect(normalizeBaseUrl('https://user:pw@host/api')).toEqual({ ok: false, reason: 'credentials' });
    expect(normalizeBaseUrl('not a url')).toEqual({ ok: false, reason: 'invalid' });
    expect(normalizeBaseUrl('https://host/api?x=1')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('checks the key format loosely (main has the final word)', () => {
    expect(isKeyFormat('sk-abc123')).toBe(true);
    expect(isKeyFormat('  sk-abc123  ')).toBe(true);
    expect(isKeyFormat('abc')).toBe(false);
    expect(isKeyFormat('sk-')).toBe(false);
    expect(isKeyFormat('sk-ab c')).toBe(false);
  });

  it('clamps integers', () => {
    expect(clampInt(9, 1, 8)).toBe(8);
    expect(clampInt(0, 1, 8)).toBe(1);
    expect(clampInt(Number.NaN, 1, 8)).toBe(1);
    expect(clampInt(3.6, 1, 8)).toBe(4);
  });
});

describe('formatting', () => {
  it('words every span of time one way, in English and Chinese', () => {
    const say = (locale: Locale) => (ms: number | null) => formatElapsed(ms, (k, v) => translate(k, v, locale));
    const en = say('en');
    const zh = say('zh-CN');
    expect([400, 7_250, 9_999, 25_400, 60_000, 83_000, 3_600_000, 3_723_000].map(en)).toEqual([
      '0.4 s',
      '7.2 s',
      '9.9 s',
      '25 s',
      '1 min',
      '1 min 23 s',
      '1 h',
      '1 h 2 min',
    ]);
    expect([7_250, 25_400, 83_000, 3_723_000].map(zh)).toEqual(['7.2 秒', '25 秒', '1 分 23 秒', '1 小时 2 分']);
    expect(en(null)).toBe('–');
    expect(en(-1)).toBe('–');
  });

  it('formats sizes, durations and extensions', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(null)).toBe('–');
    expect(extensionOf('Report.Final.PDF')).toBe('.pdf');
    expect(extensionOf('.bashrc')).toBe('');
  });
});
