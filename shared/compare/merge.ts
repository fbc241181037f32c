// Builds a merged result from a comparison: A's pages, with B's block put in where the user kept B — in
// place of its A partner, inserted in A's reading order for a block only B has, and A's block removed for
// one only A has. Kept blocks are A's own objects (untouched pages keep their identity, so changedPages
// sends only the pages a choice touched); a block taken from B keeps A's idx (a new one the page's next
// free idx) and gets its box scaled to A's page size. A B block linking a picture neither A's nor among
// B's cached images is refused (main copies B's cached pictures into the version). Pure: no DOM, no Node.
import type { Block, JsonOutput, Page } from '../somark.ts';
import { imageLinks } from '../edit/version.ts';
import type { Row } from './match.ts';

/** Why "Keep B" cannot apply to a row: B's block is a picture of B's own, or its page is not in A. */
export type KeepRefusal = 'picture' | 'page';

export class MergeError extends Error {}

/** A side's block objects in the order the matcher numbers them (sideOf skips what is not an object). */
export function flatBlocks(json: JsonOutput | null | undefined): Block[] {
  const pages = Array.isArray(json?.pages) ? json.pages : [];
  return pages.flatMap((p) => (Array.isArray(p?.blocks) ? p.blocks : []).filter((b) => !!b && typeof b === 'object'));
}

/** Whether a row is a difference a choice can apply to. */
export const choosable = (row: Row): boolean => row.kind !== 'same';

/** Why B cannot be kept for `row` (null: it can). `images`: the links a version of A may hold (keepable). */
export function keepRefusal(
  row: Row,
  a: JsonOutput,
  bBlocks: readonly Block[],
  images: ReadonlySet<string>,
): KeepRefusal | null {
  if (row.page >= a.pages.length) return 'page';
  const b = row.b ? bBlocks[row.b.index] : undefined;
  const img = typeof b?.img_url === 'string' ? b.img_url : '';
  return img && !images.has(img) ? 'picture' : null;
}

/** B's block as a block of A's page: A's page size, the given idx. */
function fromB(b: Block, bPage: Page | undefined, aPage: Page, idx: number): Block {
  const sx = bPage && bPage.page_size.w > 0 ? aPage.page_size.w / bPage.page_size.w : 1;
  const sy = bPage && bPage.page_size.h > 0 ? aPage.page_size.h / bPage.page_size.h : 1;
  const bbox =
    sx === 1 && sy === 1 ? b.bbox : ([b.bbox[0] * sx, b.bbox[1] * sy, b.bbox[2] * sx, b.bbox[3] * sy] as Block['bbox']);
  return { ...b, idx, bbox: [...bbox] as Block['bbox'] };
}

/** Links a version of A may hold: A's own and B's cached pictures (`bImages`: B's image link → cached file). */
export const keepableImages = (a: JsonOutput, bImages: Record<string, string> | null | undefined): Set<string> =>
  new Set([...imageLinks(a), ...Object.keys(bImages ?? {})]);

/**
 * A's pages with B kept for the rows in `keepB` (row positions in `rows`); every other row keeps A.
 * `images`: the links it may hold (keepableImages; A's own by default). Throws MergeError when a kept B
 * block is refused (keepRefusal).
 */
export function mergedPages(
  a: JsonOutput,
  b: JsonOutput,
  rows: readonly Row[],
  keepB: ReadonlySet<number>,
  images = imageLinks(a),
): Page[] {
  const aBlocks = flatBlocks(a);
  const bBlocks = flatBlocks(b);
  const touched = new Set<number>();
  for (const i of keepB) {
    const row = rows[i];
    if (!row || !choosable(row)) continue;
    const why = keepRefusal(row, a, bBlocks, images);
    if (why)
      throw new MergeError(
        why === 'picture'
          ? 'a picture of B cannot be kept in a version of A'
          : "B's block is on a page A does not have",
      );
    touched.add(row.page);
  }
  const out = a.pages.slice();
  const lists = new Map<number, Block[]>([...touched].map((p) => [p, []]));
  const nextIdx = new Map([...touched].map((p) => [p, Math.max(-1, ...a.pages[p]!.blocks.map((x) => x.idx)) + 1]));
  rows.forEach((row, i) => {
    const list = lists.get(row.page);
    if (!list) return;
    const aBlock = row.a ? aBlocks[row.a.index]! : null;
    if (!keepB.has(i) || !choosable(row)) {
      if (aBlock) list.push(aBlock);
      return;
    }
    if (!row.b) return; // only in A, B kept: removed
    const idx = aBlock ? aBlock.idx : nextIdx.get(row.page)!;
    if (!aBlock) nextIdx.set(row.page, idx + 1);
    list.push(fromB(bBlocks[row.b.index]!, b.pages[row.b.page], a.pages[row.page]!, idx));
  });
  for (const [p, blocks] of lists) out[p] = { ...a.pages[p]!, blocks };
  return out;
}
