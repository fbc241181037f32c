// The one rule for per-file options (shared/file-options.ts): page ranges read and written back, bounds,
// and the checks the app's submit and settings run on untrusted input.
import { describe, expect, it } from 'vitest';
import { checkFileOptions, formatPageRange, parsePageRange } from '../../shared/file-options.ts';

describe('page ranges', () => {
  it('reads ranges in any order, with repeats, full-width commas and spaces', () => {
    expect(parsePageRange('5, 1-3，2')).toEqual([1, 2, 3, 5]);
    expect(parsePageRange('  ')).toBeNull();
    expect(formatPageRange([1, 2, 3, 5, 7, 8])).toBe('1-3,5,7-8');
  });
  it.each(['0', '3-1', 'a', '1-', '1--2', 'x'.repeat(201)])('refuses %j', (s) => {
    expect(() => parsePageRange(s)).toThrow();
  });
  it('checks against the page count when it is known', () => {
    expect(() => parsePageRange('2-6', 5)).toThrow('goes past the last page (5)');
  });
});

describe('checkFileOptions', () => {
  it('fills the defaults and normalises the range', () => {
    expect(checkFileOptions({ pageRange: '3,1-2' })).toEqual({ ocr: true, ocrLang: 'auto', pageRange: '1-3' });
  });
  it.each([
    [{ ocrLang: 'ja' }, 'ocrLang'],
    [{ ocr: 'no' }, 'ocr'],
    [{ pages: '1' }, 'not a known option'],
    [[], 'object'],
  ])('refuses %j', (v, words) => {
    expect(() => checkFileOptions(v)).toThrow(words);
  });
});
