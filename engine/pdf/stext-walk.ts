// Walks a page's structured text as mupdf's StructuredText.walk does, but reads chars straight from
// the WASM heap: no Font object, quad/origin arrays or colour array per char (the per-char callbacks of
// mupdf's walk were the adapter's main cost). Falls back to mupdf's own walk when the module handle is
// unavailable (mupdf loaded before wasm-handle.ts). Same events, same values: see the engine tests.
import './wasm-handle.ts';
import * as mupdf from 'mupdf';
import { wasmModule } from './wasm-handle.ts';

export interface StextWalker {
  beginTextBlock(): void;
  beginLine(wmode: number, dir: [number, number]): void;
  /** `q` is reused between calls: copy what must outlive the call. `font` is a key for fontInfo; `rgb`
   * the fill colour as mupdf reports it (sRGB, 0xRRGGBB; its alpha left out). */
  onChar(c: string, font: number, size: number, q: Float32Array | number[], rgb: number): void;
  endLine(): void;
  endTextBlock(): void;
  /** `m` is the image's placement on the page (unit square to device space, mupdf's Matrix). */
  onImageBlock(bbox: mupdf.Rect, image: mupdf.Image, m: mupdf.Matrix): void;
  onVector(bbox: mupdf.Rect, stroked: boolean, rect: boolean, color: number[]): void;
}

type Fn = (...a: number[]) => number;
interface Lib {
  HEAPF32: Float32Array;
  HEAP32: Int32Array;
  [k: string]: Fn | Float32Array | Int32Array;
}
const lib = wasmModule as unknown as Lib;
const fast = typeof lib._wasm_stext_char_get_quad === 'function' && lib.HEAPF32 instanceof Float32Array;

/** True when chars are read from the WASM heap directly. */
export const fastWalkAvailable = (): boolean => fast;

/** True while chars are read in place (fz_stext_char's layout held on every line so far). */
export const charsReadInPlace = (): boolean => fast && inPlace;

// A char (fz_stext_char of mupdf 1.28: c, bidi and flags (16 bits each), argb, origin, quad, size, font,
// next) is read in place at these 4-byte offsets instead of through six exported getters. The layout is
// checked against the getters on the first char of every line; one mismatch and the getters are used from then on.
const C_ARGB = 2,
  C_QUAD = 5,
  C_SIZE = 13,
  C_FONT = 14,
  C_NEXT = 15;
let inPlace = lib.HEAP32 instanceof Int32Array;
function layoutHolds(f: Record<string, Fn>, ch: number): boolean {
  const i32 = lib.HEAP32,
    a = ch >>> 2;
  return (
    f._wasm_stext_char_get_quad(ch) === ch + 4 * C_QUAD &&
    i32[a] === f._wasm_stext_char_get_c(ch) &&
    lib.HEAPF32[a + C_SIZE] === f._wasm_stext_char_get_size(ch) &&
    i32[a + C_FONT] === f._wasm_stext_char_get_font(ch) &&
    i32[a + C_NEXT] === f._wasm_stext_char_get_next(ch) &&
    i32[a + C_ARGB] === f._wasm_stext_char_get_argb(ch)
  );
}

const rect = (p: number): mupdf.Rect => {
  const a = p >> 2,
    h = lib.HEAPF32;
  return [h[a], h[a + 1], h[a + 2], h[a + 3]];
};
const rgb = (argb: number): number[] => [((argb >> 16) & 255) / 255, ((argb >> 8) & 255) / 255, (argb & 255) / 255];
/** mupdf's colour array back to 0xRRGGBB (it divided each byte by 255). */
const packed = (c: number[]): number =>
  (Math.round(c[0] * 255) << 16) | (Math.round(c[1] * 255) << 8) | Math.round(c[2] * 255);

