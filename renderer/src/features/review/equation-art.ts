// A display formula that came as a picture (drawn as vector art or an image, no text layer): the engine
// writes it as `![(n)](crop.png)` with `\tag{n}` in the block. This finds such chunks and sizes them as
// on the page relative to its text: the formula's width in ems of the page's body text, so the pane shows
// it at the scale of the text around it (not the crop's pixel size), with its equation number.
import type { DocModel } from './model.ts';

export interface EquationArt {
  /** Width in ems of the pane's text (the formula's width over the page's body text size), or null. */
  widthEm: number | null;
  /** The equation number without brackets ("3", "2.1a"), or null. */
  tag: string | null;
}

/** A chunk that is one image and nothing else. */
const ONLY_IMAGE = /^!\[([^\]\n]*)\]\([^)\s]+\)$/;
const TAG = /\\tag\*?\{([^}]*)\}/;
const ALT_TAG = /^\s*\(([^()]{1,12})\)\s*$/;
/** Wide characters (CJK, full-width forms) take about an em; Latin letters about half of one. */
const WIDE = /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/gu;
/** Paragraphs this long give a steady estimate of the text size. */
const MIN_CHARS = 40;
/** Body text is about a 57th of the page width (10–11 pt on A4 / Letter) when a page has no paragraph. */
const PAGE_EMS = 57;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/**
 * Body text size of a page in page_size pixels, from its paragraphs' area per character: a block of n
 * half-em characters at size s, lines 1.2 s apart, covers about 0.6·n·s², so s ≈ √(area / 0.6 n).
 */
export function bodyTextSize(model: DocModel, page: number): number | null {
  const p = model.pages[page];
  if (!p) return null;
  const sizes: number[] = [];
  for (let g = p.first; g < p.first + p.count; g++) {
    const b = model.blocks[g]!;
    const text = typeof b.block.content === 'string' ? b.block.content.replace(/\s+/g, '') : '';
    if (b.type !== 'text' || !b.bbox || text.length < MIN_CHARS) continue;
    const halfEms = text.length + (text.match(WIDE)?.length ?? 0);
    sizes.push(Math.sqrt(((b.bbox[2] - b.bbox[0]) * (b.bbox[3] - b.bbox[1])) / (0.6 * halfEms)));
  }
  return sizes.length ? median(sizes) : p.size.w / PAGE_EMS;
}

/** The equation-as-picture block behind a chunk, or null when the chunk is anything else. */
export function equationArt(model: DocModel, g: number, chunkText: string): EquationArt | null {
  const b = model.blocks[g];
  if (b?.type !== 'equation') return null;
  const img = ONLY_IMAGE.exec(chunkText.trim());
  if (!img) return null;
  const content = typeof b.block.content === 'string' ? b.block.content : '';
  const tag = TAG.exec(content)?.[1] ?? ALT_TAG.exec(img[1]!)?.[1] ?? null;
  const size = bodyTextSize(model, b.page);
  const widthEm = b.bbox && size ? Math.round((10 * (b.bbox[2] - b.bbox[0])) / size) / 10 : null;
  return { widthEm, tag: tag?.trim() || null };
}
