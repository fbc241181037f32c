// A CCITT Group 4 (T.6) fax decoder for image masks (mask-rows.ts): scanned figures are mostly G4 masks,
// and decoding them run by run in JS is cheaper than mupdf's bit-by-bit decoder in WASM. It reads what
// mupdf's CCITTFaxDecode reads for K < 0 and byte-unaligned rows; anything it does not expect (another
// code, data ending early) returns null and the caller lets mupdf decode the stream.

/** Codes of T.4 (bit string → value): terminating runs 0–63, then make-up runs in steps of 64. */
const WHITE_TERM =
  '00110101 000111 0111 1000 1011 1100 1110 1111 10011 10100 00111 01000 001000 000011 110100 110101 101010 101011 0100111 0001100 0001000 0010111 0000011 0000100 0101000 0101011 0010011 0100100 0011000 00000010 00000011 00011010 00011011 00010010 00010011 00010100 00010101 00010110 00010111 00101000 00101001 00101010 00101011 00101100 00101101 00000100 00000101 00001010 00001011 01010010 01010011 01010100 01010101 00100100 00100101 01011000 01011001 01011010 01011011 01001010 01001011 00110010 00110011 00110100';
const WHITE_MAKEUP =
  '11011 10010 010111 0110111 00110110 00110111 01100100 01100101 01101000 01100111 011001100 011001101 011010010 011010011 011010100 011010101 011010110 011010111 011011000 011011001 011011010 011011011 010011000 010011001 010011010 011000 010011011';
const BLACK_TERM =
  '0000110111 010 11 10 011 0011 0010 00011 000101 000100 0000100 0000101 0000111 00000100 00000111 000011000 0000010111 0000011000 0000001000 00001100111 00001101000 00001101100 00000110111 00000101000 00000010111 00000011000 000011001010 000011001011 000011001100 000011001101 000001101000 000001101001 000001101010 000001101011 000011010010 000011010011 000011010100 000011010101 000011010110 000011010111 000001101100 000001101101 000011011010 000011011011 000001010100 000001010101 000001010110 000001010111 000001100100 000001100101 000001010010 000001010011 000000100100 000000110111 000000111000 000000100111 000000101000 000001011000 000001011001 000000101011 000000101100 000001011010 000001100110 000001100111';
const BLACK_MAKEUP =
  '0000001111 000011001000 000011001001 000001011011 000000110011 000000110100 000000110101 0000001101100 0000001101101 0000001001010 0000001001011 0000001001100 0000001001101 0000001110010 0000001110011 0000001110100 0000001110101 0000001110110 0000001110111 0000001010010 0000001010011 0000001010100 0000001010101 0000001011010 0000001011011 0000001100100 0000001100101';
/** Make-up runs 1792–2560, shared by both colours. */
const EXT_MAKEUP =
  '00000001000 00000001100 00000001101 000000010010 000000010011 000000010100 000000010101 000000010110 000000010111 000000011100 000000011101 000000011110 000000011111';

const BITS = 13; // the longest code
/** Modes (values of the 7-bit mode table): pass, horizontal, vertical with offsets -3..3. */
const PASS = 1,
  HORIZ = 2,
  V0 = 6; // vertical d: V0 + d
const MODES: [string, number][] = [
  ['1', V0],
  ['011', V0 + 1],
  ['010', V0 - 1],
  ['001', HORIZ],
  ['0001', PASS],
  ['000011', V0 + 2],
  ['000010', V0 - 2],
  ['0000011', V0 + 3],
  ['0000010', V0 - 3],
];

/** A lookup table over the next `bits` bits: (code length << 16) | value, 0 = no code. Throws on a code
 * that is a prefix of another (a typo in the tables above). */
function table(bits: number, codes: [string, number][]): Uint32Array {
  const t = new Uint32Array(1 << bits);
  for (const [code, value] of codes) {
    const first = parseInt(code, 2) << (bits - code.length);
    for (let k = 0; k < 1 << (bits - code.length); k++) {
      if (t[first + k]) throw new Error(`fax table: ${code} overlaps`);
      t[first + k] = (code.length << 16) | value;
    }
  }
  return t;
}
const runCodes = (term: string, makeup: string): [string, number][] => [
  ...term.split(' ').map((c, i): [string, number] => [c, i]),
  ...makeup.split(' ').map((c, i): [string, number] => [c, 64 * (i + 1)]),
  ...EXT_MAKEUP.split(' ').map((c, i): [string, number] => [c, 1792 + 64 * i]),
];
/** Clears the bits of pixels [from, to) of the row starting at byte `row` (black = 0). */
function paintBlack(out: Uint8Array, row: number, from: number, to: number): void {
  for (let x = from; x < to; ) {
    const s = x & 7,
      k = Math.min(8 - s, to - x);
    out[row + (x >> 3)] &= ~(((0xff << (8 - k)) & 0xff) >> s);
    x += k;
  }
}

