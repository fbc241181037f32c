// Finding 2 (high): a truncated multipart body — with the file part, or with a part the engine
// skips — must not throw out of the engine. The engine runs in its own process here; after each bad
// request it still answers the next one, and it never crashed.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENGINE_KEY, rawRequest, removeTemps, startEngineProcess, type EngineProcess } from './support.ts';

let engine: EngineProcess;
beforeEach(async () => {
  engine = await startEngineProcess();
});
afterEach(async () => {
  const alive = engine.alive();
  await engine.stop();
  expect(alive, engine.stderr()).toBe(true);
});
afterAll(removeTemps);

const BOUNDARY = '----dpsec';
const part = (name: string, file?: string): string =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n`;

/** A complete HTTP request whose multipart body stops mid-part (no closing boundary): what a no-cors
 *  POST from any web page can send. `short` also promises more bytes than arrive before the close. */
function truncated(body: string, short: boolean): string[] {
  return [
    `POST /api/v1/parse/async HTTP/1.1\r\nHost: 127.0.0.1:${engine.port}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Content-Length: ${Buffer.byteLength(body) + (short ? 100_000 : 0)}\r\nConnection: close\r\n\r\n`,
    body,
  ];
}

async function stillAnswers(): Promise<void> {
  const form = new FormData();
  form.append('api_key', ENGINE_KEY);
  const res = await fetch(`${engine.url}/usage`, { method: 'POST', body: form });
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

describe('truncated multipart bodies', () => {
  it.each([
    ['the file part (key first)', `${part('api_key')}${ENGINE_KEY}\r\n${part('file', 'a.pdf')}%PDF-1.7 partial`],
    ['a skipped file part', `${part('api_key')}${ENGINE_KEY}\r\n${part('other', 'x.bin')}junk junk`],
    [
      'a second file part',
      `${part('api_key')}${ENGINE_KEY}\r\n${part('file', 'a.pdf')}%PDF\r\n${part('file', 'b.pdf')}more`,
    ],
    ['a field, no key', `${part('page_range')}1-`],
  ])('%s: the engine stays up and answers the next request', async (_name, body) => {
    await rawRequest(engine.port, truncated(body, false), { ms: 3000, halfClose: false });
    await new Promise((r) => setTimeout(r, 200)); // let an uncaught error (if any) take the process down
    expect(engine.alive(), engine.stderr()).toBe(true);
    await rawRequest(engine.port, truncated(body, true), { ms: 3000 });
    await new Promise((r) => setTimeout(r, 200)); // let an uncaught error (if any) take the process down
    expect(engine.alive(), engine.stderr()).toBe(true);
    await stillAnswers();
  });
});
