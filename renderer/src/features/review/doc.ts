// Everything the review screen derives once from a ResultView: the block model, the Markdown chunks,
// their alignment and the sync-scroll anchors. Pure; built again only when the result changes.
import type { ResultView } from '../../../../shared/task.ts';
import type { Alignment } from './align.ts';
import { alignChunks, pageOfChunks } from './align.ts';
import type { Chunk } from './chunks.ts';
import { splitChunks } from './chunks.ts';
import type { DocModel } from './model.ts';
import { buildModel } from './model.ts';
import type { Anchor } from './sync.ts';
import { buildAnchors } from './sync.ts';

export interface ReviewDoc {
  model: DocModel;
  chunks: Chunk[];
  alignment: Alignment;
  /** Page of each chunk (its own block's, or the nearest mapped one before it); -1 if unknown. */
  chunkPage: Int32Array;
  anchors: Anchor[];
  /** Lower-cased chunk texts, built on the first search. */
  lowerChunks(): string[];
  /** 'pdf' | 'image' | 'none' (no original to draw: blank pages of page_size). */
  source: 'pdf' | 'image' | 'none';
}

const IMAGE_TYPES = new Set(['.png', '.jpg', '.jpeg', '.bmp', '.webp', '.gif']);

/** What the page pane can draw the original as. TIFF is not displayable in a browser. */
export function sourceKind(view: Pick<ResultView, 'originalUrl' | 'task' | 'previewType'>): ReviewDoc['source'] {
  if (!view.originalUrl) return 'none';
  const ext = (view.previewType || view.task.fileType || '').toLowerCase();
  if (ext === '.pdf') return 'pdf';
  if (IMAGE_TYPES.has(ext)) return 'image';
  return 'none';
}

export function buildDoc(view: ResultView): ReviewDoc {
  const model = buildModel(view.json);
  const chunks = splitChunks(view.markdown ?? '');
  const alignment = alignChunks(model, chunks, view.images ?? {});
  const chunkPage = pageOfChunks(model, alignment);
  const anchors = buildAnchors(model, alignment);
  let lower: string[] | null = null;
  return {
    model,
    chunks,
    alignment,
    chunkPage,
    anchors,
    lowerChunks: () => (lower ??= chunks.map((c) => c.text.toLowerCase())),
    source: sourceKind(view),
  };
}
