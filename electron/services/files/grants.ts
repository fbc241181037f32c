// Which paths the renderer may name. The renderer is not trusted with the file system: a path it
// sends is read only when the user gave it (a file dialog, a drop — Electron's preload reports those
// itself —, an upload in browser mode, or a folder the person starting the app allowed), and an
// export is written only to a path from the save dialog or into a folder the user picked.
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import { CodedError } from '../../../shared/result.ts';

export interface Grants {
  /** A file, or a folder (everything inside it), the user chose to open. */
  allowRead(path: string): void;
  /** A save target (exact file) or a folder the user picked to write into. */
  allowWrite(path: string, kind: 'file' | 'folder'): void;
  canRead(path: string): boolean;
  canWrite(path: string, kind: 'file' | 'folder'): boolean;
  /** Throws NOT_ALLOWED naming the first path the user did not give. */
  checkRead(paths: readonly string[]): void;
  checkWrite(path: string, kind: 'file' | 'folder'): void;
}

/** The real path when it exists; else the real path of the nearest existing parent plus the rest. */
function real(path: string): string {
  const abs = resolve(path);
  try {
    return realpathSync.native(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : resolve(real(parent), abs.slice(parent.length + 1));
  }
}

const within = (root: string, p: string): boolean => p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);

export function createGrants(initial: { read?: readonly string[]; write?: readonly string[] } = {}): Grants {
  const readRoots = new Set<string>();
  const writeFiles = new Set<string>();
  const writeRoots = new Set<string>();
  const usable = (p: unknown): p is string =>
    typeof p === 'string' && p.length > 0 && !p.includes('\0') && isAbsolute(p);
  const g: Grants = {
    allowRead(path) {
      if (usable(path)) readRoots.add(real(path));
    },
    allowWrite(path, kind) {
      if (usable(path)) (kind === 'file' ? writeFiles : writeRoots).add(real(path));
    },
    canRead(path) {
      if (!usable(path)) return false;
      const p = real(path);
      for (const r of readRoots) if (within(r, p)) return true;
      return false;
    },
    canWrite(path, kind) {
      if (!usable(path)) return false;
      const p = real(path);
      if (kind === 'file' && writeFiles.has(p)) return true;
      for (const r of writeRoots) if (within(r, p)) return true;
      return false;
    },
    checkRead(paths) {
      const bad = paths.find((p) => !g.canRead(p));
      if (bad !== undefined) {
        throw new CodedError(
          'NOT_ALLOWED',
          `${String(bad).slice(0, 200)} was not chosen by you: add files with "Add files" or drag and drop them`,
        );
      }
    },
    checkWrite(path, kind) {
      if (!g.canWrite(path, kind)) {
        throw new CodedError(
          'NOT_ALLOWED',
          `${String(path).slice(0, 200)} was not chosen by you: pick the ${kind === 'file' ? 'file in the save dialog' : 'folder in the folder dialog'}`,
        );
      }
    },
  };
  for (const p of initial.read ?? []) g.allowRead(p);
  for (const p of initial.write ?? []) g.allowWrite(p, 'folder');
  return g;
}
