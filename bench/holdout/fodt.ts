// Writes a held-out-like document as a flat ODT (one XML file) that LibreOffice turns into a born-digital
// PDF: page styles with a running header/footer, title and heading styles, footnotes, ruled or borderless
// tables with spans (a cell over several columns centred), bullet lists, a dotted table of contents and
// multi-column sections.
import type { Block, HoldoutDoc, Run } from './model.ts';

const NS = ['office', 'style', 'text', 'table', 'fo', 'svg']
  .map((p) => {
    const u = {
      office: 'office:1.0',
      style: 'style:1.0',
      text: 'text:1.0',
      table: 'table:1.0',
      fo: 'xsl-fo-compatible:1.0',
      svg: 'svg-compatible:1.0',
    }[p];
    return `xmlns:${p}="urn:oasis:names:tc:opendocument:xmlns:${u}"`;
  })
  .join(' ');
const x = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Paragraph style: name, parent-less text and paragraph properties. */
function pstyle(name: string, font: string, size: number, para = '', text = ''): string {
  return (
    `<style:style style:name="${name}" style:family="paragraph"><style:paragraph-properties ${para}/>` +
    `<style:text-properties style:font-name="${font}" style:font-name-asian="${font}" fo:font-size="${size}pt" style:font-size-asian="${size}pt" ${text}/></style:style>`
  );
}
const FACES = ['Liberation Serif', 'Liberation Sans', 'Noto Serif CJK SC', 'Noto Sans CJK SC'];
const BOLD = 'fo:font-weight="bold" style:font-weight-asian="bold"';

function styles(lang: 'en' | 'zh'): string {
  const serif = lang === 'zh' ? 'Noto Serif CJK SC' : 'Liberation Serif';
  const sans = lang === 'zh' ? 'Noto Sans CJK SC' : 'Liberation Sans';
  const body = `fo:text-align="justify" fo:margin-bottom="5pt"${lang === 'zh' ? ' fo:text-indent="21pt"' : ''}`;
  return [
    pstyle('Standard', serif, 10.5, body),
    pstyle('Title', sans, 18, 'fo:text-align="center" fo:margin-bottom="10pt"', BOLD),
    pstyle('Meta', serif, 11, 'fo:text-align="center" fo:margin-bottom="10pt"'),
    pstyle(
      'Abstract',
      serif,
      9.5,
      'fo:text-align="justify" fo:margin-left="1cm" fo:margin-right="1cm" fo:margin-bottom="10pt"',
    ),
    pstyle('Caption', serif, 9.5, 'fo:text-align="center" fo:margin-top="6pt" fo:margin-bottom="4pt"'),
    pstyle('Cell', serif, 9.5, 'fo:margin-bottom="0pt"'),
    pstyle('H2', sans, 14, 'fo:margin-top="12pt" fo:margin-bottom="6pt" fo:keep-with-next="always"', BOLD),
    pstyle('H3', sans, 12, 'fo:margin-top="9pt" fo:margin-bottom="4pt" fo:keep-with-next="always"', BOLD),
    pstyle(
      'H4',
      sans,
      10.5,
      'fo:margin-top="6pt" fo:margin-bottom="3pt" fo:keep-with-next="always"',
      `${BOLD} fo:font-style="italic"`,
    ),
    pstyle('HFlat', serif, 10.5, 'fo:margin-top="8pt" fo:margin-bottom="3pt" fo:keep-with-next="always"', BOLD),
    pstyle('Note', serif, 8, 'fo:margin-bottom="0pt" fo:margin-left="0.6cm" fo:text-indent="-0.6cm"'),
    pstyle('CellC', serif, 9.5, 'fo:margin-bottom="0pt" fo:text-align="center"'),
    pstyle('HF', serif, 9, 'fo:text-align="center"'),
    `<style:style style:name="Toc" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="3pt"><style:tab-stops>` +
      `<style:tab-stop style:position="16cm" style:type="right" style:leader-style="dotted" style:leader-text="."/></style:tab-stops></style:paragraph-properties>` +
      `<style:text-properties style:font-name="${serif}" style:font-name-asian="${serif}" fo:font-size="10.5pt" style:font-size-asian="10.5pt"/></style:style>`,
  ].join('');
}

const HF_PROPS =
  '<style:header-footer-properties fo:min-height="0.6cm" fo:margin-bottom="0.3cm" fo:margin-top="0.3cm"/>';
