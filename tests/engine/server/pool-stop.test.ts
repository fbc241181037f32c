// Stopping workers that run OCR: the pool asks a worker to end (its job aborts at the next page and the
// onnxruntime sessions are freed) instead of terminating it inside native code, which aborted the whole
// process ("terminate called after throwing an instance of 'Napi::Error'") — the server with it; nor
// is one stopped over its budget terminated while inside native inference.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus, REPO } from './helpers.ts';

function runScript(
  args: string[],
  script = 'stop-during-ocr.ts',
): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [
      '--disable-warning=ExperimentalWarning',
      join(REPO, 'tests/engine/server/scripts', script),
      ...args,
    ]);
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

  it('a job stopped over its CPU budget inside inference, with no grace: its worker is not terminated there', async () => {
    // Without the native guard (engine/ocr/native-guard.ts) this aborted the process with
    // "terminate called after throwing an instance of 'Napi::Error'" in 3 runs of 4.
    const r = await runScript([corpus('pdf-scanned/nemotron_multipage.pdf')], 'budget-during-ocr.ts');
    expect(r.out).not.toContain('Napi::Error');
    expect([r.code, r.signal], r.out).toEqual([0, null]);
    expect(r.out).toMatch(/round 1: rejected: Page 1 used more than 300 ms of processor time and was stopped/);
    expect(r.out).toContain('pool closed');
  }, 120_000);
});
