// Splits Markdown into top-level chunks (paragraphs, headings, tables, fenced code, display math,
// HTML blocks) that each render on their own. The Markdown pane renders chunk by chunk so it can be
// virtualised and so each chunk can carry the anchor of the JSON block it came from.

export interface Chunk {
  /** Position in the chunk list. */
  i: number;
  /** 0-based first and last line (inclusive) in the Markdown source. */
  start: number;
  end: number;
  text: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const MATH_OPEN = /^ {0,3}(\$\$|\\\[)/;
const TABLE_START = /<table\b/i;
const HTML_TABLE_OPEN = /<table\b/gi;
const HTML_TABLE_CLOSE = /<\/table\s*>/gi;

const count = (s: string, re: RegExp): number => s.match(re)?.length ?? 0;

/** End line of a fenced code block opened at `from` (the closing fence, or the last line). */
function fenceEnd(lines: string[], from: number, fence: string): number {
  const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
  for (let j = from + 1; j < lines.length; j++) if (close.test(lines[j]!)) return j;
  return lines.length - 1;
}

/** End line of a display-math block (`$$` … `$$` or `\[` … `\]`) opened at `from`. */
function mathEnd(lines: string[], from: number, open: string): number {
  const close = open === '$$' ? '$$' : '\\]';
  const first = lines[from]!.trim();
  // `$$ x $$` on one line.
  if (first.slice(2).includes(close)) return from;
  for (let j = from + 1; j < lines.length; j++) if (lines[j]!.includes(close)) return j;
  return lines.length - 1;
}

/** End line of an HTML table that may contain blank lines: until the tables it opened are closed. */
function tableEnd(lines: string[], from: number): number {
  let depth = 0;
  for (let j = from; j < lines.length; j++) {
    const l = lines[j]!;
    depth += count(l, HTML_TABLE_OPEN) - count(l, HTML_TABLE_CLOSE);
    if (depth <= 0) return j;
  }
  return lines.length - 1;
}

/** Splits Markdown into chunks; blank lines separate chunks outside fences, math and HTML tables. */
export function splitChunks(markdown: string): Chunk[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const chunks: Chunk[] = [];
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    const text = lines.slice(start, end + 1).join('\n');
    if (text.trim()) chunks.push({ i: chunks.length, start, end, text });
    start = -1;
  };
  for (let j = 0; j < lines.length; j++) {
    const line = lines[j]!;
    if (!line.trim()) {
      flush(j - 1);
      continue;
    }
    let end = j;
    const fence = FENCE.exec(line);
    if (fence) end = fenceEnd(lines, j, fence[1]!);
    else {
      const math = MATH_OPEN.exec(line);
      if (math) end = mathEnd(lines, j, math[1]!);
      else if (TABLE_START.test(line)) end = tableEnd(lines, j);
    }
    if (end > j && start >= 0 && !fence) {
      // A multi-line construct glued to a paragraph stays in that paragraph's chunk.
      j = end;
      continue;
    }
    if (end > j || fence) {
      flush(j - 1);
      start = j;
      flush(end);
      j = end;
      continue;
    }
    if (start < 0) start = j;
  }
  flush(lines.length - 1);
  return chunks;
}
