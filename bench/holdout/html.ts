// Writes a held-out-like document as HTML and has Chromium print it to a born-digital PDF (a second producer
// next to LibreOffice, fodt.ts): CSS columns for the multi-column parts, tables with and without borders and
// bold header rows with spanning cells, h1 title over h2–h4 headings, superscript footnote marks with the notes
// as a list at the document end (as pandoc's HTML has them), a table of contents with dot leaders, and the
// running header/footer as Chromium's header and footer templates; English in DejaVu Sans (headings DejaVu
// Serif), wider than LibreOffice's Liberation faces, on US Letter with narrow margins; Chinese in Noto CJK on
// A4. Same model, same truth (model.ts).
import { chromium, type Page } from 'playwright-core';
import type { Block, Cell, HoldoutDoc, Run } from './model.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const x = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function css(doc: HoldoutDoc): string {
  const text = doc.lang === 'zh' ? "'Noto Serif CJK SC', serif" : "'DejaVu Sans', sans-serif";
  const heads = doc.lang === 'zh' ? "'Noto Sans CJK SC', sans-serif" : "'DejaVu Serif', serif";
  return `
body { margin: 0; font-family: ${text}; font-size: 10.5pt; line-height: 1.4; }
p { margin: 0 0 5pt; text-align: justify; ${doc.lang === 'zh' ? 'text-indent: 2em;' : ''} }
h1 { font-family: ${heads}; font-size: 18pt; text-align: center; margin: 0 0 10pt; }
h2 { font-family: ${heads}; font-size: 14pt; margin: 12pt 0 6pt; break-after: avoid; }
h3 { font-family: ${heads}; font-size: 12pt; margin: 9pt 0 4pt; break-after: avoid; }
h4 { font-family: ${heads}; font-size: 10.5pt; font-style: italic; margin: 6pt 0 3pt; break-after: avoid; }
.flat h2, .flat h3, .flat h4 { font-family: ${text}; font-size: 10.5pt; font-style: normal; margin: 8pt 0 3pt; }
p.meta { text-align: center; font-size: 11pt; margin-bottom: 10pt; text-indent: 0; }
p.abstract { font-size: 9.5pt; margin: 0 1cm 10pt; }
p.caption { text-align: center; font-size: 9.5pt; margin: 6pt 0 4pt; text-indent: 0; }
.cols2 { column-count: 2; column-gap: 0.6cm; } .cols3 { column-count: 3; column-gap: 0.6cm; }
table { border-collapse: collapse; margin: 4pt auto 8pt; font-size: 9.5pt; }
th, td { padding: 2pt 7pt; text-align: left; vertical-align: top; } th { font-weight: bold; } th[colspan] { text-align: center; }
table.ruled th, table.ruled td { border: 0.6pt solid #000; }
ul { margin: 0 0 5pt; padding-left: 1.4em; }
sup { font-size: 65%; line-height: 0; }
section.notes { font-size: 8pt; margin-top: 14pt; } section.notes hr { width: 30%; margin: 0 0 4pt; border: 0; border-top: 0.6pt solid #000; }
section.notes ol { margin: 0; padding-left: 1.6em; }
.toc { display: flex; margin: 0 0 3pt; text-indent: 0; } .toc .dots { flex: 1; overflow: hidden; white-space: nowrap; padding: 0 2pt; }
`;
}

function runs(rs: Run[], notes: string[]): string {
  return rs
    .map((r) => {
      if (typeof r === 'string') return x(r);
      notes.push(r.note);
      return `<sup>${notes.length}</sup>`;
    })
    .join('');
}

