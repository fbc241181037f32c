// Sets TeX's spacing accents on their letters: TeX typesets "ğ" or "ê" as the letter plus an accent glyph of
// its own (U+02D8 BREVE, U+02C6 …) placed over or under it, which the text layer reports as two chars, the
// accent before or after the letter ("O˘guz", "Ageˆncia"). Decided by position, so a lone "´" or backtick in
// prose or code (beside its neighbours, not over one) stays as it is.

/** The combining mark for each spacing accent (0 for any other char below U+02DE). */
export const ACCENTS = new Uint16Array(0x2de);
for (const [a, m] of [
  [0x60, 0x300],
  [0xa8, 0x308],
  [0xaf, 0x304],
  [0xb4, 0x301],
  [0xb8, 0x327],
  [0x2c6, 0x302],
  [0x2c7, 0x30c],
  [0x2c9, 0x304],
  [0x2d8, 0x306],
  [0x2d9, 0x307],
  [0x2da, 0x30a],
  [0x2db, 0x328],
  [0x2dc, 0x303],
  [0x2dd, 0x30b],
])
  ACCENTS[a] = m;
const markOf = (u: number): number => (u < 0x2de ? ACCENTS[u] : 0);
const LETTER = /\p{L}/u;
/** An accent overlaps its letter across more than this share of the narrower of the two. */
const ACCENT_OVERLAP = 0.25;

/** Over the first `len` chars of a line (UTF-16 units `u`, left/right edges `cx0`/`cx1`, size and bottom
 * `csz`/`cy1`), each spacing accent whose box overlaps a neighbouring letter's by over a quarter of the
 * narrower one (the one it overlaps most when both do) becomes that letter's precomposed form, when Unicode
 * has one; the accent's entries are removed from all five arrays in place. Returns the new length. */
export function composeAccents(
  u: Uint16Array,
  cx0: number[],
  cx1: number[],
  csz: Float64Array,
  cy1: Float64Array,
  len: number,
): number {
  const drop = new Uint8Array(len);
  let any = false;
  for (let i = 0; i < len; i++) {
    const mark = markOf(u[i]);
    if (!mark) continue;
    let best = -1,
      most = 0;
    for (let j = i + 1; j >= i - 1; j -= 2) {
      if (j < 0 || j >= len || drop[j] || markOf(u[j]) || !LETTER.test(String.fromCharCode(u[j]))) continue;
      const ov = Math.min(cx1[i], cx1[j]) - Math.max(cx0[i], cx0[j]);
      if (ov > ACCENT_OVERLAP * Math.min(cx1[i] - cx0[i], cx1[j] - cx0[j]) && ov > most) {
        best = j;
        most = ov;
      }
    }
    if (best < 0) continue;
    // A dotless i or j (TeX's \i, \j) takes an accent above as the dotted letter's composed form.
    const above = mark < 0x327;
    const base = above && u[best] === 0x131 ? 'i' : above && u[best] === 0x237 ? 'j' : String.fromCharCode(u[best]);
    const c = (base + String.fromCharCode(mark)).normalize('NFC');
    if (c.length !== 1) continue;
    u[best] = c.charCodeAt(0);
    drop[i] = 1;
    any = true;
  }
  if (!any) return len;
  let k = 0;
  for (let i = 0; i < len; i++) {
    if (drop[i]) continue;
    u[k] = u[i];
    cx0[k] = cx0[i];
    cx1[k] = cx1[i];
    csz[k] = csz[i];
    cy1[k] = cy1[i];
    k++;
  }
  return k;
}
