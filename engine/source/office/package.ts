// An Office Open XML package as the engine trusts it: only the parts its relationships reach (from
// _rels/.rels on), each capped in size, and the sum capped too; what kind of document its main part is
// (Word, Excel, PowerPoint) checked against the file's extension, so an OpenDocument or other zip under an
// Office name never reaches LibreOffice. Nothing is inflated but the .rels parts and [Content_Types].xml.
import { EngineError, ErrorCodes } from '../../errors.ts';
import { inflateEntry, listEntries, mib, type ByteSource, type ZipEntry } from './zip-read.ts';

/** An XML or media part may unpack to this much at most. */
export const PART_CAP = 128 * 1048576;
/** All the parts a package reaches may unpack to this much at most, together. */
export const PACKAGE_CAP = 512 * 1048576;
/** A .rels part or [Content_Types].xml is small; a larger one is refused. */
const RELS_CAP = 8 * 1048576;
export const CONTENT_TYPES = '[Content_Types].xml';

export type Family = 'word' | 'sheet' | 'slides';
const FAMILY_OF_EXT: Record<string, Family> = {
  '.doc': 'word',
  '.docx': 'word',
  '.xls': 'sheet',
  '.xlsx': 'sheet',
  '.xlsm': 'sheet',
  '.ppt': 'slides',
  '.pptx': 'slides',
};
const FAMILY_NAME: Record<Family, string> = {
  word: 'a Word document',
  sheet: 'an Excel workbook',
  slides: 'a PowerPoint presentation',
};

export interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
}

export interface OfficePackage {
  src: ByteSource;
  /** Every entry the zip lists, by name. */
  entries: Map<string, ZipEntry>;
  /** The parts reached from _rels/.rels (the .rels parts and [Content_Types].xml included), in zip order. */
  reached: ZipEntry[];
  /** Each reached .rels part's relationships, by the .rels part's name. */
  rels: Map<string, Relationship[]>;
  family: Family;
}

const attr = (tag: string, name: string): string | undefined =>
  tag
    .match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`))
    ?.slice(1)
    .find((v) => v !== undefined);
const decode = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function parseRels(xml: string): Relationship[] {
  return [...xml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)].map(([tag]) => ({
    id: decode(attr(tag, 'Id') ?? ''),
    type: decode(attr(tag, 'Type') ?? ''),
    target: decode(attr(tag, 'Target') ?? ''),
    external: /^external$/i.test(attr(tag, 'TargetMode') ?? ''),
  }));
}

/** The .rels part of a part ('word/document.xml' → 'word/_rels/document.xml.rels'; '' → '_rels/.rels'). */
export const relsOf = (part: string): string => {
  const cut = part.lastIndexOf('/') + 1;
  return `${part.slice(0, cut)}_rels/${part.slice(cut)}.rels`;
};
/** The part a .rels part belongs to (the inverse of relsOf). */
export const sourceOf = (rels: string): string => rels.replace(/(^|\/)_rels\/([^/]*)\.rels$/, '$1$2');

/** An internal target as a part name, or null when it has a scheme or climbs out of the package. */
export function resolveTarget(source: string, target: string): string | null {
  let t: string;
  try {
    t = decodeURIComponent(target.split('#')[0]!);
  } catch {
    return null;
  }
  if (/^[a-z][\w+.-]*:/i.test(t) || t.startsWith('//') || t.includes('\\')) return null;
  const parts = t.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const seg of t.split('/')) {
    if (seg === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else if (seg && seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

const textOf = (src: ByteSource, e: ZipEntry): string => Buffer.from(inflateEntry(src, e, RELS_CAP)).toString('utf8');

/** The package's parts reached from _rels/.rels, each .rels part's relationships, and the caps checked. */
export function walkPackage(src: ByteSource): Omit<OfficePackage, 'family'> {
  const list = listEntries(src);
  const entries = new Map(list.map((e) => [e.name, e]));
  const byLower = new Map(list.map((e) => [e.name.toLowerCase(), e]));
  const reached = new Set<ZipEntry>(entries.has(CONTENT_TYPES) ? [entries.get(CONTENT_TYPES)!] : []);
  const rels = new Map<string, Relationship[]>();
  const queue = [''];
  for (let source = queue.shift(); source !== undefined; source = queue.shift()) {
    const relsEntry = byLower.get(relsOf(source).toLowerCase());
    if (!relsEntry || rels.has(relsEntry.name)) continue;
    reached.add(relsEntry);
    const found = parseRels(textOf(src, relsEntry));
    rels.set(relsEntry.name, found);
    for (const r of found) {
      const name = r.external ? null : resolveTarget(source, r.target);
      const part = name === null ? undefined : byLower.get(name.toLowerCase());
      if (part && !reached.has(part)) {
        reached.add(part);
        queue.push(part.name);
      }
    }
  }
  let total = 0;
  for (const e of reached) {
    if (e.size > PART_CAP)
      throw new EngineError(
        ErrorCodes.TOO_LARGE,
        `The Office file's part ${e.name} unpacks to ${mib(e.size)}, more than the limit of ${mib(PART_CAP)} per part; the file is refused (split the document, or upload a PDF of it)`,
      );
    total += e.size;
  }
  if (total > PACKAGE_CAP)
    throw new EngineError(
      ErrorCodes.TOO_LARGE,
      `The Office file unpacks to ${mib(total)}, more than the limit of ${mib(PACKAGE_CAP)}; the file is refused (split the document, or upload a PDF of it)`,
    );
  return { src, entries, reached: list.filter((e) => reached.has(e)), rels };
}

