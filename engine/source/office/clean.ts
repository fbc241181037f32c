// The copy of an Office package LibreOffice is given: only the parts the package's relationships reach,
// copied byte for byte (each inflated once only to check it is the size its directory declares), and every .rels part rewritten without the relationships that
// point outside the package — external images, OLE objects, templates, frames, subdocuments, and `file:`
// or `..` targets. Hyperlinks to http(s)/mailto stay (a PDF link, never fetched by a conversion), but only
// when nothing but a hyperlink element names them. So the converted PDF is the same with or without the
// sandbox around LibreOffice (sandbox.ts): it has nothing outside the package to read.
import { open } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';
import { PART_CAP, parseRels, resolveTarget, sourceOf, type OfficePackage, type Relationship } from './package.ts';
import { checkDeclaredSize, dataOffset, inflateEntry, type ZipEntry } from './zip-read.ts';

/** Elements that only link (a click target in the PDF), never load what they name. */
const LINK_ELEMENTS = /^(?:\w+:)?(?:hyperlink|hlinkClick|hlinkHover|hlinkMouseOver)$/;
const RELATIONSHIP_TAG = /<(?:\w+:)?Relationship\b[^>]*?(?:\/>|>\s*<\/(?:\w+:)?Relationship>)/g;

const escRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when every element of `xml` that names `id` in an attribute is a hyperlink element. */
function onlyLinksName(xml: string, id: string): boolean {
  const uses = new RegExp(`<([\\w:.-]+)\\b[^>]*?\\s[\\w:.-]+\\s*=\\s*(?:"${escRe(id)}"|'${escRe(id)}')`, 'g');
  return [...xml.matchAll(uses)].every((m) => LINK_ELEMENTS.test(m[1]!));
}

/** Whether a relationship stays in the copy LibreOffice sees. */
function keeps(r: Relationship, source: string, sourceXml: () => string): boolean {
  if (!r.external) return resolveTarget(source, r.target) !== null;
  if (!/\/hyperlink$/.test(r.type) || !/^(?:https?|mailto):/i.test(r.target.trim())) return false;
  return onlyLinksName(sourceXml(), r.id);
}

/** A .rels part without the relationships LibreOffice must not follow; null when nothing was removed. */
function cleanRels(pkg: OfficePackage, relsName: string, xml: string): { xml: string; removed: number } | null {
  const source = sourceOf(relsName);
  let cached: string | null = null;
  const sourceXml = (): string => {
    const e = pkg.entries.get(source);
    return (cached ??= e ? Buffer.from(inflateEntry(pkg.src, e, PART_CAP)).toString('utf8') : '');
  };
  let removed = 0;
  const out = xml.replace(RELATIONSHIP_TAG, (tag) => {
    const [r] = parseRels(tag);
    if (r && keeps(r, source, sourceXml)) return tag;
    removed++;
    return '';
  });
  return removed ? { xml: out, removed } : null;
}

interface Written {
  e: ZipEntry;
  offset: number;
  flags: number;
}

function header(sig: number, e: ZipEntry, flags: number, name: Buffer, central: number | null): Buffer {
  const h = Buffer.alloc(central === null ? 30 : 46);
  let p = 0;
  h.writeUInt32LE(sig, p);
  if (central !== null) h.writeUInt16LE(20, (p += 4)); // made by
  h.writeUInt16LE(20, (p += central === null ? 4 : 2)); // needed
  h.writeUInt16LE(flags, (p += 2));
  h.writeUInt16LE(e.method, (p += 2));
  h.writeUInt32LE(0x00210000, (p += 2)); // 1980-01-01 00:00
  h.writeUInt32LE(e.crc >>> 0, (p += 4));
  h.writeUInt32LE(e.compressedSize, (p += 4));
  h.writeUInt32LE(e.size, (p += 4));
  h.writeUInt16LE(name.length, (p += 4));
  if (central !== null) h.writeUInt32LE(central, 42); // local header offset (comment, disk, attrs: 0)
  return h;
}

/** Writes the cleaned copy of `pkg` to `dest`; answers how many relationships were removed. */
export async function writeCleanPackage(pkg: OfficePackage, dest: string): Promise<number> {
  const out = await open(dest, 'w');
  let pos = 0;
  let removed = 0;
  const put = async (b: Uint8Array): Promise<void> => {
    await out.write(b, 0, b.length, pos);
    pos += b.length;
  };
  const written: Written[] = [];
  try {
    for (const e of pkg.reached) {
      const name = Buffer.from(e.name, 'utf8');
      const flags = 0x800; // UTF-8 names; sizes in the header, no data descriptor
      const cleaned = pkg.rels.has(e.name)
        ? cleanRels(pkg, e.name, Buffer.from(inflateEntry(pkg.src, e, PART_CAP)).toString('utf8'))
        : null;
      if (cleaned) {
        removed += cleaned.removed;
        const data = Buffer.from(cleaned.xml, 'utf8');
        const packed = deflateRawSync(data);
        const entry = { ...e, method: 8, crc: crc32(data), compressedSize: packed.length, size: data.length };
        written.push({ e: entry, offset: pos, flags });
        await put(Buffer.concat([header(0x04034b50, entry, flags, name, null), name, packed]));
        continue;
      }
      await checkDeclaredSize(pkg.src, e);
      written.push({ e, offset: pos, flags });
      await put(Buffer.concat([header(0x04034b50, e, flags, name, null), name]));
      const from = dataOffset(pkg.src, e);
      for (let done = 0; done < e.compressedSize; done += 1048576)
        await put(pkg.src.read(from + done, Math.min(1048576, e.compressedSize - done)));
    }
    const cdStart = pos;
    for (const w of written) {
      const name = Buffer.from(w.e.name, 'utf8');
      await put(Buffer.concat([header(0x02014b50, w.e, w.flags, name, w.offset), name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(written.length, 8);
    end.writeUInt16LE(written.length, 10);
    end.writeUInt32LE(pos - cdStart, 12);
    end.writeUInt32LE(cdStart, 16);
    await put(end);
  } finally {
    await out.close();
  }
  return removed;
}
