// Browser mode for the viewer benches: starts `npm run web` (scripts/web.mjs → electron/web/server.ts) on a
// data folder and gives its URL; the Chromium they drive; a process's resident memory; percentiles; and
// the command line's flags (--no-build, --static-dir DIR and the benches' own).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const arg = (name: string, dflt: string | null = null): string | null => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (process.argv[i + 1] ?? dflt);
};
export const flag = (name: string) => process.argv.includes(`--${name}`);

export async function startWeb(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const args = [join(ROOT, 'scripts', 'web.mjs'), '--port', '0', '--data-dir', dataDir];
  if (flag('no-build')) args.push('--no-build');
  const staticDir = arg('static-dir');
  if (staticDir) args.push('--static-dir', staticDir);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, DOCPARSE_WEB_EXIT_ON_STDIN_END: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm run web did not start:\n${out}`)), 180_000);
    const on = (c: Buffer) => {
      out += c.toString();
      const m = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]!);
      }
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    child.once('exit', () => fail(new Error(`npm run web exited:\n${out}`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
}

/** Resident memory of a process (Linux /proc), in MB; 0 when it is gone or unreadable. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
