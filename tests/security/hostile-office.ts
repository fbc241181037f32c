// Office files and a PDF whose text is hostile Markdown and HTML, for the escaping tests: the same strings in
// Word paragraphs, a heading, a list item, table cells (a pipe table and a table with spans), a footnote and
// Office Math; in Excel cells and a sheet name; in a PowerPoint title, body and table; in a PDF's text layer.
import * as mupdf from 'mupdf';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import {
  cell,
  esc,
  footnote,
  list,
  listItem,
  makeDocx,
  noteRef,
  num,
  para,
  table,
} from '../engine/office/make-docx.ts';

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(1)</script>';
const LINK = '[l](javascript:alert(1))';
const REMOTE = '![x](http://127.0.0.1:9/x.png)';
const CLOSE = `</td></tr></table>${IMG}`;
const PLACEHOLDER = '@docparse-engine-base@/files/x/images/a.png';
/** What a document says, to be found again as visible text in the rendered Markdown. */
export const SAID = [IMG, SCRIPT, LINK, REMOTE, '</td></tr></table>', PLACEHOLDER];

const M = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';
const mr = (t: string): string => `<m:r><m:t xml:space="preserve">${esc(t)}</m:t></m:r>`;
/** An equation whose text runs hold LaTeX and dollar signs, and a delimiter whose characters (attributes) do. */
const hostileMath = (): string =>
  `<m:oMath ${M}>${mr('x=')}${mr('\\href{javascript:alert(1)}{click}')}${mr(`$${IMG}$`)}` +
  `<m:d><m:dPr><m:begChr m:val="\\href{javascript:alert(2)}{y}"/><m:endChr m:val="$&lt;img src=x onerror=alert(3)&gt;"/></m:dPr><m:e>${mr('z')}</m:e></m:d></m:oMath>`;

export function hostileDocx(): Uint8Array {
  const lines = SAID.map((s) => para(`Text ${s} end`));
  const heading = para(`Heading ${IMG}`, '<w:pStyle w:val="Heading1"/>');
  const inlineMath = `<w:p><w:r><w:t xml:space="preserve">Inline </w:t></w:r>${hostileMath()}<w:r><w:t xml:space="preserve"> math${esc(IMG)}</w:t></w:r></w:p>`;
  const displayMath = `<w:p><m:oMathPara ${M}>${hostileMath()}</m:oMathPara></w:p>`;
  const pipe = table(2, [cell('Name') + cell('Value'), cell(CLOSE) + cell(LINK)]);
  const spans = table(2, [cell('Merged', '<w:gridSpan w:val="2"/>'), cell(CLOSE) + cell(SCRIPT)]);
  const noted = `<w:p><w:r><w:t xml:space="preserve">A note here</w:t></w:r>${noteRef(1)}</w:p>`;
  const styles = '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>';
  const docx = makeDocx({
    body: [heading, ...lines, listItem(`Item ${IMG}`, 1), inlineMath, displayMath, pipe, spans, noted].join(''),
    footnotes: footnote(1, `Note ${IMG} ${LINK}`),
    numbering: list(0, 1, ['decimal']) + num(1, 0),
  });
  return withPart(
    docx,
    'word/styles.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${styles}</w:styles>`,
    '/word/styles.xml',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml',
    'styles',
    'word/_rels/document.xml.rels',
    'styles.xml',
  );
}

/** The package with one more part, its content type and its relationship from `relsPath`. */
function withPart(
  zip: Uint8Array,
  path: string,
  xml: string,
  partName: string,
  type: string,
  rel: string,
  relsPath: string,
  target: string,
): Uint8Array {
  const files = unzipText(zip);
  files[path] = xml;
  files['[Content_Types].xml'] = files['[Content_Types].xml']!.replace(
    '</Types>',
    `<Override PartName="${partName}" ContentType="${type}"/></Types>`,
  );
  files[relsPath] = files[relsPath]!.replace(
    '</Relationships>',
    `<Relationship Id="rIdX${rel}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${rel}" Target="${target}"/></Relationships>`,
  );
  return zipText(files);
}

const unzipText = (zip: Uint8Array): Record<string, string> =>
  Object.fromEntries(Object.entries(unzipSync(zip)).map(([k, v]) => [k, strFromU8(v)]));
