// Self-contained JSON: the cached main.json is outputs.json exactly as the service returned it, so its
// `img_url` values (and any image URL inside text fields) point at the service, an address that is gone
// once the app or the local engine stops. These helpers point them at the bundled `images/` files
// (folder and zip exports) or inline them as data URIs (a single JSON file), using the cache's
// URL → 'images/image_NNN.ext' map (CachedResultMeta.images).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CACHE } from '../results/layout.ts';

/** How a JSON export treats image URLs: kept as the service sent them, or made self-contained. */
export type JsonMode = 'service' | 'self-contained';

/** Replaces every known image URL in every string of a JSON value (deep), keeping its shape. */
function relinkValue(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((v) => relinkValue(v, replace));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = relinkValue(v, replace);
    return out;
  }
  return value;
}

/** A string replacer for a URL → target map; longer URLs first so a prefix never eats a longer one. */
function urlReplacer(targets: Record<string, string>): (text: string) => string {
  const urls = Object.keys(targets)
    .filter((u) => u.length > 0)
    .sort((a, b) => b.length - a.length);
  return (text) => {
    if (!text.includes('://')) return text;
    let out = text;
    for (const url of urls) if (out.includes(url)) out = out.split(url).join(targets[url]!);
    return out;
  };
}

/**
 * main.json text with image URLs pointed at `folder/<file>` (relative, '/' separated). `images` maps
 * service URL → 'images/image_001.png' as cached. Unparseable JSON is returned unchanged.
 */
export function relinkJsonText(json: string, images: Record<string, string>, folder: string = CACHE.images): string {
  if (!hasServiceUrls(json, images)) return json;
  const targets: Record<string, string> = {};
  for (const [url, rel] of Object.entries(images)) targets[url] = `${folder}/${rel.replace(/^images\//, '')}`;
  return rewrite(json, targets);
}

/** main.json text with image URLs replaced by data URIs of the cached files (one portable file). */
export async function inlineJsonText(
  json: string,
  images: Record<string, string>,
  resultDir: string,
  mimeOf: (f: string) => string,
): Promise<string> {
  const used = Object.entries(images).filter(([url]) => json.includes(url));
  const targets: Record<string, string> = {};
  for (const [url, rel] of used) {
    try {
      const bytes = await readFile(join(resultDir, rel));
      targets[url] = `data:${mimeOf(rel)};base64,${bytes.toString('base64')}`;
    } catch {
      /* image missing from the cache: the URL stays as the service sent it */
    }
  }
  return rewrite(json, targets);
}

/** Whether a JSON text still holds any of the service's image URLs. */
export const hasServiceUrls = (json: string, images: Record<string, string>): boolean =>
  Object.keys(images).some((url) => url.length > 0 && json.includes(url));

function rewrite(json: string, targets: Record<string, string>): string {
  if (Object.keys(targets).length === 0) return json;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json;
  }
  return JSON.stringify(relinkValue(parsed, urlReplacer(targets)), null, 2);
}
