// Hostile Office files for the security suite: a .docx whose pictures are links outside the package (to a
// URL or a file: path), an OpenDocument text named .docx whose images are links, and a .docx carrying a
// huge part of zeros no relationship reaches (streamed, so the test itself never holds it whole).
import { createWriteStream } from 'node:fs';
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';

const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

const para = (text: string): string => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** A linked (not embedded) picture: `a:blip r:link` names a relationship. */
const linkedPicture = (relId: string, n: number): string =>
  `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="1905000" cy="1905000"/><wp:docPr id="${n}" name="Picture ${n}"/>` +
  '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
  `<pic:nvPicPr><pic:cNvPr id="${n}" name="p${n}.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
  '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1905000" cy="1905000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>' +
  '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';

const WML = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

function docxFiles(body: string, rels: string[], types = ''): Record<string, Uint8Array> {
  return {
    '[Content_Types].xml': strToU8(
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${WML}.document.main+xml"/>${types}</Types>`,
    ),
    '_rels/.rels': strToU8(
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/_rels/document.xml.rels': strToU8(
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
    ),
    'word/document.xml': strToU8(
      `${XML}<w:document ${NS}><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`,
    ),
  };
}

/** A .docx whose pictures link to each URL in `targets` (http:, file:, …), plus an https hyperlink in the text. */
export function docxWithLinkedImages(targets: string[]): Uint8Array {
  const rels = targets.map(
    (t, i) => `<Relationship Id="rIdImg${i}" Type="${REL}/image" Target="${t}" TargetMode="External"/>`,
  );
  rels.push(
    `<Relationship Id="rIdWeb" Type="${REL}/hyperlink" Target="https://example.org/page" TargetMode="External"/>`,
  );
  const body =
    para('Linked pictures follow.') +
    targets.map((_, i) => linkedPicture(`rIdImg${i}`, i + 1)).join('') +
    `<w:p><w:hyperlink r:id="rIdWeb"><w:r><w:t>A web link</w:t></w:r></w:hyperlink></w:p>` +
    para('The end of the document.');
  return zipSync(docxFiles(body, rels));
}

/** A .docx with what LibreOffice already held before the box (issue 23): a remote template, INCLUDETEXT,
 * INCLUDEPICTURE and DDEAUTO fields, and an altChunk whose HTML links an image, all aimed at `origin`. */
export function docxWithHeldLinks(origin: string): Uint8Array {
  const field = (instr: string): string =>
    `<w:p><w:fldSimple w:instr=' ${instr} '><w:r><w:t>cached ${instr.split(' ')[0]}</w:t></w:r></w:fldSimple></w:p>`;
  const body =
    para('Held links follow.') +
    field(`INCLUDETEXT "${origin}/include.txt"`) +
    field(`INCLUDEPICTURE "${origin}/include.png" \\d`) +
    field(`DDEAUTO excel "${origin}/dde.xlsx" "Sheet1!R1C1"`) +
    '<w:altChunk r:id="rIdAlt"/>' +
    para('The end of the document.');
  const files = docxFiles(
    body,
    [
      `<Relationship Id="rIdSet" Type="${REL}/settings" Target="settings.xml"/>`,
      `<Relationship Id="rIdAlt" Type="${REL}/aFChunk" Target="chunk.htm"/>`,
    ],
    `<Default Extension="htm" ContentType="application/xhtml+xml"/><Override PartName="/word/settings.xml" ContentType="${WML}.settings+xml"/>`,
  );
  files['word/settings.xml'] = strToU8(
    `${XML}<w:settings ${NS}><w:attachedTemplate r:id="rIdTpl"/><w:linkStyles/></w:settings>`,
  );
  files['word/_rels/settings.xml.rels'] = strToU8(
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdTpl" Type="${REL}/attachedTemplate" Target="${origin}/template.dotx" TargetMode="External"/></Relationships>`,
  );
  files['word/chunk.htm'] = strToU8(`<html><body><p>Alt chunk text.</p><img src="${origin}/chunk.png"></body></html>`);
  return zipSync(files);
}

