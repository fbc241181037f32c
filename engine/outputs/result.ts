// Turns a ParsedDocument into the stored answer of a task: result.json = {metadata, result, warnings}
// (only the requested outputs) plus bundle.zip when zip is asked for. Runs inside a worker.
// outputs.json carries `metadata.page_count` too (SoMark's somark_parser.py prints it).
import { join } from 'node:path';
import type { JsonOutput } from '../../shared/somark.ts';
import type { Metadata, Outputs, ParseResult } from '../../shared/somark-answers.ts';
import type { ParsedDocument } from '../types.ts';
import type { OutputFormat } from '../../shared/somark.ts';
// The store's atomic writer (node:crypto) is loaded when a job needs it: the parse CLI builds a PDF's
// result here without it.

export const RESULT_FILE = 'result.json';
export const BUNDLE_FILE = 'bundle.zip';
export const IMAGES_DIR = 'images';
/** The PDF an Office upload was converted to, in its task folder (the pages and boxes refer to it). */
export const SOURCE_PDF = 'source.pdf';

/** What the outputs need to know of the task they are written for (core/jobs.ts ParseJob has these fields). */
export interface OutputTask {
  fileName: string;
  /** The task's folder: result.json, bundle.zip and images/ are written there. */
  taskDir: string;
  formats: OutputFormat[];
  /** Prefix of public file URLs, still carrying the base placeholder: `${BASE_PLACEHOLDER}/files/<key>/`. */
  filesPrefix: string;
  warnings?: string[];
  /** The Office upload a converted PDF came from. */
  source?: { fileName: string; fileType: string; path?: string };
}

export interface StoredResult {
  metadata: Metadata;
  result: ParseResult;
  /** Last key on purpose: routes.ts lifts it to the envelope's top-level `warnings` from the text's tail. */
  warnings: string[];
}

/** The stored answer of a parsed document (and bundle.zip in taskDir when zip is asked for). */
export async function buildResult(job: OutputTask, doc: ParsedDocument): Promise<StoredResult> {
  const outputs: Outputs = {};
  const json: JsonOutput = { ...doc.json, metadata: { ...doc.json.metadata, page_count: doc.pageCount } };
  if (job.formats.includes('markdown')) outputs.markdown = doc.markdown;
  if (job.formats.includes('json')) outputs.json = json;
  if (job.formats.includes('zip')) {
    const { writeBundle } = await import('../../lib/zip.ts'); // only for the zip format: fflate is not loaded otherwise
    await writeBundle(join(job.taskDir, BUNDLE_FILE), {
      markdown: doc.markdown,
      json,
      imagesDir: join(job.taskDir, IMAGES_DIR),
      images: doc.images.map((i) => i.fileName),
      imageUrlPrefix: `${job.filesPrefix}${IMAGES_DIR}/`,
    });
    outputs.zip = `${job.filesPrefix}${BUNDLE_FILE}`;
  }
  return {
    metadata: { page_num: doc.pageCount, file_type: job.source?.fileType ?? doc.fileType },
    result: {
      file_name: job.source?.fileName ?? job.fileName,
      outputs,
      imgs: doc.images.map((i) => i.url),
      catalog: doc.catalog,
      // Local extension: the PDF an Office file was converted to, which the pages and boxes refer to.
      ...(job.source ? { pdf_url: `${job.filesPrefix}${SOURCE_PDF}` } : {}),
    },
    warnings: [...(job.warnings ?? []), ...(doc.warnings ?? [])],
  };
}

export async function writeOutputs(job: OutputTask, doc: ParsedDocument): Promise<void> {
  const { writeFileAtomic } = await import('../../lib/atomic.ts');
  await writeFileAtomic(join(job.taskDir, RESULT_FILE), JSON.stringify(await buildResult(job, doc)), {
    overwrite: true,
  });
}