function block(b: Block, notes: string[]): string {
  switch (b.kind) {
    case 'title':
      return `<h1>${x(b.text)}</h1>`;
    case 'heading':
      return `<h${Math.min(b.level, 4)}>${x(b.text)}</h${Math.min(b.level, 4)}>`;
    case 'para':
      return `<p${b.style ? ` class="${b.style}"` : ''}>${runs(b.runs, notes)}</p>`;
    case 'list':
      return `<ul>${b.items.map((i) => `<li>${x(i)}</li>`).join('')}</ul>`;
    case 'toc':
      return b.entries
        .map(
          (e) =>
            `<p class="toc" style="padding-left:${(e.level - 2) * 1.5}em"><span>${x(e.text)}</span><span class="dots"></span><span>${e.page}</span></p>`,
        )
        .join('');
    case 'columns':
      return `<div class="cols${b.count}">${b.blocks.map((c) => block(c, notes)).join('')}</div>`;
    case 'table': {
      // Header rows: the given count, else the leading rows that hold a span (and the rows their row spans
      // reach: a span cannot leave <thead>), else the first row.
      let head = b.head ?? 0;
      if (!b.head) {
        let reach = 1;
        for (let r = 0; r < b.rows.length - 1; r++) {
          if (r >= reach && !b.rows[r].some((c) => (c.colspan ?? 1) > 1 || (c.rowspan ?? 1) > 1)) break;
          reach = Math.max(reach, ...b.rows[r].map((c) => r + (c.rowspan ?? 1)));
          head = r + 1;
        }
        head = Math.max(head, reach);
      }
      const row = (r: Cell[], tag: string) =>
        `<tr>${r
          .map((c) => {
            const span =
              ((c.colspan ?? 1) > 1 ? ` colspan="${c.colspan}"` : '') +
              ((c.rowspan ?? 1) > 1 ? ` rowspan="${c.rowspan}"` : '');
            return `<${tag}${span}>${x(c.text)}</${tag}>`;
          })
          .join('')}</tr>`;
      return (
        `<table${b.ruled ? ' class="ruled"' : ''}><thead>${b.rows
          .slice(0, head)
          .map((r) => row(r, 'th'))
          .join('')}</thead>` +
        `<tbody>${b.rows
          .slice(head)
          .map((r) => row(r, 'td'))
          .join('')}</tbody></table>`
      );
    }
  }
}

/** A running header or footer as a Chromium print template (`#` the page number). */
function template(s: string | undefined, face: string): string {
  if (!s) return '<span></span>';
  const body = x(s).replace('#', '<span class="pageNumber"></span>');
  return `<div style="width:100%;text-align:center;font-size:9pt;font-family:${face}">${body}</div>`;
}

/** The document as one HTML page. */
export function htmlOf(doc: HoldoutDoc): string {
  const notes: string[] = [];
  const body = doc.blocks.map((b) => block(b, notes)).join('\n');
  const foot = notes.length
    ? `<section class="notes"><hr><ol>${notes.map((n) => `<li>${x(n)}</li>`).join('')}</ol></section>`
    : '';
  return (
    `<!doctype html><html lang="${doc.lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><style>${css(doc)}</style></head>` +
    `<body class="${doc.flatHeadings ? 'flat' : ''}">${body}${foot}</body></html>\n`
  );
}

/** Whether the Chromium this producer needs is there. */
export async function chromiumFound(): Promise<boolean> {
  const { existsSync } = await import('node:fs');
  return existsSync(CHROMIUM);
}

/** Page geometry (mm): English on US Letter with narrow margins (a browser's or pandoc's defaults), Chinese on
 * A4 with 2 cm ones. */
const GEOMETRY = {
  en: { format: 'Letter', width: 215.9, top: 13, side: 15 },
  zh: { format: 'A4', width: 210, top: 20, side: 22 },
};

/** Dot leaders: as many dots in each `.toc .dots` as fill the gap between an entry and its page number. */
export async function fillDotLeaders(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('.toc .dots')) {
      const probe = document.createElement('span');
      probe.style.display = 'inline-block';
      probe.textContent = '.'.repeat(100);
      el.parentElement!.append(probe);
      const dot = probe.getBoundingClientRect().width / 100;
      probe.remove();
      el.textContent = '.'.repeat(Math.max(0, Math.floor((el.clientWidth - 8) / dot) - 1));
    }
  });
}

/** Prints the HTML of `doc` to `pdfPath` (header/footer templates in the margins). */
export async function htmlToPdf(doc: HoldoutDoc, html: string, pdfPath: string): Promise<void> {
  const g = GEOMETRY[doc.lang];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewportSize({ width: Math.floor(((g.width - 2 * g.side) / 25.4) * 96), height: 1000 }); // the printed text width
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await fillDotLeaders(page);
    const face = doc.lang === 'zh' ? "'Noto Serif CJK SC'" : "'DejaVu Sans'";
    await page.pdf({
      path: pdfPath,
      format: g.format,
      printBackground: true,
      displayHeaderFooter: !!(doc.header || doc.footer),
      headerTemplate: template(doc.header, face),
      footerTemplate: template(doc.footer, face),
      margin: { top: `${g.top}mm`, bottom: `${g.top}mm`, left: `${g.side}mm`, right: `${g.side}mm` },
    });
  } finally {
    await browser.close();
  }
}
