// Contents entries the text layer split at a wide gap: the page number standing apart from its dot leader
// (HTML contents, right tabs), and entries without a leader whose number lines up with those that have one.
import type { RawLine } from '../raw.ts';
import { MEND } from './thresholds.ts';

/** A line ending in four leader chars (spaces between them aside), found without a regex over every line. */
export function leader(t: string): boolean {
  let n = 0;
  for (let i = t.length - 1; i >= 0 && n < 4; i--)
    if (t[i] !== ' ') {
      if (!'.·…_'.includes(t[i])) return false;
      n++;
    }
  return n === 4;
}

/** Contents entries: the page number right of a leader line, on its row and within three ems. */
export function leaderRows(lines: RawLine[]): RawLine[][] {
  const rows: RawLine[][] = [],
    taken = new Set<RawLine>();
  for (const l of lines.filter((x) => leader(x.text))) {
    const cy = (l.bbox[1] + l.bbox[3]) / 2;
    const n = lines.find(
      (m) =>
        !taken.has(m) &&
        PAGE_NO.test(m.text) &&
        m.bbox[1] < cy &&
        m.bbox[3] > cy &&
        m.bbox[0] >= l.bbox[2] - MEND.leaderOverlap &&
        m.bbox[0] - l.bbox[2] < MEND.leaderReach * l.size,
    );
    if (n) {
      taken.add(n);
      rows.push([l, n]);
    }
  }
  return rows;
}

const PAGE_NO = /^\s*[\dIVXLCivxlc]{1,6}\s*$/;

/** Contents entries without a leader (article's bold section lines): a row whose last piece is a lone page
 * number with the right edge of the leader entries' numbers, near them (three lines above the first or below
 * the last), its other pieces ending well before the number and holding a letter. */
export function bareRows(lines: RawLine[], led: RawLine[][]): RawLine[][] {
  if (!led.length) return [];
  const used = new Set(led.flat()),
    size = led[0][0].size;
  const rights = led.map((r) => r[r.length - 1].bbox[2]);
  const y0 = Math.min(...led.map((r) => r[0].bbox[1])) - MEND.bareLines * MEND.leading * size,
    y1 = Math.max(...led.map((r) => r[0].bbox[3])) + MEND.bareLines * MEND.leading * size;
  const rows: RawLine[][] = [];
  for (const n of lines) {
    if (
      used.has(n) ||
      n.bbox[1] < y0 ||
      n.bbox[3] > y1 ||
      !PAGE_NO.test(n.text) ||
      !rights.some((x) => Math.abs(x - n.bbox[2]) < MEND.bareRight)
    )
      continue;
    const cy = (n.bbox[1] + n.bbox[3]) / 2;
    const row = lines
      .filter(
        (m) =>
          m !== n && !used.has(m) && m.bbox[1] < cy && m.bbox[3] > cy && m.bbox[2] < n.bbox[0] - MEND.bareGap * size,
      )
      .sort((a, b) => a.bbox[0] - b.bbox[0]);
    if (!row.length || !/\p{L}/u.test(row.map((m) => m.text).join(''))) continue;
    for (const m of [...row, n]) used.add(m);
    rows.push([...row, n]);
  }
  return rows;
}
