// The box LibreOffice runs in. Linux: bubblewrap with no network and none of the host's files but the
// system's programs, libraries, fonts and a few settings (read-only), and its own work folder (its
// profile, the source, the PDF) read-write; else `unshare -n` (no network, files as the engine sees them);
// else nothing (logged once: the package LibreOffice is given has no outside links anyway, clean.ts).
// macOS and Windows: no box here (docs/security.md says what the OS could offer). Always a minimal
// environment: never the engine's keys or anything else of its parent's.
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type SandboxKind = 'bwrap' | 'unshare' | 'none';

export interface Command {
  cmd: string;
  args: string[];
}

/** System folders LibreOffice needs, bound read-only when they exist (no /home, /root, /tmp, /srv, /mnt). */
const SYSTEM = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/opt',
  '/nix/store',
  '/etc/fonts',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/alternatives',
  '/etc/libreoffice',
  '/etc/localtime',
  '/var/cache/fontconfig',
];

/** Parent variables soffice may see (language and fonts); everything else is left behind. */
const KEPT = [
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'FONTCONFIG_FILE',
  'FONTCONFIG_PATH',
  'SystemRoot',
  'SYSTEMROOT',
  'windir',
  'TZ',
];

/** The whole environment soffice gets: HOME and TMPDIR are its own work folder. */
export function sofficeEnv(work: string, parent: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of KEPT) if (parent[k]) env[k] = parent[k]!;
  const win = process.platform === 'win32';
  env.PATH = win ? (parent.PATH ?? parent.Path ?? '') : '/usr/local/bin:/usr/bin:/bin';
  env.HOME = join(work, 'profile');
  env.TMPDIR = env.TEMP = env.TMP = work;
  env.SAL_USE_VCLPLUGIN = 'svp';
  return env;
}

/** The bubblewrap arguments that run `cmd args` with only `work` writable and no network. */
function bwrapArgs(soffice: string, work: string, args: string[]): string[] {
  let program = soffice;
  try {
    program = realpathSync(soffice);
  } catch {
    /* missing: spawning it fails and says so */
  }
  // The program's own install (…/program/soffice: the folder above; else its folder), e.g. under /opt.
  const folder = dirname(program);
  const install = /^(program|MacOS)$/.test(basename(folder)) ? dirname(folder) : folder;
  const ro = (paths: string[]): string[] =>
    paths.filter((p) => p !== '/' && existsSync(p)).flatMap((p) => ['--ro-bind', p, p]);
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    ...ro(SYSTEM),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--tmpfs',
    '/run',
    ...ro([install]),
    '--bind',
    work,
    work,
    '--chdir',
    work,
    '--',
    soffice,
    ...args,
  ];
}

const chosen = new Map<string, Promise<SandboxKind>>();

/** Exit code of `cmd args` (null when it could not start or ran past 60 s). */
function exitOf({ cmd, args }: Command, env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'ignore', env, windowsHide: true });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', () => resolve(null));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** The strongest box this soffice runs in on this machine: tried once per program (`soffice --version`
 * in each, about half a second), and said once in the log when it is less than bubblewrap. */
export function sandboxFor(
  soffice: string,
  log: (line: string) => void = (l) => console.warn(l),
): Promise<SandboxKind> {
  let found = chosen.get(soffice);
  if (!found) {
    found = probe(soffice).then((kind) => {
      if (kind !== 'bwrap' && process.platform === 'linux') {
        log(
          kind === 'unshare'
            ? "LibreOffice runs without network (unshare -n) but sees the host's files: install bubblewrap (bwrap) to limit it to its work folder"
            : 'LibreOffice runs without a sandbox on this machine (no working bwrap or unshare): Office files are converted with their outside links removed',
        );
      }
      return kind;
    });
    chosen.set(soffice, found);
  }
  return found;
}

async function probe(soffice: string): Promise<SandboxKind> {
  if (process.platform !== 'linux') return 'none';
  const work = await mkdtemp(join(tmpdir(), 'docparse-box-'));
  try {
    const args = [`-env:UserInstallation=${pathToFileURL(join(work, 'profile')).href}`, '--headless', '--version'];
    for (const kind of ['bwrap', 'unshare'] as const) {
      if ((await exitOf(boxed(soffice, work, args, kind), sofficeEnv(work))) === 0) return kind;
    }
    return 'none';
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** How to start soffice with `args` in the box this machine offers. */
export function boxed(soffice: string, work: string, args: string[], kind: SandboxKind): Command {
  if (kind === 'bwrap') return { cmd: 'bwrap', args: bwrapArgs(soffice, work, args) };
  if (kind === 'unshare')
    return {
      cmd: 'unshare',
      args: [...(process.getuid?.() === 0 ? [] : ['--map-root-user']), '--net', '--', soffice, ...args],
    };
  return { cmd: soffice, args };
}
