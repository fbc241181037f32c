// Writes the formula bench's documents and sets them as born-digital PDFs with two producers: LibreOffice
// (flat ODT with MathML formula objects, converted headless) and pdfLaTeX when it is installed. Each
// document alternates prose paragraphs (carrying the inline formulas) with display formulas, numbered
// ones with "(n)" at the right margin.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { convertToPdf } from '../../engine/office/convert.ts';
import { findSoffice } from '../../engine/office/soffice.ts';
import { DISPLAY, INLINE } from './cases.ts';
import { toMathML } from './mathml.ts';

const WORDS = ['model', 'sample', 'energy', 'signal', 'network', 'series', 'process', 'estimate', 'boundary', 'operator', 'vector', 'field'];
/** A sentence of prose that differs from paragraph to paragraph (no repeated lines for the header finder). */
const prose = (k: number) => `Paragraph ${k + 1} discusses the ${WORDS[k % WORDS.length]} and the ${WORDS[(k * 5 + 3) % WORDS.length]} of the study, ` +
  `whose ${WORDS[(k * 7 + 1) % WORDS.length]} follows from the assumptions made earlier in this section and in the appendix; ` +
  `the derivation below is used in the remainder of the text.`;
/** Where an inline formula goes: after which paragraph, and the sentence around it. */
const inlineAt = (i: number) => ({ after: 3 * i + 1, before: `In this case the quantity`, after2: `is kept fixed for every run of the experiment.` });

export interface Made { producer: string; pdf: string }

const NS = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" ' +
  'xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text"';

function fodt(): string {
  // LibreOffice scales a formula to its frame: the frame gets the formula's rough size at 12 pt.
  const obj = (tex: string, display: boolean, n: number) => {
    const { xml, em, emHigh } = toMathML(tex, display);
    return `<draw:frame draw:name="f${n}" text:anchor-type="as-char" svg:width="${(em * 12).toFixed(1)}pt" svg:height="${(emHigh * 12).toFixed(1)}pt">` +
      `<draw:object>${xml}</draw:object></draw:frame>`;
  };
  const body: string[] = [];
  DISPLAY.forEach((d, k) => {
    body.push(`<text:p>${prose(k)}</text:p>`);
    const inl = INLINE.findIndex((_, i) => inlineAt(i).after === k);
    if (inl >= 0) body.push(`<text:p>${inlineAt(inl).before} ${obj(INLINE[inl], false, 100 + inl)} ${inlineAt(inl).after2}</text:p>`);
    body.push(d.tag ? `<text:p text:style-name="EqN"><text:tab/>${obj(d.tex, true, k)}<text:tab/>(${d.tag})</text:p>`
      : `<text:p text:style-name="Eq">${obj(d.tex, true, k)}</text:p>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<office:document ${NS}><office:styles>` +
    '<style:style style:name="Standard" style:family="paragraph"><style:paragraph-properties fo:text-align="justify" fo:margin-bottom="0.2cm"/><style:text-properties fo:font-size="11pt"/></style:style>' +
    '<style:style style:name="Eq" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="center"/></style:style>' +
    '<style:style style:name="EqN" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="start"><style:tab-stops>' +
    '<style:tab-stop style:position="8.5cm" style:type="center"/><style:tab-stop style:position="17cm" style:type="right"/></style:tab-stops></style:paragraph-properties></style:style>' +
    `</office:styles><office:body><office:text>${body.join('')}</office:text></office:body></office:document>`;
}

function latex(): string {
  const body: string[] = [];
  DISPLAY.forEach((d, k) => {
    body.push(prose(k).replace(/;/g, ';'), '');
    const inl = INLINE.findIndex((_, i) => inlineAt(i).after === k);
    if (inl >= 0) body.push(`${inlineAt(inl).before} $${INLINE[inl]}$ ${inlineAt(inl).after2}`, '');
    body.push(`\\[ ${d.tex}${d.tag ? ` \\tag{${d.tag}}` : ''} \\]`, '');
  });
  return `\\documentclass[11pt]{article}\n\\usepackage{amsmath}\n\\pagestyle{empty}\n\\begin{document}\n${body.join('\n')}\n\\end{document}\n`;
}

/** Sets the documents in `dir`; a producer that is not installed is skipped (and said). */
export async function makePdfs(dir: string, log: (s: string) => void): Promise<Made[]> {
  const made: Made[] = [];
  const soffice = findSoffice();
  if (soffice) {
    await writeFile(join(dir, 'lo.fodt'), fodt());
    await convertToPdf(join(dir, 'lo.fodt'), join(dir, 'libreoffice.pdf'), { soffice, ext: '.fodt' });
    made.push({ producer: 'libreoffice', pdf: join(dir, 'libreoffice.pdf') });
  } else log('LibreOffice (soffice) not found: its documents are skipped');
  await writeFile(join(dir, 'tex.tex'), latex());
  try {
    await promisify(execFile)('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'tex.tex'], { cwd: dir, timeout: 120_000 });
    made.push({ producer: 'pdflatex', pdf: join(dir, 'tex.pdf') });
  } catch (e) {
    log(`pdflatex failed or is not installed (${(e as Error).message.split('\n')[0]}): its documents are skipped`);
  }
  return made;
}
