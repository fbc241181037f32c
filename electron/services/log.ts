// Main-process log: one line per event in <dataDir>/logs/main.log (and stderr with DOCPARSE_LOG=stderr).
// Lines carry the local request id (req_…) and the remote task id. Secrets never reach it: callers
// never pass them, and every line is scrubbed of the current secrets and anything shaped like a key.
import { appendFile, mkdir, rename, stat } from 'node:fs/promises';
import { dataPaths } from './data-dir.ts';

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
  /** Resolves when every line so far is on disk. */
  flush(): Promise<void>;
}

const MAX_LOG_BYTES = 5 * 1024 * 1024;
const KEY_SHAPE = /sk-[A-Za-z0-9_-]{8,}/g;

export function createLogger(dataDir: string, secrets: () => Array<string | null>): Logger {
  const { logs: dir, log: file } = dataPaths(dataDir);
  const toStderr = process.env.DOCPARSE_LOG === 'stderr';
  let chain: Promise<void> = mkdir(dir, { recursive: true })
    .then(async () => {
      const st = await stat(file).catch(() => null);
      if (st && st.size > MAX_LOG_BYTES) await rename(file, `${file}.1`);
    })
    .catch(() => {});

  const scrub = (line: string): string => {
    let out = line.replace(KEY_SHAPE, 'sk-[redacted]');
    for (const s of secrets()) if (s && s.length >= 8) out = out.split(s).join('[redacted]');
    return out;
  };
  const write = (level: string, msg: string): void => {
    const line = `${scrub(`${new Date().toISOString()} ${level} ${msg.replace(/[\r\n]+/g, ' ')}`)}\n`;
    if (toStderr) process.stderr.write(line);
    chain = chain.then(() => appendFile(file, line, { mode: 0o600 })).catch(() => {});
  };
  return {
    info: (m) => write('INFO ', m),
    warn: (m) => write('WARN ', m),
    error: (m) => write('ERROR', m),
    flush: () => chain,
  };
}

export const nullLogger: Logger = { info() {}, warn() {}, error() {}, flush: async () => {} };
