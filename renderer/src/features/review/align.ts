// Maps the Markdown chunks back to the JSON blocks they came from, by content, in one forward pass.
// The Markdown stays exactly what the service returned (faithful); the JSON gives each chunk its
// page and block (linking, sync scroll). Blocks absent from the Markdown (headers and footers,
// empty containers) simply stay unmapped. Footnotes are `[^n]: …` definitions gathered at the end of the
// Markdown: a footnote block is looked for among them, in a pass of its own.
import type { Chunk } from './chunks.ts';
import type { DocModel } from './model.ts';

export interface Alignment {
  /** Chunk index of each block (by global index g), or -1. */
  chunkOfBlock: Int32Array;
  /** First block mapped to each chunk, or -1. */
  blockOfChunk: Int32Array;
}

const SIG_LEN = 24;
/** How many chunks ahead of the last match a block may land (skips unmatched chunks). */
const WINDOW = 12;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const DEFINITION = /^ {0,3}\[\^[^\]\s]+\]:/;

/**
 * Letters and digits only, lower-cased: survives Markdown syntax, HTML tags, LaTeX delimiters.
 * One pass over the characters (a Unicode-class regex over 5 MB of Markdown costs ~100 ms more).
 */
export function normalizeText(s: string): string {
  const src = s.includes('<') || s.includes('](') ? s.replace(/<[^>]{0,400}>/g, ' ').replace(/\]\([^)\s]*\)/g, ']') : s;
  let out = '';
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) out += src[i];
    else if (c >= 65 && c <= 90) out += String.fromCharCode(c + 32);
    else if (c >= 128) {
      const ch = src[i]!;
      if (LETTER_OR_DIGIT.test(ch)) out += ch.toLowerCase();
    }
  }
  return out;
}

/** Basename of an image path or URL ("images/image_001.png" → "image_001.png"). */
const basename = (p: string): string => p.split(/[?#]/)[0]!.split('/').pop() ?? '';

/** What to look for in a chunk for this block: a text signature, or an image file name. */
function blockProbe(model: DocModel, g: number, images: Record<string, string>): { sig: string; image: string } {
  const b = model.blocks[g]!.block;
  const content = typeof b.content === 'string' ? b.content : '';
  const img = typeof b.img_url === 'string' && b.img_url ? basename(images[b.img_url] ?? b.img_url) : '';
  return { sig: normalizeText(content).slice(0, SIG_LEN), image: img };
}

/**
 * How well a chunk holds the block: 2 = it starts with the block's text (or shows its image),
 * 1 = the text is somewhere inside (several blocks merged into one paragraph), 0 = not there.
 */
function match(chunkNorm: string, chunkRaw: string, probe: { sig: string; image: string }): 0 | 1 | 2 {
  if (probe.image && chunkRaw.includes(probe.image)) return 2;
  if (!probe.sig) return 0;
  if (probe.sig.length < 4) return chunkNorm === probe.sig ? 2 : 0;
  if (chunkNorm.startsWith(probe.sig)) return 2;
  // A short chunk that is the block's beginning (the first item of a list the block holds whole).
  if (chunkNorm.length >= 8 && probe.sig.startsWith(chunkNorm)) return 2;
  return chunkNorm.includes(probe.sig) ? 1 : 0;
}

/** Aligns blocks (reading order) with chunks (document order). O(blocks × WINDOW). */
export function alignChunks(model: DocModel, chunks: readonly Chunk[], images: Record<string, string> = {}): Alignment {
  const chunkOfBlock = new Int32Array(model.blocks.length).fill(-1);
  const blockOfChunk = new Int32Array(chunks.length).fill(-1);
  const norms: (string | undefined)[] = new Array(chunks.length);
  const norm = (i: number) => (norms[i] ??= normalizeText(chunks[i]!.text));
  let cursor = 0;
  const definitions = chunks.flatMap((c, i) => (DEFINITION.test(c.text) ? [i] : []));
  let nextDefinition = 0;
  for (let g = 0; g < model.blocks.length; g++) {
    const probe = blockProbe(model, g, images);
    if (!probe.sig && !probe.image) continue;
    if (model.blocks[g]!.type === 'footnote' && definitions.length) {
      // In document order among the definitions; the body's cursor stays where it is.
      const k = definitions.findIndex((i, k) => k >= nextDefinition && match(norm(i), chunks[i]!.text, probe) > 0);
      if (k >= 0) {
        const found = definitions[k]!;
        chunkOfBlock[g] = found;
        if (blockOfChunk[found] === -1) blockOfChunk[found] = g;
        nextDefinition = k + 1;
        continue;
      }
    }
    // A chunk that starts with the block wins over an earlier one that merely mentions its text
    // (a title "Confidential Business Information" vs the paragraph before it citing it).
    const limit = Math.min(chunks.length, cursor + WINDOW);
    let found = -1;
    for (let i = cursor; i < limit; i++) {
      const m = match(norm(i), chunks[i]!.text, probe);
      if (m === 2) {
        found = i;
        break;
      }
      if (m === 1 && found === -1) found = i;
    }
    if (found === -1) continue;
    chunkOfBlock[g] = found;
    if (blockOfChunk[found] === -1) blockOfChunk[found] = g;
    cursor = found;
  }
  linkContinuations(model, chunks, norm, blockOfChunk);
  return { chunkOfBlock, blockOfChunk };
}

/**
 * A block the Markdown splits into several chunks (a list written as one text block): chunks that
 * follow a linked one and hold more of the same block's text link to that block too.
 */
function linkContinuations(
  model: DocModel,
  chunks: readonly Chunk[],
  norm: (i: number) => string,
  blockOfChunk: Int32Array,
): void {
  for (let i = 1; i < chunks.length; i++) {
    const g = blockOfChunk[i - 1]!;
    if (blockOfChunk[i] !== -1 || g < 0) continue;
    const sig = norm(i).slice(0, SIG_LEN);
    const content = model.blocks[g]!.block.content;
    if (sig.length >= 4 && typeof content === 'string' && normalizeText(content).includes(sig)) blockOfChunk[i] = g;
  }
}

/**
 * Page of every chunk for anchoring unmapped chunks: the page of the nearest mapped chunk before
 * it (or after it, for leading chunks); -1 when nothing is mapped at all.
 */
export function pageOfChunks(model: DocModel, a: Alignment): Int32Array {
  const out = new Int32Array(a.blockOfChunk.length).fill(-1);
  let last = -1;
  for (let i = 0; i < out.length; i++) {
    const g = a.blockOfChunk[i]!;
    if (g >= 0) last = model.blocks[g]!.page;
    out[i] = last;
  }
  const firstMapped = out.findIndex((p) => p >= 0);
  if (firstMapped > 0) out.fill(out[firstMapped]!, 0, firstMapped);
  return out;
}
