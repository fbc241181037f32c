// Builds small Word documents for the tests: a body (WordprocessingML paragraphs and tables) with optional
// footnotes and numbering parts, zipped as a .docx that Word and LibreOffice open.
import { strToU8, zipSync } from 'fflate';

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

export interface DocxParts {
  /** The inside of w:body. */
  body: string;
  /** w:footnote elements (ids ≥ 1). */
  footnotes?: string;
  /** The inside of w:numbering (w:abstractNum then w:num elements). */
  numbering?: string;
}

export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
export const para = (text: string, pPr = ''): string =>
  `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}<w:r><w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;
export const listItem = (text: string, numId: number, ilvl = 0): string =>
  para(text, `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`);
export const noteRef = (id: number): string =>
  `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;
export const footnote = (id: number, text: string): string =>
  `<w:footnote w:id="${id}"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> ${esc(text)}</w:t></w:r></w:p></w:footnote>`;
/** A table cell: tcPr children (w:gridSpan, w:vMerge) and its text. */
export const cell = (text: string, tcPr = ''): string =>
  `<w:tc><w:tcPr><w:tcW w:w="1800" w:type="dxa"/>${tcPr}</w:tcPr>${para(text)}</w:tc>`;
/** A table on a grid of `cols` columns; ruled (every border) or with no rules at all. */
export const table = (cols: number, rows: string[], ruled = true): string =>
  `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((b) => (ruled ? `<w:${b} w:val="single" w:sz="4" w:space="0" w:color="000000"/>` : `<w:${b} w:val="nil"/>`)).join('')}</w:tblBorders></w:tblPr>` +
  `<w:tblGrid>${'<w:gridCol w:w="1800"/>'.repeat(cols)}</w:tblGrid>${rows.map((r) => `<w:tr>${r}</w:tr>`).join('')}</w:tbl>`;
/** An abstract list with the given formats per level, and one w:num for it. */
export const list = (abstractId: number, _numId: number, fmts: string[], start = 1): string =>
  `<w:abstractNum w:abstractNumId="${abstractId}">${fmts.map((f, i) => `<w:lvl w:ilvl="${i}"><w:start w:val="${start}"/><w:numFmt w:val="${f}"/><w:lvlText w:val="${f === 'bullet' ? '•' : `%${i + 1}.`}"/><w:pPr><w:ind w:left="${720 * (i + 1)}" w:hanging="360"/></w:pPr></w:lvl>`).join('')}</w:abstractNum>`;
export const num = (numId: number, abstractId: number, startOverride?: number): string =>
  `<w:num w:numId="${numId}"><w:abstractNumId w:val="${abstractId}"/>${startOverride === undefined ? '' : `<w:lvlOverride w:ilvl="0"><w:startOverride w:val="${startOverride}"/></w:lvlOverride>`}</w:num>`;

export function makeDocx(p: DocxParts): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const overrides = [`<Override PartName="/word/document.xml" ContentType="${CT}.document.main+xml"/>`];
  const rels: string[] = [];
  if (p.footnotes !== undefined) {
    overrides.push(`<Override PartName="/word/footnotes.xml" ContentType="${CT}.footnotes+xml"/>`);
    rels.push(`<Relationship Id="rIdFn" Type="${REL}/footnotes" Target="footnotes.xml"/>`);
    files['word/footnotes.xml'] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes ${W}>` +
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
        `<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>${p.footnotes}</w:footnotes>`,
    );
  }
  if (p.numbering !== undefined) {
    overrides.push(`<Override PartName="/word/numbering.xml" ContentType="${CT}.numbering+xml"/>`);
    rels.push(`<Relationship Id="rIdNum" Type="${REL}/numbering" Target="numbering.xml"/>`);
    files['word/numbering.xml'] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering ${W}>${p.numbering}</w:numbering>`,
    );
  }
  files['[Content_Types].xml'] = strToU8(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      `${overrides.join('')}</Types>`,
  );
  files['_rels/.rels'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  files['word/_rels/document.xml.rels'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
  );
  files['word/document.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${p.body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  );
  return zipSync(files);
}