const zipText = (files: Record<string, string>): Uint8Array =>
  zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const rels = (items: [string, string, string][]): string =>
  `${XML}<Relationships xmlns="${PKG_REL}">${items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${DOC_REL}/${type}" Target="${target}"/>`).join('')}</Relationships>`;

export function hostileXlsx(): Uint8Array {
  const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const strings = ['Name', 'Value', IMG, LINK, CLOSE, SCRIPT, REMOTE, PLACEHOLDER];
  const row = (r: number, a: number, b: number) =>
    `<row r="${r}"><c r="A${r}" t="s"><v>${a}</v></c><c r="B${r}" t="s"><v>${b}</v></c></row>`;
  return zipText({
    '[Content_Types].xml':
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    '_rels/.rels': rels([['rId1', 'officeDocument', 'xl/workbook.xml']]),
    'xl/_rels/workbook.xml.rels': rels([
      ['rId1', 'worksheet', 'worksheets/sheet1.xml'],
      ['rId2', 'sharedStrings', 'sharedStrings.xml'],
    ]),
    'xl/workbook.xml': `${XML}<workbook xmlns="${S}" xmlns:r="${DOC_REL}"><sheets><sheet name="${esc(IMG).replace(/>/g, '&gt;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/sharedStrings.xml': `${XML}<sst xmlns="${S}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `${XML}<worksheet xmlns="${S}"><cols><col min="1" max="2" width="60" customWidth="1"/></cols><sheetData>${row(1, 0, 1)}${row(2, 2, 3)}${row(3, 4, 5)}${row(4, 6, 7)}</sheetData></worksheet>`,
  });
}

export function hostilePptx(): Uint8Array {
  const P =
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
  const run = (t: string) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${esc(t)}</a:t></a:r></a:p>`;
  const box = (id: number, y: number, ph: string, paras: string[]) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="S${id}"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="${y}"/><a:ext cx="8229600" cy="1000000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>` +
    `<p:txBody><a:bodyPr/><a:lstStyle/>${paras.map(run).join('')}</p:txBody></p:sp>`;
  const tc = (t: string) => `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/>${run(t)}</a:txBody><a:tcPr/></a:tc>`;
  const tbl =
    `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="9" name="T"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="457200" y="4000000"/><a:ext cx="8229600" cy="1000000"/></p:xfrm>` +
    `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid><a:gridCol w="4114800"/><a:gridCol w="4114800"/></a:tblGrid>` +
    `<a:tr h="370840">${tc('Name')}${tc('Value')}</a:tr><a:tr h="370840">${tc(CLOSE)}${tc(SCRIPT)}</a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
  const slide =
    `${XML}<p:sld ${P}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>` +
    `${box(2, 300000, '<p:ph type="title"/>', [`Title ${IMG}`])}${box(
      3,
      1500000,
      '',
      SAID.map((s) => `Body ${s} end`),
    )}${tbl}</p:spTree></p:cSld></p:sld>`;
  return zipText({
    '[Content_Types].xml':
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slides/slide1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/></Types>',
    '_rels/.rels': rels([['rId1', 'officeDocument', 'ppt/presentation.xml']]),
    'ppt/_rels/presentation.xml.rels': rels([['rId2', 'slide', 'slides/slide1.xml']]),
    'ppt/presentation.xml': `${XML}<p:presentation ${P}><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
    'ppt/slides/slide1.xml': slide,
  });
}

/** A one-page PDF whose text layer says the hostile strings, and forges the engine's own markup ($…$, [^n]). */
export function hostilePdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const res = doc.newDictionary(),
    fonts = doc.newDictionary();
  fonts.put('F1', doc.addSimpleFont(new mupdf.Font('Helvetica')));
  res.put('Font', fonts);
  const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const lines = [...SAID, `$${IMG}$`, '[^<script>]', '$x<img src=x onerror=alert(4)>$ tail'];
  const content = lines
    .map((s, i) => `BT /F1 11 Tf 72 ${720 - i * 40} Td (Line ${i + 1}: ${pdfText(s)}) Tj ET`)
    .join('\n');
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, res, content));
  return doc.saveToBuffer('compress').asUint8Array();
}
