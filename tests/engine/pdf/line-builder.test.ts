// LineBuilder's monospace share: full-width CJK characters never count, a face flagged fixed-pitch that has
// set CJK on the page (its Latin is proportional) counts only on four or more even advances, a face named
// monospaced always counts. TeX's spacing accents set over a letter become its precomposed form.
import { describe, expect, it } from 'vitest';
import { LineBuilder, type FontInfo } from '../../../engine/pdf/line-builder.ts';

/** The line of `text` set in `f`, each char `adv(c)` points wide at size 10. */
function line(text: string, f: FontInfo, adv: (c: string) => number = () => 6): number {
  const b = new LineBuilder();
  b.reset(false);
  let x = 0;
  for (const c of text) {
    const w = adv(c);
    b.add(c, [x, 0, x + w, 0, x, 10, x + w, 10], false, 10, f);
    x += w;
  }
  return b.toLine()!.mono;
}
const cjkFace = (): FontInfo => ({ name: 'NotoSerifCJKjp-Regular', bold: false, italic: false, mono: true });
const courier: FontInfo = { name: 'Courier', bold: false, italic: false, mono: true, monoSure: true };
const proportional = (c: string) =>
  ({ i: 2.8, l: 2.8, t: 3.3, r: 3.9, o: 5.5, n: 5.6, p: 5.6, w: 7.6, k: 5.2, e: 5, s: 4.4 })[c] ?? 5.5;

describe('LineBuilder mono', () => {
  it('gives a CJK face flagged fixed-pitch no monospace for its ideographs or its proportional Latin', () => {
    const f = cjkFace();
    expect(line('数据处理的效率', f, () => 10)).toBe(0);
    expect(f.wide).toBe(true);
    expect(line('workers', f, proportional)).toBe(0);
    expect(line('on', f, proportional)).toBe(0); // too few chars to tell
    expect(line('8080', f)).toBe(0); // figures are one width in most faces
    expect(line('SELECT name', f, () => 6)).toBeCloseTo(1); // even advances: monospaced Latin after all
  });

  it('keeps a face flagged or measured fixed-pitch that set no CJK, and a named one, monospaced', () => {
    const listing: FontInfo = { name: 'ABCDEF+Listing', bold: false, italic: false, mono: true };
    expect(line('END', listing)).toBe(1);
    expect(line('x = 1;', courier)).toBe(1);
    expect(line('x=1 # 注释', courier)).toBe(1); // a CJK comment does not dilute the code
    expect(line('ordinary text', { ...listing, mono: false }, proportional)).toBe(0);
  });
});

/** The text of a line of glyphs given as [char, left, right] in points. */
function placed(glyphs: [string, number, number][]): string {
  const b = new LineBuilder();
  b.reset(false);
  for (const [c, x0, x1] of glyphs) b.add(c, [x0, 0, x1, 0, x0, 10, x1, 10], false, 10, courier);
  return b.toLine()!.text;
}

describe('LineBuilder accents', () => {
  it('composes an accent whose box overlaps the letter before or after it, and keeps one set beside its neighbours', () => {
    // "O˘guz": the breve (before the g in the text) is kerned back over it
    expect(
      placed([
        ['O', 0, 7],
        ['\u02d8', 7.5, 12.5],
        ['g', 7, 12],
        ['u', 12, 17],
        ['z', 17, 21],
      ]),
    ).toBe('Oğuz');
    // "Ageˆncia", "c¸a˜o": accents after their letter, over or under it
    expect(
      placed([
        ['g', 0, 5],
        ['e', 5, 9.5],
        ['\u02c6', 5, 9.5],
        ['n', 9.5, 15],
      ]),
    ).toBe('gên');
    expect(
      placed([
        ['c', 0, 4.5],
        ['\u00b8', 0.5, 4],
        ['a', 4.5, 9],
        ['\u02dc', 4.5, 9],
        ['o', 9, 14],
      ]),
    ).toBe('ção');
    expect(
      placed([
        ['\u0131', 0, 3],
        ['\u00b4', 0, 3],
      ]),
    ).toBe('í'); // TeX's dotless i under an acute
    // a backtick or acute in prose or code takes its own advance: kept
    expect(
      placed([
        ['`', 0, 6],
        ['a', 6, 12],
        ['`', 12, 18],
      ]),
    ).toBe('`a`');
    expect(
      placed([
        ['x', 0, 5],
        ['\u00b4', 5, 9],
        [' ', 9, 12],
        ['y', 12, 17],
      ]),
    ).toBe('x\u00b4 y');
    // no precomposed form: both stay
    expect(
      placed([
        ['q', 0, 5],
        ['\u02d8', 0, 5],
      ]),
    ).toBe('q\u02d8');
  });
});
