// The comparison as a report people and tools read: Markdown (summary tables, then every difference
// with its page, the two texts and the changed table cells) or JSON (the same facts as data).
import type { DiffOp } from './diff.ts';
import type { Row } from './match.ts';
import { DIFF_KINDS, type Comparison, type Counts } from './summary.ts';

export interface ReportSide {
  id: string;
  fileName: string;
  /** "local engine", "SoMark cloud", and the settings that differ, as the app words them. */
  label: string;
  elapsedMs: number | null;
}

const KIND_NAMES: Record<keyof Counts, string> = {
  same: 'Same',
  text: 'Text changed',
  kind: 'Kind or level changed',
  onlyA: 'Only in A',
  onlyB: 'Only in B',
};

const cellText = (s: string): string => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
const wordsMd = (ops: readonly DiffOp[]): string =>
  ops
    .map((o) => (o.op === 'same' ? o.text : o.op === 'del' ? `~~${o.text.trim()}~~ ` : `**${o.text.trim()}** `))
    .join('')
    .trim();
const blockLabel = (r: Row, side: 'a' | 'b'): string => {
  const b = r[side];
  return b ? `${b.type}${b.level !== null ? ` (level ${b.level})` : ''}` : '—';
};

export function reportMarkdown(c: Comparison, a: ReportSide, b: ReportSide): string {
  const lines: string[] = [
    `# Comparison of ${cellText(a.fileName)}`,
    '',
    `- A: ${a.label} (${a.id})`,
    `- B: ${b.label} (${b.id})`,
    '',
  ];
  const secs = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
  lines.push('| | A | B |', '|---|---:|---:|');
  for (const k of ['pages', 'blocks', 'tables', 'formulas', 'chars'] as const)
    lines.push(`| ${k} | ${c.a[k]} | ${c.b[k]} |`);
  lines.push(`| time | ${secs(a.elapsedMs)} | ${secs(b.elapsedMs)} |`, '');
  lines.push(
    `| page | ${DIFF_KINDS.map((k) => KIND_NAMES[k]).join(' | ')} |`,
    `|---|${DIFF_KINDS.map(() => '---:').join('|')}|`,
  );
  c.pages.forEach((p, i) => {
    lines.push(`| ${i + 1} | ${DIFF_KINDS.map((k) => p[k]).join(' | ')} |`);
  });
  lines.push(`| all | ${DIFF_KINDS.map((k) => c.total[k]).join(' | ')} |`, '', '## Differences', '');
  for (const r of c.rows) {
    if (r.kind === 'same') continue;
    lines.push(
      `### Page ${r.page + 1}: ${KIND_NAMES[r.kind]} — A: ${blockLabel(r, 'a')}, B: ${blockLabel(r, 'b')}`,
      '',
    );
    if (r.cells)
      for (const x of r.cells)
        lines.push(`- cell ${x.row + 1},${x.col + 1}: “${cellText(x.a ?? '∅')}” → “${cellText(x.b ?? '∅')}”`);
    else if (r.words) lines.push(wordsMd(r.words));
    else lines.push((r.a ?? r.b)!.text || '(no text)');
    lines.push('');
  }
  return lines.join('\n');
}

export function reportJson(c: Comparison, a: ReportSide, b: ReportSide): string {
  const block = (x: Row['a']) =>
    x ? { index: x.index, page: x.page, type: x.type, level: x.level, text: x.text } : null;
  return JSON.stringify(
    {
      a,
      b,
      total: c.total,
      pages: c.pages,
      sides: { a: c.a, b: c.b },
      differences: c.rows
        .filter((r) => r.kind !== 'same')
        .map((r) => ({
          kind: r.kind,
          page: r.page,
          a: block(r.a),
          b: block(r.b),
          words: r.words,
          cells: r.cells,
        })),
    },
    null,
    2,
  );
}
