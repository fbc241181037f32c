// Titles and their levels: short, standalone lines set larger or bolder than the body text (or numbered
// like sections). Levels rank the heading styles by size and weight; decimal numbering ("2.3.1")
// refines them so that deeper numbers never sit above shallower ones.
import type { Elem, PageAnalysis } from './model.ts';
import type { MarginRole } from './headers.ts';
import { CAPTION_START, CJK_CHAR, NUMBERED_HEADING, numberingDepth } from './text.ts';

/** Body font size: the size carrying the most characters. */
export function bodyFontSize(pages: PageAnalysis[]): number {
  const hist = new Map<number, number>();
  for (const p of pages) for (const e of p.elems) {
    if (e.kind !== 'text') continue;
    const k = Math.round(e.size * 2) / 2;
    hist.set(k, (hist.get(k) ?? 0) + e.text.length);
  }
  let best = 10, n = -1;
  for (const [k, v] of hist) if (v > n) { best = k; n = v; }
  return best;
}

const letters = (t: string): number => (t.match(/\p{L}/gu) ?? []).length;

/** Is this text element a heading (before levels)? */
export function isTitle(e: Elem, body: number, bodyMono: boolean): boolean {
  if (e.kind !== 'text' || e.rotated || e.list) return false;
  const t = e.text.trim();
  const cjk = CJK_CHAR.test(t);
  const maxLen = cjk ? 60 : 150;
  if (!t || t.length > maxLen || e.nLines > 3 || letters(t) < 2) return false;
  if (/[.;,:：；，。]$/.test(t) && !/^\d+(\.\d+)*\.$/.test(t)) return false;
  if (CAPTION_START.test(t)) return false;
  if (e.mono > 0.8 && !bodyMono) return false; // code
  const numbered = NUMBERED_HEADING.test(t);
  if (e.size >= body * 1.15) return e.nLines <= 2 || e.size >= body * 1.4;
  if (e.bold >= 0.8 && e.size >= body * 0.95 && t.length <= 100 && e.nLines <= 2) return true;
  if (numbered && e.bold >= 0.5 && e.size >= body * 0.95) return true;
  // An all-italic short line of its own (run-in style headings of manuals and books).
  if (e.italic >= 0.9 && e.nLines === 1 && e.size >= body * 0.95 && t.length <= 80 && /^\p{Lu}/u.test(t) && t.split(/\s+/).length <= 10) return true;
  return false;
}

interface Style { size: number; bold: boolean }

/** Title levels for every element (0 = not a title). */
export function assignTitles(pages: PageAnalysis[], roles: MarginRole[][], body: number): number[][] {
  let mono = 0, all = 0;
  for (const p of pages) for (const e of p.elems) if (e.kind === 'text') { mono += e.mono * e.text.length; all += e.text.length; }
  const bodyMono = all > 0 && mono / all > 0.6;
  const flags = pages.map((p, pi) => p.elems.map((e, ei) => !roles[pi][ei] && isTitle(e, body, bodyMono)));
  // Heading styles, largest (then bold) first; sizes within 0.6pt are one style.
  const styles: Style[] = [];
  const styleOf = (e: Elem): Style => ({ size: Math.round(e.size * 2) / 2, bold: e.bold >= 0.5 });
  pages.forEach((p, pi) => p.elems.forEach((e, ei) => {
    if (!flags[pi][ei]) return;
    const s = styleOf(e);
    if (!styles.some((x) => Math.abs(x.size - s.size) < 0.6 && x.bold === s.bold)) styles.push(s);
  }));
  styles.sort((a, b) => b.size - a.size || Number(b.bold) - Number(a.bold));
  const rank = (e: Elem): number => {
    const s = styleOf(e);
    const i = styles.findIndex((x) => Math.abs(x.size - s.size) < 0.6 && x.bold === s.bold);
    return Math.max(0, i);
  };
  // Numbered headings: depth d sits at (level of the shallowest numbered style) + d - 1.
  let minNumRank = Infinity, minDepth = Infinity;
  pages.forEach((p, pi) => p.elems.forEach((e, ei) => {
    if (!flags[pi][ei]) return;
    const d = numberingDepth(e.text);
    if (d > 0) { minNumRank = Math.min(minNumRank, rank(e)); minDepth = Math.min(minDepth, d); }
  }));
  return pages.map((p, pi) => p.elems.map((e, ei) => {
    if (!flags[pi][ei]) return 0;
    const d = numberingDepth(e.text);
    const lvl = d > 0 && Number.isFinite(minNumRank) ? minNumRank + 1 + d - minDepth : rank(e) + 1;
    return Math.min(6, Math.max(1, lvl));
  }));
}
