// Expands dropped paths: folders recursively (hidden entries skipped, symlinked folders followed once,
// so loops end), files as they are. Missing paths are kept so their check reports them.
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Guard against runaway folders (a drop of `/`). */
const MAX_EXPANDED_FILES = 10_000;

export async function expandPaths(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  const seenDirs = new Set<string>();
  const seenFiles = new Set<string>();

  const add = (p: string): void => {
    if (!seenFiles.has(p) && out.length < MAX_EXPANDED_FILES) {
      seenFiles.add(p);
      out.push(p);
    }
  };

  async function walk(dir: string): Promise<void> {
    let real: string;
    try {
      real = await realpath(dir);
    } catch {
      return;
    }
    if (seenDirs.has(real)) return; // a symlink loop or the same folder twice
    seenDirs.add(real);
    let names: string[];
    try {
      names = (await readdir(dir)).sort((a, b) => a.localeCompare(b));
    } catch {
      add(dir); // unreadable folder: report it as such
      return;
    }
    for (const name of names) {
      if (name.startsWith('.') || out.length >= MAX_EXPANDED_FILES) continue;
      const p = join(dir, name);
      const st = await stat(p).catch(() => null); // follows symlinks; dangling ones are skipped
      if (!st) continue;
      if (st.isDirectory()) await walk(p);
      else if (st.isFile()) add(p);
    }
  }

  for (const raw of paths) {
    if (typeof raw !== 'string' || raw === '') continue;
    const p = resolve(raw);
    const st = await stat(p).catch(() => null);
    if (st?.isDirectory()) await walk(p);
    else add(p);
  }
  return out;
}