let tables: { white: Uint32Array; black: Uint32Array; modes: Uint32Array } | null = null;

/**
 * Decodes G4 data into packed rows (`ceil(columns / 8)` bytes each, most significant bit first, black
 * = 0, white = 1 as CCITTFaxDecode gives them with BlackIs1 false), or null on anything unexpected.
 * The rows go to `out` from byte `offset`, `stride` bytes apart, when given (e.g. a PNG's row layout);
 * with `stride` 0 no row is written. `onRow` is told when each row is done: its number and its changes
 * (pixels where the colour changes, white to black first; `n` of them).
 */
export function decodeG4(
  data: Uint8Array,
  columns: number,
  rows: number,
  out?: Uint8Array,
  offset = 0,
  stride = (columns + 7) >> 3,
  onRow?: (y: number, changes: Int32Array, n: number) => void,
): Uint8Array | null {
  tables ??= {
    white: table(BITS, runCodes(WHITE_TERM, WHITE_MAKEUP)),
    black: table(BITS, runCodes(BLACK_TERM, BLACK_MAKEUP)),
    modes: table(7, MODES),
  };
  const { white, black, modes } = tables;
  const rb = (columns + 7) >> 3,
    end = data.length * 8;
  out ??= new Uint8Array(rb * rows);
  const write = stride !== 0;
  // The data with three zero bytes after it, so that reading the next 24 bits never leaves the array.
  const bytes = new Uint8Array(data.length + 3);
  bytes.set(data);
  let pos = 0;
  // Changing elements (positions where the colour changes, white → black first) of the reference line
  // and of the line being decoded, each ended by two `columns` sentinels.
  let ref = new Int32Array(columns + 4),
    cur = new Int32Array(columns + 4);
  let refLen = 0;
  for (let y = 0; y < rows; y++) {
    const row = offset + y * stride;
    let n = 0,
      a0 = -1,
      color = 0,
      bi = 0;
    if (write) out.fill(255, row, row + rb);
    while (a0 < columns) {
      if (pos >= end) return null;
      // b1: the first change right of a0 to the colour opposite a0's (even entries turn black); b2 the next.
      // The changes only move right, so the search starts two entries back, on an entry of the right parity.
      bi = bi < 2 ? color : bi - 2 + ((bi ^ color) & 1);
      while (bi < refLen && ref[bi] <= a0) bi += 2;
      const b1 = bi < refLen ? ref[bi] : columns,
        b2 = bi + 1 < refLen ? ref[bi + 1] : columns;
      let p = pos >> 3;
      const m = modes[(((bytes[p] << 16) | (bytes[p + 1] << 8) | bytes[p + 2]) >>> (17 - (pos & 7))) & 127];
      if (!m) return null;
      pos += m >>> 16;
      const mode = m & 0xffff,
        start = Math.max(a0, 0);
      if (mode === PASS) {
        if (color && write) paintBlack(out, row, start, b2);
        a0 = b2;
      } else if (mode === HORIZ) {
        // Two runs, a0's colour first; each is make-up codes (64 and up) ended by a terminating code.
        let r1 = 0,
          r2 = 0,
          t = color ? black : white;
        for (let k = 0; k < 2; k++) {
          let total = 0;
          for (;;) {
            p = pos >> 3;
            const e = t[(((bytes[p] << 16) | (bytes[p + 1] << 8) | bytes[p + 2]) >>> (11 - (pos & 7))) & 8191];
            if (!e) return null;
            pos += e >>> 16;
            total += e & 0xffff;
            if ((e & 0xffff) < 64) break;
          }
          if (k === 0) {
            r1 = total;
            t = color ? white : black;
          } else r2 = total;
        }
        if (start + r1 + r2 > columns) return null;
        const a1 = start + r1,
          a2 = a1 + r2;
        if (write) paintBlack(out, row, color ? start : a1, color ? a1 : a2);
        if (n > 0 && cur[n - 1] === a1) n--;
        else cur[n++] = a1;
        if (n > 0 && cur[n - 1] === a2) n--;
        else cur[n++] = a2;
        a0 = a2;
      } else {
        const a1 = b1 + mode - V0;
        if (a1 < start || a1 > columns) return null;
        if (color && write) paintBlack(out, row, start, a1);
        if (n > 0 && cur[n - 1] === a1) n--;
        else cur[n++] = a1; // a run of length zero is no change
        a0 = a1;
        color ^= 1;
      }
    }
    while (n > 0 && cur[n - 1] >= columns) n--; // changes at the right edge are none
    const swap = ref;
    ref = cur;
    cur = swap;
    refLen = n;
    onRow?.(y, ref, n);
  }
  return pos <= end ? out : null;
}
