// Sets the formula bench's document (cases.ts) as born-digital PDFs with three producers: LibreOffice from
// a flat ODT with MathML formula objects, LibreOffice from a .docx with Office Math (as Word stores it; the
// import sizes each formula itself), and pdfLaTeX when it is installed. Numbered formulas carry "(n)" at
// the right margin. The corpus's equations.docx (Word's own) is set too, scored against its reference.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { zipSync, strToU8 } from 'fflate';
import { convertToPdf } from '../../engine/source/office/convert.ts';
import { findSoffice } from '../../engine/source/office/soffice.ts';
import { DISPLAY, INLINE, paragraphs, type DisplayCase } from './cases.ts';
import { toMathML } from './mathml.ts';
import { omml } from './omml.ts';
import { parseTex } from './tex-tree.ts';

export interface Made {
  producer: string;
  pdf: string;
  display: DisplayCase[];
  inline: string[];
}

/** Word's own equations (../shared/corpus/office/equations.docx), set by LibreOffice; truth: its reference Markdown. */
const WORD = fileURLToPath(new URL('../../../shared/corpus/office/equations.docx', import.meta.url));
async function wordTruth(): Promise<{ display: DisplayCase[]; inline: string[] }> {
  const md = await readFile(WORD.replace(/\.docx$/, '.expected.md'), 'utf8');
  const display = [...md.matchAll(/^\$\$(.+)\$\$$/gm)].map((m) => ({ tex: m[1] }));
  const inline = [...md.replace(/^\$\$.+\$\$$/gm, '').matchAll(/\$([^$\n]+)\$/g)].map((m) => m[1].trim());
  return { display, inline };
}

const ODF =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" ' +
  'xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text"';

function fodt(): string {
  // LibreOffice scales a formula to its frame: the frame gets the formula's rough size at 12 pt.
  const obj = (tex: string, display: boolean) => {
    const { xml, em, emHigh } = toMathML(parseTex(tex), display);
    return `<draw:frame text:anchor-type="as-char" svg:width="${(em * 12).toFixed(1)}pt" svg:height="${(emHigh * 12).toFixed(1)}pt"><draw:object>${xml}</draw:object></draw:frame>`;
  };
  const body = paragraphs().map((p) =>
    p.kind === 'prose'
      ? `<text:p>${p.text}</text:p>`
      : p.kind === 'inline'
        ? `<text:p>${p.before} ${obj(p.tex, false)} ${p.after}</text:p>`
        : p.tag
          ? `<text:p text:style-name="EqN"><text:tab/>${obj(p.tex, true)}<text:tab/>(${p.tag})</text:p>`
          : `<text:p text:style-name="Eq">${obj(p.tex, true)}</text:p>`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<office:document ${ODF}><office:styles>` +
    '<style:style style:name="Standard" style:family="paragraph"><style:paragraph-properties fo:text-align="justify" fo:margin-bottom="0.2cm"/><style:text-properties fo:font-size="11pt"/></style:style>' +
    '<style:style style:name="Eq" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="center"/></style:style>' +
    '<style:style style:name="EqN" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="start"><style:tab-stops>' +
    '<style:tab-stop style:position="8.5cm" style:type="center"/><style:tab-stop style:position="17cm" style:type="right"/></style:tab-stops></style:paragraph-properties></style:style>' +
    `</office:styles><office:body><office:text>${body.join('')}</office:text></office:body></office:document>`
  );
}

function docx(): Uint8Array {
  const W =
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';
  const r = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`;
  const tabs =
    '<w:pPr><w:tabs><w:tab w:val="center" w:pos="4680"/><w:tab w:val="right" w:pos="9360"/></w:tabs></w:pPr>';
  const body = paragraphs().map((p) =>
    p.kind === 'prose'
      ? `<w:p>${r(p.text)}</w:p>`
      : p.kind === 'inline'
        ? `<w:p>${r(`${p.before} `)}<m:oMath>${omml(parseTex(p.tex))}</m:oMath>${r(` ${p.after}`)}</w:p>`
        : p.tag
          ? `<w:p>${tabs}<w:r><w:tab/></w:r><m:oMath>${omml(parseTex(p.tex))}</m:oMath><w:r><w:tab/><w:t>(${p.tag})</w:t></w:r></w:p>`
          : `<w:p><m:oMathPara><m:oMath>${omml(parseTex(p.tex))}</m:oMath></m:oMathPara></w:p>`,
  );
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body.join('')}</w:body></w:document>`,
    ),
  });
}

function latex(): string {
  const body = paragraphs().map((p) =>
    p.kind === 'prose'
      ? p.text
      : p.kind === 'inline'
        ? `${p.before} $${p.tex}$ ${p.after}`
        : `\\[ ${p.tex}${p.tag ? ` \\tag{${p.tag}}` : ''} \\]`,
  );
  return `\\documentclass[11pt]{article}\n\\usepackage{amsmath}\n\\pagestyle{empty}\n\\begin{document}\n${body.join('\n\n')}\n\\end{document}\n`;
}

/** Sets the documents in `dir`; a producer that is not installed is skipped (and said). */
export async function makePdfs(dir: string, log: (s: string) => void): Promise<Made[]> {
  const made: Made[] = [];
  const soffice = findSoffice();
  if (soffice) {
    await writeFile(join(dir, 'lo.fodt'), fodt());
    await convertToPdf(join(dir, 'lo.fodt'), join(dir, 'libreoffice.pdf'), { soffice, ext: '.fodt' });
    await writeFile(join(dir, 'word.docx'), docx());
    await convertToPdf(join(dir, 'word.docx'), join(dir, 'docx-omml.pdf'), { soffice, ext: '.docx' });
    const ours = { display: DISPLAY, inline: INLINE };
    made.push(
      { producer: 'libreoffice', pdf: join(dir, 'libreoffice.pdf'), ...ours },
      { producer: 'docx-omml', pdf: join(dir, 'docx-omml.pdf'), ...ours },
    );
    if (existsSync(WORD)) {
      await convertToPdf(WORD, join(dir, 'word-corpus.pdf'), { soffice, ext: '.docx' });
      made.push({ producer: 'word-corpus', pdf: join(dir, 'word-corpus.pdf'), ...(await wordTruth()) });
    }
  } else log('LibreOffice (soffice) not found: its documents are skipped');
  await writeFile(join(dir, 'tex.tex'), latex());
  try {
    await promisify(execFile)('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'tex.tex'], {
      cwd: dir,
      timeout: 120_000,
    });
    made.push({ producer: 'pdflatex', pdf: join(dir, 'tex.pdf'), display: DISPLAY, inline: INLINE });
  } catch (e) {
    log(`pdflatex failed or is not installed (${(e as Error).message.split('\n')[0]}): its documents are skipped`);
  }
  return made;
}
