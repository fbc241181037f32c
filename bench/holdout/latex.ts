// Writes an English held-out-like document as a LaTeX article and has pdfLaTeX typeset it (a third producer
// next to LibreOffice and Chromium): \maketitle's centred title and author, numbered \section/\subsection
// headings (counters set so LaTeX's own numbers give the model's), real \footnote marks and notes at the foot
// of the page under the footnote rule, the twocolumn class option, tabular with \hline, \cline and
// \multicolumn (a row-spanning cell as LaTeX users write it without multirow: text in its top row, no rule
// through it; no rules at all for a borderless table; longtable with a repeated head for a long one; a caption
// kept with its table in a minipage, where a float could drift), itemize,
// contents lines through article's own \l@section/\l@subsection (dot leaders) and fancyhdr running heads and
// feet (the title page keeps the plain style: a bare page number). Computer Modern in OT1, as pdfLaTeX's
// defaults give it: ligatures (ﬁ ﬂ ﬀ) and hyphenated line ends. texlive-latex-base has no CJK: English only.
import { execFile } from 'node:child_process';
import { dirname, basename } from 'node:path';
import { promisify } from 'node:util';
import type { Block, Cell, HoldoutDoc, Run } from './model.ts';

const run = promisify(execFile);
const PDFLATEX = process.env.PDFLATEX_PATH ?? 'pdflatex';
const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '·': '$\\cdot$',
  '–': '--',
  '—': '---',
  '"': "''",
};
const x = (s: string) => s.replace(/[\\&%$#_{}~^·–—"]/g, (c) => SPECIAL[c]);
const SECTION = ['', '', 'section', 'subsection', 'subsubsection'];
const NUMBERED = /^(\d+(?:\.\d+){0,2}) (\S.*)$/; // "2.1 Staffing": LaTeX numbers it itself

/** A heading: numbered through LaTeX's counters where its text starts "N" / "N.M" (no dot), else starred. */
function heading(level: number, text: string, flat: boolean): string {
  if (flat) return `\\par\\medskip\\noindent\\textbf{${x(text)}}\\par\\smallskip`;
  const cmd = SECTION[Math.min(level, 4)],
    m = NUMBERED.exec(text);
  if (!m || m[1].split('.').length !== Math.min(level, 4) - 1) return `\\${cmd}*{${x(text)}}`;
  const n = m[1].split('.').map(Number);
  const set = SECTION.slice(2, 2 + n.length)
    .map((c, i) => `\\setcounter{${c}}{${n[i] - (i === n.length - 1 ? 1 : 0)}}`)
    .join('');
  return `${set}\\${cmd}{${x(m[2])}}`;
}

const runs = (rs: Run[]) => rs.map((r) => (typeof r === 'string' ? x(r) : `\\footnote{${x(r.note)}}`)).join('');

/** A tabular (or longtable) from the model's rows: spans laid on a grid, rules per the model. */
function table(rows: Cell[][], ruled: boolean, head: number): string {
  const ncol = rows[0].reduce((s, c) => s + (c.colspan ?? 1), 0);
  const below = new Map<string, number>(); // "r,c" → rows a span from above still covers after row r
  const lines = rows.map((row, ri) => {
    const out: string[] = [];
    let c = 0;
    for (const cell of [...row, null]) {
      while (c < ncol && below.has(`${ri},${c}`)) {
        out.push('');
        c++;
      }
      if (!cell) break;
      const cs = cell.colspan ?? 1,
        rs = cell.rowspan ?? 1;
      for (let i = 1; i < rs; i++) for (let j = 0; j < cs; j++) below.set(`${ri + i},${c + j}`, rs - i);
      const spec = `${ruled && c === 0 ? '|' : ''}c${ruled ? '|' : ''}`;
      out.push(cs > 1 ? `\\multicolumn{${cs}}{${spec}}{${x(cell.text)}}` : x(cell.text));
      c += cs;
    }
    if (!ruled) return `${out.join(' & ')} \\\\`;
    // Rule under the row except through a cell that spans on into the next row.
    const open = Array.from({ length: ncol }, (_, k) => !below.has(`${ri + 1},${k}`));
    if (open.every(Boolean)) return `${out.join(' & ')} \\\\ \\hline`;
    const cl: string[] = [];
    for (let k = 0; k < ncol; k++)
      if (open[k] && (k === 0 || !open[k - 1])) {
        let e = k;
        while (e + 1 < ncol && open[e + 1]) e++;
        cl.push(`\\cline{${k + 1}-${e + 1}}`);
      }
    return `${out.join(' & ')} \\\\ ${cl.join('')}`;
  });
  const spec = ruled ? `|${'l|'.repeat(ncol)}` : 'l'.repeat(ncol);
  if (rows.length > 30) {
    const h = lines.slice(0, head).join('\n');
    return `\\begin{longtable}{${spec}}${ruled ? '\\hline' : ''}\n${h}\n\\endfirsthead\n${ruled ? '\\hline\n' : ''}${h}\n\\endhead\n${lines.slice(head).join('\n')}\n\\end{longtable}`;
  }
  return `\\begin{center}\\begin{tabular}{${spec}}${ruled ? '\\hline' : ''}\n${lines.join('\n')}\n\\end{tabular}\\end{center}`;
}

/** Contents lines through the class's own entry macros: bold sections, dotted subsections. */
function toc(entries: { text: string; level: number; page: number }[]): string {
  return `\\makeatletter${entries
    .map((e) => {
      const m = NUMBERED.exec(e.text),
        t = m ? `\\numberline{${m[1]}}${x(m[2])}` : x(e.text);
      return `\\csname l@${SECTION[Math.min(e.level, 4)]}\\endcsname{${t}}{${e.page}}`;
    })
    .join('\n')}\\makeatother`;
}

function block(b: Block, doc: HoldoutDoc, next: Block | undefined, prev: Block | undefined): string {
  switch (b.kind) {
    case 'title':
      return '\\maketitle';
    case 'heading':
      // "Abstract" over an abstract paragraph is the abstract environment's own heading.
      return b.text === 'Abstract' && next?.kind === 'para' && next.style === 'abstract'
        ? ''
        : heading(b.level, b.text, !!doc.flatHeadings);
    case 'para':
      if (b.style === 'meta') return ''; // set as \author
      // A caption and its table kept together on one page (a float could move them away from the text).
      if (b.style === 'caption' && next?.kind === 'table')
        return `\\par\\medskip\\noindent\\begin{minipage}{\\linewidth}\\centering ${runs(b.runs)}\\par\\smallskip\n${table(next.rows, next.ruled, next.head ?? 0)}\\end{minipage}\\par\\medskip`;
      if (b.style === 'abstract')
        return doc.blocks.some((o) => o.kind === 'heading' && o.text === 'Abstract')
          ? `\\begin{abstract}${runs(b.runs)}\\end{abstract}`
          : `{\\small\\noindent ${runs(b.runs)}\\par}\\medskip`;
      return `${runs(b.runs)}\n`;
    case 'list':
      return `\\begin{itemize}${b.items.map((i) => `\\item ${x(i)}`).join('\n')}\\end{itemize}`;
    case 'toc':
      return toc(b.entries);
    case 'table':
      return prev?.kind === 'para' && prev.style === 'caption' ? '' : table(b.rows, b.ruled, b.head ?? 0);
    case 'columns':
      return b.count === 2 && twoColumn(doc)
        ? blocks(b.blocks, doc)
        : `\\begin{multicols}{${b.count}}${blocks(b.blocks, doc)}\\end{multicols}`;
  }
}
const blocks = (bs: Block[], doc: HoldoutDoc) =>
  bs
    .map((b, i) => block(b, doc, bs[i + 1], bs[i - 1]))
    .filter(Boolean)
    .join('\n\n');
/** A document whose body is one two-column part takes the class's twocolumn option (\maketitle spans it). */
const twoColumn = (doc: HoldoutDoc) =>
  doc.blocks.filter((b) => b.kind === 'columns').length === 1 &&
  doc.blocks.some((b) => b.kind === 'columns' && b.count === 2);

/** The LaTeX source of an English document. */
export function latexOf(doc: HoldoutDoc): string {
  const title = doc.blocks.find((b) => b.kind === 'title');
  const meta = doc.blocks.find((b): b is Extract<Block, { kind: 'para' }> => b.kind === 'para' && b.style === 'meta');
  const hf = (s: string | undefined) => x(s ?? '').replace('\\#', '\\thepage');
  return `\\documentclass[10pt${twoColumn(doc) ? ',twocolumn' : ''}]{article}
\\usepackage{fancyhdr,multicol,longtable}
\\pagestyle{fancy}\\fancyhf{}
${doc.header ? `\\fancyhead[C]{\\small ${hf(doc.header)}}` : '\\renewcommand{\\headrulewidth}{0pt}'}
${doc.footer ? `\\fancyfoot[C]{${hf(doc.footer)}}` : ''}
\\title{${title?.kind === 'title' ? x(title.text) : ''}}\\author{${meta ? runs(meta.runs) : ''}}\\date{}
\\begin{document}
${blocks(doc.blocks, doc)}
\\end{document}
`;
}

/** True where pdflatex runs. */
export async function latexFound(): Promise<boolean> {
  return run(PDFLATEX, ['--version']).then(
    () => true,
    () => false,
  );
}

/** Typesets the file at `texPath` beside it (`texPath` with .pdf), run again while LaTeX asks for it (longtable's
 * column widths settle on the second run), as latexmk would. Throws with the log's first error. */
export async function latexToPdf(texPath: string): Promise<void> {
  const args = ['-interaction=nonstopmode', '-halt-on-error', basename(texPath)];
  for (let pass = 0; pass < 4; pass++) {
    const { stdout } = await run(PDFLATEX, args, { cwd: dirname(texPath), timeout: 60_000 }).catch(
      (e: { stdout?: string }) => {
        throw new Error(`pdflatex failed on ${basename(texPath)}: ${/^!.*$/m.exec(e.stdout ?? '')?.[0] ?? 'no PDF'}`);
      },
    );
    if (!/Rerun LaTeX|Rerun to get/.test(stdout)) return;
  }
}
