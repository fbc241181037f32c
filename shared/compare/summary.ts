// What the compare screen and the report say about a comparison: counts of each kind of difference per
// page and for the document, and what each side holds (pages, blocks, tables, formulas, characters).
import { DIFF_KINDS, matchBlocks, sideOf, type DiffKind, type Row, type Side } from './match.ts';
import type { JsonOutput } from '../somark.ts';

export type Counts = Record<DiffKind, number>;

interface SideStats {
  pages: number;
  blocks: number;
  tables: number;
  formulas: number;
  /** Characters of the compared text (code points). */
  chars: number;
}

export interface Comparison {
  rows: Row[];
  total: Counts;
  /** Counts of each page (index: page position in the results). */
  pages: Counts[];
  a: SideStats;
  b: SideStats;
}

const FORMULA_TYPES = new Set(['equation', 'cs_equation']);

const emptyCounts = (): Counts => ({ same: 0, text: 0, kind: 0, onlyA: 0, onlyB: 0 });

function sideStats(s: Side): SideStats {
  let tables = 0;
  let formulas = 0;
  let chars = 0;
  for (const b of s.blocks) {
    if (b.type === 'table') tables++;
    if (FORMULA_TYPES.has(b.type)) formulas++;
    chars += [...b.text].length;
  }
  return { pages: s.pages, blocks: s.blocks.length, tables, formulas, chars };
}

function countRows(rows: readonly Row[], pages: number): { total: Counts; pages: Counts[] } {
  const total = emptyCounts();
  const per = Array.from({ length: pages }, emptyCounts);
  for (const r of rows) {
    total[r.kind]++;
    const c = per[r.page];
    if (c) c[r.kind]++;
  }
  return { total, pages: per };
}

/** Compares two results' outputs.json (either may be null: no JSON, every block of the other is unmatched). */
export function compareResults(a: JsonOutput | null, b: JsonOutput | null): Comparison {
  const sa = sideOf(a);
  const sb = sideOf(b);
  const rows = matchBlocks(sa, sb);
  const { total, pages } = countRows(rows, Math.max(sa.pages, sb.pages));
  return { rows, total, pages, a: sideStats(sa), b: sideStats(sb) };
}

/** A comparison with nothing in it yet (while the real one is computed). */
export function emptyComparison(): Comparison {
  const side: SideStats = { pages: 0, blocks: 0, tables: 0, formulas: 0, chars: 0 };
  return { rows: [], total: emptyCounts(), pages: [], a: side, b: { ...side } };
}

/** Rows that differ (kind ≠ same) and whose kind is in `kinds`, as row positions. */
export function differences(rows: readonly Row[], kinds: ReadonlySet<DiffKind>): number[] {
  const out: number[] = [];
  rows.forEach((r, i) => {
    if (r.kind !== 'same' && kinds.has(r.kind)) out.push(i);
  });
  return out;
}

/** The difference after (step 1) or before (step -1) row `from`, wrapping around; -1 when there is none. */
export function stepDifference(diffs: readonly number[], from: number, step: 1 | -1): number {
  if (diffs.length === 0) return -1;
  if (step === 1) return diffs.find((d) => d > from) ?? diffs[0]!;
  for (let i = diffs.length - 1; i >= 0; i--) if (diffs[i]! < from) return diffs[i]!;
  return diffs[diffs.length - 1]!;
}

export { DIFF_KINDS };