/** Reads the package's directory, walks its relationships and checks it is the kind its extension names. */
export function openOfficePackage(src: ByteSource, fileName: string, ext: string): OfficePackage {
  const want = FAMILY_OF_EXT[ext] ?? 'word';
  const names = new Set(listEntries(src).map((e) => e.name));
  if (!names.has('_rels/.rels') || !names.has(CONTENT_TYPES)) {
    const odf = names.has('META-INF/manifest.xml') || names.has('mimetype');
    throw new EngineError(
      ErrorCodes.UNSUPPORTED_TYPE,
      `${fileName} is not ${FAMILY_NAME[want]}: it is ${odf ? 'an OpenDocument file' : 'a zip archive'} named ${ext}. ${odf ? `Save it as ${ext} from LibreOffice (or export it to PDF) and upload that` : 'Upload the document itself, or a PDF of it'}`,
    );
  }
  const pkg = walkPackage(src);
  const family = familyOf(src, pkg.entries, pkg.rels.get('_rels/.rels') ?? []);
  if (family !== want) {
    const what = family ? FAMILY_NAME[family] : 'an Office package without a document';
    throw new EngineError(
      ErrorCodes.UNSUPPORTED_TYPE,
      `${fileName} is ${what}, not ${FAMILY_NAME[want]}: give it the extension of what it is and upload it again`,
    );
  }
  return { ...pkg, family };
}

/** The kind of document the package's main part is, from its content type. */
function familyOf(src: ByteSource, entries: Map<string, ZipEntry>, root: Relationship[]): Family | null {
  const main = root.find((r) => /\/officeDocument$/.test(r.type) && !r.external);
  const name = main ? resolveTarget('', main.target) : null;
  if (!name) return null;
  const types = textOf(src, entries.get(CONTENT_TYPES)!);
  const tags = [...types.matchAll(/<(?:\w+:)?(Override|Default)\b[^>]*>/g)].map((m) => m[0]);
  const override = tags.find(
    (t) =>
      decode(attr(t, 'PartName') ?? '')
        .replace(/^\//, '')
        .toLowerCase() === name.toLowerCase(),
  );
  const byExt = tags.find(
    (t) =>
      /Default/.test(t.slice(0, 12)) &&
      (attr(t, 'Extension') ?? '').toLowerCase() === name.split('.').pop()!.toLowerCase(),
  );
  const type = attr(override ?? byExt ?? '', 'ContentType') ?? '';
  if (/wordprocessingml|ms-word/i.test(type)) return 'word';
  if (/spreadsheetml|ms-excel/i.test(type)) return 'sheet';
  if (/presentationml|ms-powerpoint/i.test(type)) return 'slides';
  return null;
}
