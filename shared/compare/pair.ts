// Pairs the blocks of one page of two results: first the blocks whose boxes overlap, by overlap and
// text similarity, then among the rest the blocks whose texts are alike wherever they sit; each block in
// at most one pair, best pairs first. Pure: no DOM, no Node.
import { dice, diceBound, profile, type Profile } from './diff.ts';
import type { SideBlock, UnitBox } from './match.ts';

/** Pairs need this much box overlap (intersection over union) or this much text similarity. */
const MIN_IOU = 0.3;
const MIN_SIMILARITY = 0.8;

function iou(a: UnitBox | null, b: UnitBox | null): number {
  if (!a || !b) return 0;
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const area = (x: UnitBox) => (x[2] - x[0]) * (x[3] - x[1]);
  return inter / (area(a) + area(b) - inter);
}

/** Greedy pairing: highest score first, each block at most once (blocks already used are skipped). */
function take(
  cands: { s: number; a: SideBlock; b: SideBlock }[],
  usedA: Set<number>,
  usedB: Set<number>,
  out: [SideBlock, SideBlock][],
): void {
  cands.sort((x, y) => y.s - x.s || x.a.index - y.a.index || x.b.index - y.b.index);
  for (const c of cands) {
    if (usedA.has(c.a.index) || usedB.has(c.b.index)) continue;
    usedA.add(c.a.index);
    usedB.add(c.b.index);
    out.push([c.a, c.b]);
  }
}

/**
 * Best pairs of one page's blocks: first the pairs whose boxes overlap (IoU >= MIN_IOU), scored by overlap
 * plus text similarity; then, among the blocks left, pairs whose texts are alike (>= MIN_SIMILARITY)
 * wherever they sit. Each block pairs at most once.
 */
export function pairPage(as: SideBlock[], bs: SideBlock[]): [SideBlock, SideBlock][] {
  // Profiles are made when first needed: equal texts and far-apart blocks never need one.
  const memo = new Map<SideBlock, Profile>();
  const prof = (x: SideBlock): Profile => {
    let p = memo.get(x);
    if (!p) memo.set(x, (p = profile(x.text)));
    return p;
  };
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const out: [SideBlock, SideBlock][] = [];
  const overlapping: { s: number; a: SideBlock; b: SideBlock }[] = [];
  for (const a of as) {
    for (const b of bs) {
      const o = iou(a.box, b.box);
      if (o >= MIN_IOU) overlapping.push({ s: o + (a.text === b.text ? 1 : dice(prof(a), prof(b))), a, b });
    }
  }
  take(overlapping, usedA, usedB, out);
  const alike: { s: number; a: SideBlock; b: SideBlock }[] = [];
  for (const a of as) {
    if (usedA.has(a.index)) continue;
    const x = prof(a);
    for (const b of bs) {
      if (usedB.has(b.index)) continue;
      const y = prof(b);
      if (diceBound(x, y) < MIN_SIMILARITY) continue;
      const t = dice(x, y);
      if (t >= MIN_SIMILARITY) alike.push({ s: t, a, b });
    }
  }
  take(alike, usedA, usedB, out);
  return out;
}