function pageStyles(doc: HoldoutDoc): string {
  const hf = (s: string) =>
    `<text:p text:style-name="HF">${x(s).replace('#', '<text:page-number text:select-page="current">1</text:page-number>')}</text:p>`;
  const layout =
    `<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.5cm" fo:margin-bottom="1.5cm" fo:margin-left="2.2cm" fo:margin-right="2.2cm"/>` +
    `<style:header-style>${HF_PROPS}</style:header-style><style:footer-style>${HF_PROPS}</style:footer-style></style:page-layout>`;
  const cells = ['none', '0.5pt solid #000000']
    .map(
      (b, i) =>
        `<style:style style:name="Cell${i}" style:family="table-cell"><style:table-cell-properties fo:border="${b}" fo:padding="0.08cm"/></style:style>`,
    )
    .join('');
  const cols = [2, 3]
    .map(
      (n) =>
        `<style:style style:name="Cols${n}" style:family="section"><style:section-properties><style:columns fo:column-count="${n}" fo:column-gap="0.6cm"/></style:section-properties></style:style>`,
    )
    .join('');
  const master = `<style:master-page style:name="Standard" style:page-layout-name="pm1">${doc.header ? `<style:header>${hf(doc.header)}</style:header>` : ''}${doc.footer ? `<style:footer>${hf(doc.footer)}</style:footer>` : ''}</style:master-page>`;
  const list =
    '<text:list-style style:name="L1"><text:list-level-style-bullet text:level="1" text:bullet-char="•"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment">' +
    '<style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="0.8cm" fo:text-indent="-0.5cm" fo:margin-left="0.8cm"/></style:list-level-properties></text:list-level-style-bullet></text:list-style>';
  return `<office:automatic-styles>${layout}${cells}${cols}${list}</office:automatic-styles><office:master-styles>${master}</office:master-styles>`;
}

function runs(rs: Run[], notes: { n: number }): string {
  return rs
    .map((r) => {
      if (typeof r === 'string') return x(r);
      const n = ++notes.n;
      return `<text:note text:id="ftn${n}" text:note-class="footnote"><text:note-citation>${n}</text:note-citation><text:note-body><text:p text:style-name="Note">${x(r.note)}</text:p></text:note-body></text:note>`;
    })
    .join('');
}

function block(b: Block, notes: { n: number }, tables: { n: number }, flat = false): string {
  switch (b.kind) {
    case 'list':
      return `<text:list text:style-name="L1">${b.items.map((i) => `<text:list-item><text:p>${x(i)}</text:p></text:list-item>`).join('')}</text:list>`;
    case 'title':
      return `<text:p text:style-name="Title">${x(b.text)}</text:p>`;
    case 'heading':
      return `<text:h text:style-name="${flat ? 'HFlat' : `H${Math.min(b.level, 4)}`}" text:outline-level="${b.level - 1}">${x(b.text)}</text:h>`;
    case 'para': {
      const st = b.style ? { abstract: 'Abstract', meta: 'Meta', caption: 'Caption' }[b.style] : 'Standard';
      return `<text:p text:style-name="${st}">${runs(b.runs, notes)}</text:p>`;
    }
    case 'toc':
      return b.entries
        .map(
          (e) =>
            `<text:p text:style-name="Toc">${'<text:s/>'.repeat((e.level - 2) * 4)}${x(e.text)}<text:tab/>${e.page}</text:p>`,
        )
        .join('');
    case 'columns':
      return `<text:section text:style-name="Cols${b.count}" text:name="S${tables.n++}">${b.blocks.map((c) => block(c, notes, tables, flat)).join('')}</text:section>`;
    case 'table': {
      const ncol = b.rows[0].reduce((s, c) => s + (c.colspan ?? 1), 0);
      const cellStyle = `Cell${b.ruled ? 1 : 0}`;
      const covered = new Set<string>(); // "r,c" covered by a span from above or the left
      const rowXml = (row: (typeof b.rows)[0], ri: number) => {
        let out = '',
          c = 0;
        for (const cell of row) {
          while (covered.has(`${ri},${c}`)) {
            out += '<table:covered-table-cell/>';
            c++;
          }
          const cs = cell.colspan ?? 1,
            rs = cell.rowspan ?? 1;
          for (let i = 0; i < rs; i++) for (let j = 0; j < cs; j++) if (i || j) covered.add(`${ri + i},${c + j}`);
          const span =
            (cs > 1 ? ` table:number-columns-spanned="${cs}"` : '') +
            (rs > 1 ? ` table:number-rows-spanned="${rs}"` : '');
          out += `<table:table-cell table:style-name="${cellStyle}"${span} office:value-type="string"><text:p text:style-name="${cs > 1 ? 'CellC' : 'Cell'}">${x(cell.text)}</text:p></table:table-cell>`;
          c++;
          for (let j = 1; j < cs; j++) {
            out += '<table:covered-table-cell/>';
            c++;
          }
        }
        while (c < ncol) {
          if (covered.has(`${ri},${c}`)) out += '<table:covered-table-cell/>';
          c++;
        }
        return `<table:table-row>${out}</table:table-row>`;
      };
      const all = b.rows.map(rowXml);
      const head = b.head ? `<table:table-header-rows>${all.slice(0, b.head).join('')}</table:table-header-rows>` : '';
      return `<table:table table:name="T${tables.n++}"><table:table-column table:number-columns-repeated="${ncol}"/>${head}${all.slice(b.head ?? 0).join('')}</table:table>`;
    }
  }
}

/** The flat ODT of a document. */
export function fodtOf(doc: HoldoutDoc): string {
  const notes = { n: 0 },
    tables = { n: 1 };
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<office:document ${NS} office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text">` +
    `<office:font-face-decls>${FACES.map((f) => `<style:font-face style:name="${f}" svg:font-family="'${f}'"/>`).join('')}</office:font-face-decls>` +
    `<office:styles>${styles(doc.lang)}</office:styles>${pageStyles(doc)}` +
    `<office:body><office:text>${doc.blocks.map((b) => block(b, notes, tables, doc.flatHeadings)).join('')}</office:text></office:body></office:document>\n`
  );
}
