// Stores what the engine makes of every file in the given folders (or the given files): <out>/<name>.md and
// <name>.json (the JSON pages and the catalog), so two revisions can be compared byte for byte:
//   node bench/snapshot-outputs.ts <out-dir> <folder-or-file>...   then   diff -r <before> <after>
// PDFs and images go through parseDocument; Office files are converted by LibreOffice and get the structure of
// their own XML laid over the parse (fromSource), as the engine's worker does. Image links are written as
// `images/<name>` (no host, no task key), so runs compare equal. References (*.expected.*) and notes are skipped.
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { convertToPdf } from '../engine/source/office/convert.ts';
import { findSoffice } from '../engine/source/office/soffice.ts';
import { fromSource } from '../engine/source/office/structure.ts';
import { parseDocument } from '../engine/core/parse.ts';
import type { ParsedDocument } from '../engine/types.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG } from '../shared/somark.ts';

const OFFICE = new Set(['.docx', '.xlsx', '.xlsm', '.pptx', '.doc', '.xls', '.ppt', '.odt', '.ods', '.odp', '.rtf']);
/** Notes beside the documents (README.md, SOURCES.md). */
const NOT_DOCUMENT = /\.(md|txt|json)$/i;
const [out, ...inputs] = process.argv.slice(2);
if (!out || !inputs.length) {
  console.log('usage: node bench/snapshot-outputs.ts <out-dir> <folder-or-file>...');
  process.exit(2);
}

async function filesOf(input: string): Promise<string[]> {
  if (!(await stat(input)).isDirectory()) return [input];
  return (await readdir(input))
    .filter((f) => !f.includes('.expected.') && !f.startsWith('.') && !NOT_DOCUMENT.test(f))
    .sort()
    .map((f) => join(input, f));
}

async function parse(file: string, work: string): Promise<ParsedDocument> {
  const ext = extname(file).toLowerCase();
  const options = {
    featureConfig: DEFAULT_FEATURE_CONFIG,
    elementFormats: DEFAULT_ELEMENT_FORMATS,
    imageDir: join(work, 'images'),
    imageUrl: (n: string) => `images/${n}`,
  };
  if (!OFFICE.has(ext)) return parseDocument(file, basename(file), options);
  const soffice = findSoffice();
  if (!soffice) throw new Error('LibreOffice not found (set DOCPARSE_SOFFICE or install it)');
  const pdf = join(work, 'source.pdf');
  await convertToPdf(file, pdf, { soffice, ext });
  return fromSource(file, ext, await parseDocument(pdf, 'source.pdf', options), options);
}

await mkdir(out, { recursive: true });
const files = (await Promise.all(inputs.map(filesOf))).flat();
let failed = 0;
for (const file of files) {
  const work = await mkdtemp(join(tmpdir(), 'docparse-snapshot-'));
  const t0 = performance.now();
  try {
    const doc = await parse(file, work);
    const name = basename(file);
    await writeFile(join(out, `${name}.md`), doc.markdown);
    await writeFile(
      join(out, `${name}.json`),
      `${JSON.stringify({ pages: doc.json.pages, catalog: doc.catalog }, null, 1)}\n`,
    );
    console.log(`${name}\t${doc.pageCount} pages\t${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } catch (e) {
    failed++;
    console.log(`${basename(file)}\tfailed: ${(e as Error).message}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