export function walkStext(st: mupdf.StructuredText, w: StextWalker, forceSlow = false): void {
  if (!fast || forceSlow) {
    slowWalk(st, w);
    return;
  }
  const f = lib as unknown as Record<string, Fn>;
  const q = new Float32Array(8);
  for (let block = f._wasm_stext_page_get_first_block(st.pointer); block; block = f._wasm_stext_block_get_next(block)) {
    const type = f._wasm_stext_block_get_type(block);
    if (type === 0) {
      w.beginTextBlock();
      for (let line = f._wasm_stext_block_get_first_line(block); line; line = f._wasm_stext_line_get_next(line)) {
        const wmode = f._wasm_stext_line_get_wmode(line);
        const d = f._wasm_stext_line_get_dir(line) >> 2;
        w.beginLine(wmode, [lib.HEAPF32[d], lib.HEAPF32[d + 1]]);
        let ch = f._wasm_stext_line_get_first_char(line);
        const direct = inPlace && (!ch || (inPlace = layoutHolds(f, ch)));
        while (ch) {
          if (direct) {
            const i32 = lib.HEAP32,
              h = lib.HEAPF32,
              a = ch >>> 2; // views read anew: onChar may grow the heap
            for (let i = 0; i < 8; i++) q[i] = h[a + C_QUAD + i];
            w.onChar(String.fromCharCode(i32[a]), i32[a + C_FONT], h[a + C_SIZE], q, i32[a + C_ARGB] & 0xffffff);
            ch = lib.HEAP32[a + C_NEXT];
          } else {
            const c = String.fromCharCode(f._wasm_stext_char_get_c(ch));
            const font = f._wasm_stext_char_get_font(ch);
            const size = f._wasm_stext_char_get_size(ch);
            const a = f._wasm_stext_char_get_quad(ch) >> 2;
            const h = lib.HEAPF32;
            for (let i = 0; i < 8; i++) q[i] = h[a + i];
            w.onChar(c, font, size, q, f._wasm_stext_char_get_argb(ch) & 0xffffff);
            ch = f._wasm_stext_char_get_next(ch);
          }
        }
        w.endLine();
      }
      w.endTextBlock();
    } else if (type === 1) {
      const bbox = rect(f._wasm_stext_block_get_bbox(block));
      const t = f._wasm_stext_block_get_transform(block) >> 2,
        h = lib.HEAPF32;
      // A pointer (typed as the overload mupdf declares): the Image keeps its own reference.
      w.onImageBlock(bbox, new mupdf.Image(f._wasm_stext_block_get_image(block) as unknown as mupdf.Pixmap), [
        h[t],
        h[t + 1],
        h[t + 2],
        h[t + 3],
        h[t + 4],
        h[t + 5],
      ]);
    } else if (type === 3) {
      const bbox = rect(f._wasm_stext_block_get_bbox(block));
      const v = f._wasm_stext_block_get_v_flags(block);
      w.onVector(bbox, !!(v & 1), !!(v & 2), rgb(f._wasm_stext_block_get_v_argb(block)));
    }
  }
}

/** mupdf's own walk, adapted to StextWalker (the reference the fast walk is tested against). */
function slowWalk(st: mupdf.StructuredText, w: StextWalker): void {
  st.walk({
    beginTextBlock: () => w.beginTextBlock(),
    beginLine: (_b, wmode, dir) => w.beginLine(wmode, [dir[0], dir[1]]),
    onChar: (c, _o, font, size, q, color) => {
      const key = font.pointer as unknown as number;
      font.destroy();
      w.onChar(c, key, size, q, packed(color));
    },
    endLine: () => w.endLine(),
    endTextBlock: () => w.endTextBlock(),
    onImageBlock: (bbox, m, image) => w.onImageBlock(bbox, image, [m[0], m[1], m[2], m[3], m[4], m[5]]),
    onVector: (bbox, flags, color) => w.onVector(bbox, !!flags?.isStroked, !!flags?.isRectangle, color),
  });
}
