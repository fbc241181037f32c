// File and folder names that are valid on Windows, macOS and Linux alike, and collision-free naming.
import { access } from 'node:fs/promises';
import { join } from 'node:path';

/** Longest name (in UTF-8 bytes) every common file system accepts. */
export const MAX_NAME_BYTES = 255;

const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
// CON, PRN, AUX, NUL, COM0-9, LPT0-9 (also the superscript digits Windows treats as digits), with any extension.
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
const encoder = new TextEncoder();

export const utf8Length = (s: string): number => encoder.encode(s).length;

/** Splits 'report.final.pdf' into ['report.final', '.pdf']; dot-files and names without a dot have no extension. */
export function splitExt(name: string): [stem: string, ext: string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/** Cuts a string to at most `maxBytes` UTF-8 bytes without splitting a code point. */
export function truncateUtf8(s: string, maxBytes: number): string {
  if (utf8Length(s) <= maxBytes) return s;
  let out = '';
  let used = 0;
  for (const cp of s) {
    const n = utf8Length(cp);
    if (used + n > maxBytes) break;
    out += cp;
    used += n;
  }
  return out;
}

const trimEnd = (s: string): string => s.replace(/[. ]+$/u, '');

/**
 * A name safe on every OS: Unicode NFC, forbidden and control characters replaced by '_', no trailing
 * dots or spaces, Windows device names prefixed with '_', at most 255 UTF-8 bytes (the extension kept
 * when it is short), never empty, '.' or '..'.
 */
export function sanitizeName(raw: string, fallback = 'untitled'): string {
  let name = raw.normalize('NFC').replace(FORBIDDEN, '_').trim();
  name = trimEnd(name);
  if (name === '' || /^\.+$/.test(name)) name = fallback;
  if (RESERVED.test(name)) name = `_${name}`;
  return fitName(name, MAX_NAME_BYTES);
}

/** Shortens a (sanitised) name to `maxBytes`, keeping a short extension and no trailing dot/space. */
export function fitName(name: string, maxBytes: number): string {
  if (utf8Length(name) <= maxBytes) return name;
  const [stem, ext] = splitExt(name);
  const keepExt = ext !== '' && utf8Length(ext) <= 16;
  const budget = maxBytes - (keepExt ? utf8Length(ext) : 0);
  const cut = trimEnd(truncateUtf8(keepExt ? stem : name, budget));
  return (cut === '' ? '_' : cut) + (keepExt ? ext : '');
}

/** The stem of a document's name for export files: 'Report 2024.pdf' → 'Report 2024'. */
export function exportStem(fileName: string): string {
  const [stem] = splitExt(sanitizeName(fileName, 'document'));
  return stem === '' ? 'document' : stem;
}

/** 'report.md', 2 → 'report (2).md'; 'report', 3 → 'report (3)' (kept within the length limit). */
export function numberedName(name: string, n: number, isFolder = false): string {
  if (n <= 1) return name;
  const suffix = ` (${n})`;
  const [stem, ext] = isFolder ? [name, ''] : splitExt(name);
  const room = MAX_NAME_BYTES - utf8Length(suffix) - utf8Length(ext);
  return trimEnd(truncateUtf8(stem, room)) + suffix + ext;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Picks a name in `dir` that neither exists on disk nor was handed out before (`taken`, compared
 * case-insensitively because macOS and Windows folders are). Adds the chosen name to `taken`.
 * `companions(name)` lists further names that must be free too (e.g. a Markdown file's images folder).
 */
export async function uniqueName(
  dir: string,
  name: string,
  taken: Set<string>,
  opts: { isFolder?: boolean; companions?: (name: string) => string[] } = {},
): Promise<string> {
  for (let n = 1; n < 100_000; n++) {
    const candidate = numberedName(name, n, opts.isFolder);
    const all = [candidate, ...(opts.companions?.(candidate) ?? [])];
    if (all.some((c) => taken.has(c.toLowerCase()))) continue;
    let free = true;
    for (const c of all)
      if (await exists(join(dir, c))) {
        free = false;
        break;
      }
    if (!free) continue;
    for (const c of all) taken.add(c.toLowerCase());
    return candidate;
  }
  throw new Error(`No free name for ${name} in ${dir}`);
}
