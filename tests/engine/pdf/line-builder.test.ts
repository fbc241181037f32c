// LineBuilder's monospace share: full-width CJK characters never count, a face flagged fixed-pitch that has
// set CJK on the page (its Latin is proportional) counts only on four or more even advances, a face named
// monospaced always counts.
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
const proportional = (c: string) => ({ i: 2.8, l: 2.8, t: 3.3, r: 3.9, o: 5.5, n: 5.6, p: 5.6, w: 7.6, k: 5.2, e: 5, s: 4.4 })[c] ?? 5.5;

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
