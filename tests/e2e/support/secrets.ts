// Helpers for the secret-leak e2e suite: a unique key, a binary-safe search of a folder, a V8 heap
// snapshot of the page through CDP, and a private Secret Service (tests/support/with-keyring.sh) whose
// D-Bus address the browser-mode server can be given through appOptions.env.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from './web-app.ts';

/** A key the service's format accepts and that cannot occur anywhere by chance. */
export function uniqueKey(): string {
  return `sk-${randomBytes(20).toString('hex')}`;
}

/**
 * The forms a leak could take: the key itself, its random body (if "sk-" was stored apart), each half
 * of the body (if a string was split), and the key as UTF-16 and base64 (binary-safe file search).
 */
export function keyForms(key: string): Map<string, Buffer> {
  const body = key.slice(3);
  const half = Math.floor(body.length / 2);
  return new Map<string, Buffer>([
    ['key (utf-8)', Buffer.from(key, 'utf8')],
    ['key body', Buffer.from(body, 'utf8')],
    ['key body, first half', Buffer.from(body.slice(0, half), 'utf8')],
    ['key body, second half', Buffer.from(body.slice(half), 'utf8')],
    ['key (utf-16le)', Buffer.from(key, 'utf16le')],
    ['key (base64)', Buffer.from(Buffer.from(key, 'utf8').toString('base64'), 'utf8')],
  ]);
}

/** Which of `forms` occur in `data` (a text or a file's bytes). */
export function formsIn(data: string | Buffer, forms: Map<string, Buffer>): string[] {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return [...forms].filter(([, needle]) => bytes.includes(needle)).map(([name]) => name);
}

export interface FolderHit {
  file: string;
  forms: string[];
}

/** Reads every regular file under `dir` (recursively) as bytes; returns the files holding any form. */
export async function searchFolder(
  dir: string,
  forms: Map<string, Buffer>,
): Promise<{ files: number; hits: FolderHit[] }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const hits: FolderHit[] = [];
  let files = 0;
  for (const e of entries) {
    if (!e.isFile()) continue;
    const file = join(e.parentPath, e.name);
    const bytes = await readFile(file).catch(() => null); // a file may vanish while we walk
    if (!bytes) continue;
    files++;
    const found = formsIn(bytes, forms);
    if (found.length) hits.push({ file, forms: found });
  }
  return { files, hits };
}

/** A heap snapshot of the page's JS heap (V8 collects garbage first), as the JSON text DevTools saves. */
export async function heapSnapshot(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => chunks.push(e.chunk));
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    await cdp.send('HeapProfiler.disable');
  } finally {
    await cdp.detach();
  }
  return chunks.join('');
}

export interface Keyring {
  /** Environment that points a process at the private session bus. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts a private D-Bus session with an unlocked gnome-keyring (tests/support/with-keyring.sh) and
 * keeps it until stop(). Null when dbus-run-session or gnome-keyring-daemon is missing.
 */
export async function startKeyring(timeoutMs = 20_000): Promise<Keyring | null> {
  const script = join(REPO_ROOT, 'tests', 'support', 'with-keyring.sh');
  // Inside the session: print the bus address, then hold it open until our stdin closes.
  const inner = 'printf "BUS=%s\\n" "$DBUS_SESSION_BUS_ADDRESS"; exec cat >/dev/null';
  const proc = spawn('sh', [script, 'sh', '-c', inner], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const stop = async (): Promise<void> => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.stdin.end();
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`with-keyring.sh printed no bus address:\n${err}`)), timeoutMs);
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^BUS=(.*)$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.trim());
      }
    });
    proc.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`with-keyring.sh exited early:\n${err}`));
    });
  }).catch(async (e: unknown) => {
    await stop();
    throw e;
  });
  if (!address) {
    await stop(); // the script ran without a keychain: the tools are missing
    return null;
  }
  return { env: { DBUS_SESSION_BUS_ADDRESS: address }, stop };
}
