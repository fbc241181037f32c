// The box LibreOffice runs in. Linux: bubblewrap with no network and none of the host's files but the
// system's programs, libraries, fonts and a few settings (read-only), and its own work folder (its
// profile, the source, the PDF) read-write; else `unshare -n` (no network, files as the engine sees them);
// else nothing (logged once: the package LibreOffice is given has no outside links anyway, clean.ts).
// macOS and Windows: no box here (docs/security.md says what the OS could offer). Always a minimal
// environment: never the engine's keys or anything else of its parent's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export type SandboxKind = 'bwrap' | 'unshare' | 'none';

export interface Command {
  cmd: string;
  args: string[];
}

/** System folders LibreOffice needs, bound read-only when they exist (no /home, /root, /tmp, /srv, /mnt). */
const SYSTEM = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/opt', '/nix/store', '/etc/fonts', '/etc/ld.so.cache',
  '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/alternatives', '/etc/libreoffice', '/etc/localtime', '/var/cache/fontconfig'];

/** Parent variables soffice may see (language and fonts); everything else is left behind. */
const KEPT = ['LANG', 'LANGUAGE', 'LC_ALL', 'LC_CTYPE', 'FONTCONFIG_FILE', 'FONTCONFIG_PATH', 'SystemRoot', 'SYSTEMROOT', 'windir', 'TZ'];

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
export function bwrapArgs(soffice: string, work: string, args: string[]): string[] {
  const binds: string[] = [];
  const program = realpathSync(soffice);
  // The program's own folder (an install outside the system folders, e.g. /opt or an unpacked tarball).
  const install = dirname(dirname(program));
  for (const p of [...SYSTEM, ...(install === '/' ? [] : [install])]) if (existsSync(p)) binds.push('--ro-bind', p, p);
  return [
    '--unshare-all', '--die-with-parent', '--new-session', '--cap-drop', 'ALL',
    ...binds, '--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--tmpfs', '/run',
    '--bind', work, work, '--chdir', work, '--', soffice, ...args,
  ];
}

let chosen: SandboxKind | null = null;

/** Which box works on this machine (tried once, with a real bubblewrap run). */
export function sandboxKind(log: (line: string) => void = (l) => console.warn(l)): SandboxKind {
  if (chosen) return chosen;
  chosen = 'none';
  if (process.platform === 'linux') {
    const probe = mkdtempSync(join(tmpdir(), 'docparse-box-'));
    try {
      const ok = (cmd: string, args: string[]): boolean => spawnSync(cmd, args, { stdio: 'ignore', timeout: 10_000, env: sofficeEnv(probe) }).status === 0;
      const root = process.getuid?.() === 0;
      if (ok('bwrap', bwrapArgs('/bin/sh', probe, ['-c', 'test -w .']))) chosen = 'bwrap';
      else if (ok('unshare', [...(root ? [] : ['--map-root-user']), '--net', '--', 'true'])) chosen = 'unshare';
    } finally {
      rmSync(probe, { recursive: true, force: true });
    }
  }
  if (chosen !== 'bwrap') {
    log(chosen === 'unshare'
      ? 'LibreOffice runs without network (unshare -n) but sees the host\'s files: install bubblewrap (bwrap) to limit it to its work folder'
      : 'LibreOffice runs without a sandbox on this machine (no working bwrap or unshare): Office files are converted with their outside links removed');
  }
  return chosen;
}

/** How to start soffice with `args` in the box this machine offers. */
export function boxed(soffice: string, work: string, args: string[], kind: SandboxKind): Command {
  if (kind === 'bwrap') return { cmd: 'bwrap', args: bwrapArgs(soffice, work, args) };
  if (kind === 'unshare') return { cmd: 'unshare', args: [...(process.getuid?.() === 0 ? [] : ['--map-root-user']), '--net', '--', soffice, ...args] };
  return { cmd: soffice, args };
}

/** For tests: forget the machine's box, so the next conversion tries again. */
export function resetSandbox(kind: SandboxKind | null = null): void {
  chosen = kind;
}
