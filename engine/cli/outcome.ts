// What a CLI runner (in-process or remote) hands back for one file, and how it is written out:
// <out>/<stem>.md, <stem>.json (the outputs.json object), <stem>.zip, plus <stem>_images/ when the
// Markdown links crops of the in-process engine.
import { copyFile, link, mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { OutputFormat } from '../../shared/somark.ts';
import type { ParseResult } from '../../shared/somark-answers.ts';

export interface FileOutcome {
  result: ParseResult;
  pageCount: number;
  /** The bundle's bytes, when zip was requested. */
  zip(): Promise<Uint8Array | null>;
  /** In-process only: where the crops are and the URL prefix they are linked with. */
  local?: { imagesDir: string; imagePrefix: string };
}

export type Runner = (file: string, onProgress: (note: string) => void) => Promise<FileOutcome>;

export async function writeOutcome(
  outDir: string,
  stem: string,
  formats: OutputFormat[],
  o: FileOutcome,
): Promise<string[]> {
  const written: string[] = [];
  // The crops are linked while the Markdown and JSON are made and written (not before: on the IRS manual
  // the 117 links held the writes back by ~20 ms).
  const { relink, copied } = await localImages(outDir, stem, o);
  try {
    const put = async (name: string, data: string | Uint8Array): Promise<void> => {
      await writeFile(join(outDir, name), data);
      written.push(name);
    };
    const { markdown, json } = o.result.outputs;
    if (formats.includes('markdown') && typeof markdown === 'string') await put(`${stem}.md`, relink(markdown));
    if (formats.includes('json') && json) await put(`${stem}.json`, relink(JSON.stringify(json, null, 2)));
    if (formats.includes('zip')) {
      const bytes = await o.zip();
      if (!bytes) throw new Error('the service sent no zip bundle');
      await put(`${stem}.zip`, bytes);
    }
  } finally {
    await copied;
  }
  return written;
}

/** Starts copying the in-process crops next to the outputs; returns the link rewriter and the copy. */
async function localImages(
  outDir: string,
  stem: string,
  o: FileOutcome,
): Promise<{ relink: (s: string) => string; copied: Promise<void> }> {
  if (!o.local || o.result.imgs.length === 0) return { relink: (s) => s, copied: Promise.resolve() };
  const dir = `${stem}_images`;
  await mkdir(join(outDir, dir), { recursive: true });
  // A few at a time (one after another, the IRS manual's 117 crops took 50-130 ms of waiting); a hard
  // link where the output is on the temp dir's file system (the temp dir is removed, the crop stays), a
  // copy elsewhere or over an existing file.
  const names = o.result.imgs.map((url) => basename(url));
  const from = o.local.imagesDir;
  const put = (name: string) =>
    link(join(from, name), join(outDir, dir, name)).catch(() => copyFile(join(from, name), join(outDir, dir, name)));
  const copied = (async () => {
    for (let i = 0; i < names.length; i += 16) await Promise.all(names.slice(i, i + 16).map(put));
  })();
  copied.catch(() => {}); // awaited by writeOutcome; not an unhandled rejection meanwhile
  const prefix = o.local.imagePrefix;
  const local = `./${dir}/`;
  return { relink: (s) => s.replaceAll(prefix, () => local), copied }; // a function: no "$" patterns in a file name
}

/** `<stem>` for a file, made unique within one run. */
export function stemFor(file: string, used: Set<string>): string {
  const base = basename(file).replace(/\.[^.]+$/, '') || 'document';
  let stem = base;
  for (let i = 2; used.has(stem); i++) stem = `${base}-${i}`;
  used.add(stem);
  return stem;
}
