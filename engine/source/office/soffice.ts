// Finds LibreOffice's `soffice` program: an explicit setting, then DOCPARSE_SOFFICE, then PATH, then
// the usual install folders of each OS. An explicit setting that points nowhere means "not installed".
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';

/** Where LibreOffice is installed by default, per platform (first match wins). */
function installFolders(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'win32') {
    const roots = [env.ProgramFiles, env['ProgramFiles(x86)'], 'C:\\Program Files', 'C:\\Program Files (x86)'].filter(
      Boolean,
    ) as string[];
    return roots.map((r) => join(r, 'LibreOffice', 'program', 'soffice.exe'));
  }
  if (platform === 'darwin') {
    const home = env.HOME ? [join(env.HOME, 'Applications/LibreOffice.app/Contents/MacOS/soffice')] : [];
    return ['/Applications/LibreOffice.app/Contents/MacOS/soffice', ...home];
  }
  const opt = listDir('/opt')
    .filter((d) => /^libreoffice/i.test(d))
    .map((d) => join('/opt', d, 'program', 'soffice'));
  return [
    '/usr/bin/soffice',
    '/usr/local/bin/soffice',
    '/usr/lib/libreoffice/program/soffice',
    '/usr/lib64/libreoffice/program/soffice',
    ...opt,
    '/snap/bin/libreoffice',
  ];
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface FindOptions {
  /** A setting naming the program; when given (even empty), nothing else is searched. */
  explicit?: string | null;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

/** The path of a runnable soffice, or null when LibreOffice is not installed (or the setting points nowhere). */
export function findSoffice(opts: FindOptions = {}): string | null {
  const env = opts.env ?? process.env;
  const platform = opts.platform ?? process.platform;
  const explicit = opts.explicit !== undefined ? opts.explicit : env.DOCPARSE_SOFFICE;
  if (explicit !== undefined && explicit !== null) return explicit !== '' && isExecutable(explicit) ? explicit : null;
  const names = platform === 'win32' ? ['soffice.exe', 'soffice.com'] : ['soffice', 'libreoffice'];
  for (const dir of (env.PATH ?? env.Path ?? '').split(delimiter).filter(Boolean)) {
    for (const n of names) if (isExecutable(join(dir, n))) return join(dir, n);
  }
  return installFolders(platform, env).find(isExecutable) ?? null;
}

/** A file named as LibreOffice's program is (soffice, soffice.exe, libreoffice, …). */
const PROGRAM_NAME = /^(soffice|libreoffice)(\.exe|\.com|\.bin)?$/i;

/** The soffice program a user named: the file itself, or inside a folder they picked (LibreOffice's install
 * folder, its program folder, or LibreOffice.app on macOS). Null when there is none there. Only a file named
 * as LibreOffice's program is taken: a setting the app's UI can change must not make the engine run any
 * other program. */
export function resolveSofficePath(path: string, platform: NodeJS.Platform = process.platform): string | null {
  const exe = platform === 'win32' ? ['soffice.exe', 'soffice.com'] : ['soffice', 'libreoffice'];
  let dir = false;
  try {
    dir = statSync(path).isDirectory();
  } catch {
    return null;
  }
  if (!dir) return PROGRAM_NAME.test(basename(path)) && isExecutable(path) ? path : null;
  const inside = [...exe, ...exe.map((e) => join('program', e)), join('Contents', 'MacOS', 'soffice')];
  return inside.map((rel) => join(path, rel)).find(isExecutable) ?? null;
}

/** The 1104 message when LibreOffice is missing: what to install, or where else to send the file. */
export function missingMessage(ext: string): string {
  return `${ext} files need LibreOffice for the local engine, and it is not installed. Install LibreOffice (libreoffice.org; on Debian/Ubuntu: apt install libreoffice-writer libreoffice-calc libreoffice-impress) or, if it is installed elsewhere, point the engine at its soffice program (the app's LibreOffice setting, --soffice or DOCPARSE_SOFFICE), or switch to the SoMark cloud backend`;
}
