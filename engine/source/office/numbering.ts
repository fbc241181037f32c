// Word list numbering from word/numbering.xml: which paragraphs are list items, bullet or numbered, at
// which level, and each numbered item's counter (start values, overrides and restarts as Word counts them),
// written as Markdown list markers (`-` for bullets, `n.` for every numbered format, nested levels indented).
import { kid, kids, parseXml, type XNode } from './tree.ts';

interface Level {
  /** decimal, lowerLetter, upperRoman, bullet, none, … */
  fmt: string;
  start: number;
  /** The level (0-based) whose use restarts this one; -1 never restarts; undefined: any shallower level. */
  restartAfter?: number;
}

interface NumDef {
  abstractId: string;
  levels: Map<number, Level>;
  /** startOverride per level: applied the first time the level is used in this list instance. */
  overrides: Map<number, number>;
}

export interface ListRef {
  numId: string;
  ilvl: number;
}

const num = (n: XNode | undefined, name: string): number | undefined => {
  const v = kid(n, name)?.attrs['w:val'];
  return v === undefined || !/^-?\d+$/.test(v) ? undefined : Number(v);
};

function levelsOf(parent: XNode): Map<number, Level> {
  const out = new Map<number, Level>();
  for (const l of kids(parent, 'w:lvl')) {
    const ilvl = Number(l.attrs['w:ilvl'] ?? 0);
    const restart = num(l, 'w:lvlRestart');
    out.set(ilvl, {
      fmt: kid(l, 'w:numFmt')?.attrs['w:val'] ?? 'decimal',
      start: num(l, 'w:start') ?? 1,
      restartAfter: restart === undefined ? undefined : restart === 0 ? -1 : restart - 1,
    });
  }
  return out;
}

/** Counts the list items of one document in body order. */
export class Numbering {
  private nums = new Map<string, NumDef>();
  /** Counters per abstract list (Word continues a list across num instances of one abstract list). */
  private counters = new Map<string, (number | undefined)[]>();
  private used = new Set<string>();
  /** Markers of the list run in progress, by level: their widths make the indents of nested items. */
  private open: string[] = [];

  constructor(numberingXml: string | null) {
    if (!numberingXml) return;
    const root = kid(parseXml(numberingXml), 'w:numbering');
    if (!root) return;
    const abstracts = new Map(kids(root, 'w:abstractNum').map((a) => [a.attrs['w:abstractNumId'] ?? '', levelsOf(a)]));
    for (const n of kids(root, 'w:num')) {
      const abstractId = kid(n, 'w:abstractNumId')?.attrs['w:val'] ?? '';
      const levels = new Map(abstracts.get(abstractId) ?? []);
      const overrides = new Map<number, number>();
      for (const o of kids(n, 'w:lvlOverride')) {
        const ilvl = Number(o.attrs['w:ilvl'] ?? 0);
        const lvl = kid(o, 'w:lvl');
        if (lvl)
          for (const [k, v] of levelsOf({
            ...o,
            children: [{ ...lvl, attrs: { ...lvl.attrs, 'w:ilvl': String(ilvl) } }],
          }))
            levels.set(k, v);
        const start = num(o, 'w:startOverride');
        if (start !== undefined) overrides.set(ilvl, start);
      }
      this.nums.set(n.attrs['w:numId'] ?? '', { abstractId, levels, overrides });
    }
  }

  /** A paragraph's list reference: its own w:numPr, else its style's. numId 0 means "not a list". */
  static refOf(pPr: XNode | undefined, styleRef?: ListRef): ListRef | null {
    const numPr = kid(pPr, 'w:numPr');
    const numId = kid(numPr, 'w:numId')?.attrs['w:val'] ?? styleRef?.numId;
    if (!numId || numId === '0') return null;
    return { numId, ilvl: num(numPr, 'w:ilvl') ?? styleRef?.ilvl ?? 0 };
  }

  /** The Markdown marker of a list item (with its indent), or null when the numbering draws nothing. */
  marker(ref: ListRef): string | null {
    const def = this.nums.get(ref.numId);
    const ilvl = Math.max(0, Math.min(8, ref.ilvl));
    const lvl = def?.levels.get(ilvl) ?? { fmt: def ? 'decimal' : 'bullet', start: 1 };
    if (lvl.fmt === 'none') return null;
    let mark = '-';
    if (lvl.fmt !== 'bullet' && def) {
      const key = def.abstractId;
      const counts = this.counters.get(key) ?? [];
      this.counters.set(key, counts);
      const first = `${ref.numId}/${ilvl}`;
      const override = this.used.has(first) ? undefined : def.overrides.get(ilvl);
      this.used.add(first);
      const n = override ?? (counts[ilvl] === undefined ? lvl.start : counts[ilvl]! + 1);
      counts[ilvl] = n;
      mark = `${n}.`;
    }
    // A shallower item restarts the deeper levels that restart after it (the default: all of them).
    if (def) {
      const counts = this.counters.get(def.abstractId) ?? [];
      for (let d = ilvl + 1; d < counts.length; d++) {
        const r = def.levels.get(d)?.restartAfter;
        if (r === undefined || (r >= 0 && r >= ilvl)) counts[d] = undefined;
      }
    }
    this.open.length = Math.min(this.open.length, ilvl);
    const indent = this.open.reduce((w, m) => w + m.length + 1, 0);
    // A level skipped (an item at level 2 under one at 0) indents as if its parents were bullets.
    const pad = indent + (ilvl - this.open.length) * 2;
    while (this.open.length < ilvl) this.open.push('-');
    this.open.push(mark);
    return `${' '.repeat(pad)}${mark}`;
  }

  /** A paragraph that is no list item ends the run of nested markers (not the counters). */
  endRun(): void {
    this.open.length = 0;
  }
}
