// Issue 23, the server parts of finding 5 (low), against the engine CLI in its own process: a late key and
// a slow body are answered 408 and closed; a JSON body is refused past 64 KiB before its key; /files
// answers carry `Content-Security-Policy: sandbox` and nosniff.
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSync, removeTemps, startEngineProcess, type EngineProcess } from './support.ts';

const SMALL_PDF = fileURLToPath(new URL('../../../shared/corpus/pdf-digital/two_paragraphs.pdf', import.meta.url));
let engine: EngineProcess;
beforeAll(async () => {
  engine = await startEngineProcess();
});
afterAll(async () => {
  const alive = engine.alive();
  await engine.stop();
  await removeTemps();
  expect(alive, engine.stderr()).toBe(true);
});

/** Sends `head` and `body` (not ending the request) and resolves with what the server answers within `ms`. */
function answerWithin(head: string, body: string, ms: number): Promise<string> {
  return new Promise((resolve) => {
    let got = '';
    const req = request(
      `${engine.url}/usage`,
      { method: 'POST', agent: false, headers: JSON.parse(head) as Record<string, string> },
      (res) => {
        res.on('data', (c: Buffer) => (got += c.toString()));
        res.on('end', () => finish());
      },
    );
    const finish = (): void => {
      clearTimeout(timer);
      req.destroy();
      resolve(got);
    };
    const timer = setTimeout(finish, ms);
    req.on('error', finish);
    req.flushHeaders();
    if (body) req.write(body);
  });
}

describe('finding 5: before the key and on /files', () => {
  it('a JSON body is refused past 64 KiB before it ends (declared or sent), not buffered up to 1 MB', async () => {
    const declared = await answerWithin(
      JSON.stringify({ 'content-type': 'application/json', 'content-length': '900000' }),
      '',
      8000,
    );
    expect(declared).toContain('The JSON body is larger than 64');
    const sent = await answerWithin(
      JSON.stringify({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' }),
      `{"pad":"${'a'.repeat(200 * 1024)}`,
      8000,
    );
    expect(sent).toContain('The JSON body is larger than 64');
  });

  it('files under /files are sent with Content-Security-Policy: sandbox and nosniff', async () => {
    const body = await parseSync(engine.url, SMALL_PDF, 'zip');
    expect(body.code, body.message).toBe(0);
    const res = await fetch(body.data.result.outputs.zip);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
