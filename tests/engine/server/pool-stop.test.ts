// Stopping workers that run OCR: the pool asks a worker to end (its job aborts at the next page and the
// onnxruntime sessions are freed) instead of terminating it inside native code, which aborted the whole
// process ("terminate called after throwing an instance of 'Napi::Error'") — the server with it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus, REPO } from './helpers.ts';

function runScript(args: string[]): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', join(REPO, 'tests/engine/server/scripts/stop-during-ocr.ts'), ...args]);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (out += c));
    child.on('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

describe('worker pool', () => {
  it('closing while a scan is recognised ends the job and the workers, not the process', async () => {
    const r = await runScript([corpus('pdf-scanned/nemotron_multipage.pdf')]);
    expect(r.out).not.toContain('Napi::Error');
    expect([r.code, r.signal], r.out).toEqual([0, null]);
    expect(r.out.match(/round \d: .*; pool closed/g)).toHaveLength(4);
  }, 120_000);
});
