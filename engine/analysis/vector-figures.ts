// Figures drawn with vector paths (diagrams, charts, boxed code listings shown as figures): cluster the
// page's vector boxes, then keep a cluster as a figure when a "Figure N" caption sits right next to it,
// or when it is made of many non-rectangular paths (curves, plot lines) with little text inside.
import type { RawPage, RawVector, Rect } from '../raw.ts';
import { rectArea, rectInter, rectUnion } from '../raw.ts';
import { CAPTION_START, TABLE_CAPTION } from './text.ts';
import { VECTOR_FIGURES } from './thresholds.ts';

interface Cluster {
  bbox: Rect;
  n: number;
  curves: number;
}

const FIGURE_CAPTION = /^\s*(figure|fig\.?|chart|plate|scheme|图)/i;

function cluster(vs: RawVector[]): Cluster[] {
  const items = vs.map((v) => ({ bbox: v.bbox, n: 1, curves: v.rect ? 0 : 1 })).sort((a, b) => a.bbox[0] - b.bbox[0]);
  const par = items.map((_, i) => i);
  const find = (i: number): number => {
    while (par[i] !== i) {
      par[i] = par[par[i]];
      i = par[i];
    }
    return i;
  };
  for (let i = 0; i < items.length; i++) {
    const a = items[i].bbox;
    for (let j = i + 1; j < items.length && items[j].bbox[0] <= a[2] + VECTOR_FIGURES.gap; j++) {
      const b = items[j].bbox;
      if (b[1] <= a[3] + VECTOR_FIGURES.gap && a[1] <= b[3] + VECTOR_FIGURES.gap) par[find(j)] = find(i);
    }
  }
  const groups = new Map<number, Cluster>();
  items.forEach((it, i) => {
    const r = find(i),
      g = groups.get(r);
    if (g) {
      g.bbox = rectUnion(g.bbox, it.bbox);
      g.n++;
      g.curves += it.curves;
    } else groups.set(r, { ...it, bbox: [...it.bbox] });
  });
  return [...groups.values()];
}

/** Figure regions drawn with vectors; `taken` are regions already claimed (images, tables). */
export function detectVectorFigures(page: RawPage, taken: Rect[]): Rect[] {
  const W = page.width,
    H = page.height,
    pageArea = W * H;
  if (page.vectors.length > VECTOR_FIGURES.maxPaths || !page.vectors.length) return [];
  const vs = page.vectors.filter((v) => {
    const w = v.bbox[2] - v.bbox[0],
      h = v.bbox[3] - v.bbox[1];
    if (rectArea(v.bbox) > VECTOR_FIGURES.background * pageArea) return false; // page background
    const { rule, ruleSpan } = VECTOR_FIGURES;
    if ((h < rule && w > ruleSpan * W) || (w < rule && h > ruleSpan * H)) return false; // separators and side rules
    return true;
  });
  const lines = page.blocks.flatMap((b) => b.lines);
  const captions = lines.filter((l) => CAPTION_START.test(l.text) && !TABLE_CAPTION.test(l.text));
  const out: Rect[] = [];
  for (const c of cluster(vs)) {
    const w = c.bbox[2] - c.bbox[0],
      h = c.bbox[3] - c.bbox[1];
    if (
      w < VECTOR_FIGURES.minWidth ||
      h < VECTOR_FIGURES.minHeight ||
      rectArea(c.bbox) < VECTOR_FIGURES.minArea * pageArea
    )
      continue;
    if (taken.some((t) => rectInter(t, c.bbox) > VECTOR_FIGURES.taken * rectArea(c.bbox))) continue;
    const cap = captions.find((l) => {
      const ov = Math.min(l.bbox[2], c.bbox[2]) - Math.max(l.bbox[0], c.bbox[0]);
      const dy = Math.min(Math.abs(l.bbox[1] - c.bbox[3]), Math.abs(c.bbox[1] - l.bbox[3]));
      return ov > 0 && dy < VECTOR_FIGURES.captionGap * l.size + VECTOR_FIGURES.captionPoints;
    });
    let textArea = 0;
    for (const l of lines)
      if (rectInter(l.bbox, c.bbox) > VECTOR_FIGURES.lineInside * rectArea(l.bbox)) textArea += rectArea(l.bbox);
    const texty = textArea >= VECTOR_FIGURES.textCover * rectArea(c.bbox);
    // A box full of text is a figure only when a "Figure" caption says so (listings and sidebars stay text).
    const figureCaption = !!cap && FIGURE_CAPTION.test(cap.text);
    const drawing = c.curves >= VECTOR_FIGURES.curves && textArea < VECTOR_FIGURES.drawingText * rectArea(c.bbox);
    if ((cap && (!texty || figureCaption)) || drawing) out.push(c.bbox);
  }
  return out;
}