/** An .xlsx whose cells call WEBSERVICE and link an external workbook at `origin`. */
export function xlsxWithWebService(origin: string): Uint8Array {
  const SML = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const rels = (body: string): Uint8Array =>
    strToU8(
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`,
    );
  return zipSync({
    '[Content_Types].xml': strToU8(
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${SML}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SML}.worksheet+xml"/></Types>`,
    ),
    '_rels/.rels': rels(`<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>`),
    'xl/workbook.xml': strToU8(
      `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets><calcPr fullCalcOnLoad="1"/></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': rels(
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
        `<row r="1"><c r="A1" t="inlineStr"><is><t>Held cells</t></is></c></row><row r="2"><c r="A2" t="str"><f>WEBSERVICE("${origin}/ws")</f><v>cached</v></c></row>` +
        `<row r="3"><c r="A3" t="str"><f>FILTERXML(WEBSERVICE("${origin}/ws2"),"//a")</f><v>cached</v></c></row></sheetData></worksheet>`,
    ),
  });
}

/** An OpenDocument text (to be named .docx) whose frames show images linked from each URL in `targets`. */
export function odtWithLinkedImages(targets: string[]): Uint8Array {
  const frames = targets
    .map(
      (t, i) =>
        `<text:p><draw:frame draw:name="f${i}" svg:width="5cm" svg:height="5cm" text:anchor-type="as-char"><draw:image xlink:href="${t}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`,
    )
    .join('');
  const content =
    `${XML}<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ` +
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.3">' +
    `<office:body><office:text><text:p>Linked images follow.</text:p>${frames}</office:text></office:body></office:document-content>`;
  const manifest =
    `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">` +
    '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>';
  return zipSync({
    mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
    'content.xml': strToU8(content),
    'META-INF/manifest.xml': strToU8(manifest),
  });
}

/** A .docx showing one embedded picture whose part inflates to `bytes` zeros while its zip directory (and
 * local header) declare 100 bytes. */
export function docxWithLyingPicture(bytes: number): Uint8Array {
  const body = para('A picture that lies about its size.') + linkedPicture('rIdPic', 1).replace('r:link=', 'r:embed=');
  const files = docxFiles(
    body,
    [`<Relationship Id="rIdPic" Type="${REL}/image" Target="media/pic.png"/>`],
    '<Default Extension="png" ContentType="image/png"/>',
  );
  const zip = zipSync({ ...files, 'word/media/pic.png': [new Uint8Array(bytes), { level: 1 }] });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const name = new TextEncoder().encode('word/media/pic.png');
  for (let i = 0; i + 46 < zip.length; i++) {
    const sig = view.getUint32(i, true);
    const at = sig === 0x04034b50 ? 22 : sig === 0x02014b50 ? 24 : -1;
    const nameAt = sig === 0x04034b50 ? 30 : 46;
    if (at > 0 && zip.subarray(i + nameAt, i + nameAt + name.length).every((b, k) => b === name[k]))
      view.setUint32(i + at, 100, true);
  }
  return zip;
}

/** Writes a small .docx to `path` with a part `name` of `bytes` zeros: an extra part nothing references, or,
 * named as one of the package's parts (word/document.xml), in that part's place. */
export async function writeDocxWithZeros(path: string, name: string, bytes: number): Promise<void> {
  const out = createWriteStream(path);
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  const zip = new Zip((err, chunk, final) => {
    if (err) throw err;
    out.write(chunk);
    if (final) out.end();
  });
  for (const [n, data] of Object.entries(docxFiles(para('A small document with a large hidden part.'), []))) {
    if (n === name) continue;
    const f = new ZipDeflate(n, { level: 6 });
    zip.add(f);
    f.push(data, true);
  }
  const big = new ZipDeflate(name, { level: 1 });
  zip.add(big);
  const chunk = new Uint8Array(1 << 20);
  for (let left = bytes; left > 0; left -= chunk.length)
    big.push(left > chunk.length ? chunk : chunk.subarray(0, left), left <= chunk.length);
  zip.end();
  await done;
}
