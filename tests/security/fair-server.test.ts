// Issue 23, finding 2 (medium), against the engine CLI in its own process: 260 slow connections without a
// key (from other loopback addresses, or from the victim's own) and 260 held long polls with a key must not
// lock another caller out — a normal keyed request answers within 10 s. (Finding 5's server parts:
// late-key.test.ts.)
import { openAsBlob } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_KEY, parseSync, removeTemps, startEngineProcess, type EngineProcess } from './support.ts';
import { BOUNDARY, crowd, keylessUpload, timedPost, until, type Crowd } from './slow-clients.ts';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const SLOW_PDF = join(CORPUS, 'large/irs-manual-400p.pdf');
const SMALL_PDF = join(CORPUS, 'pdf-digital/two_paragraphs.pdf');
/** Other source addresses on the loopback interface: 127.0.0.2 … 127.0.0.9. */
const OTHERS = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);

/** A second accepted key: another caller than the one holding ENGINE_KEY's share. */
const OTHER_KEY = 'sk-security-another-caller-0123';
let engine: EngineProcess;
const crowds: Crowd[] = [];
beforeAll(async () => {
  engine = await startEngineProcess(['--max-pages', '500', '--api-key', OTHER_KEY]);
});
afterEach(() => {
  for (const c of crowds.splice(0)) c.stop();
});
afterAll(async () => {
  const alive = engine.alive();
  await engine.stop();
  await removeTemps();
  expect(alive, engine.stderr()).toBe(true);
});

const usage = (from = '127.0.0.1', key = ENGINE_KEY) => timedPost(`${engine.url}/usage`, { api_key: key }, from);
const start = (c: Crowd): Crowd => {
  crowds.push(c);
  return c;
};

async function submit(path: string): Promise<string> {
  const form = new FormData();
  form.append('api_key', ENGINE_KEY);
  form.append('output_formats', 'json');
  form.append('file', await openAsBlob(path), path.split('/').pop());
  const body = (await (await fetch(`${engine.url}/parse/async`, { method: 'POST', body: form })).json()) as {
    code: number;
    message: string;
    data: { task_id: string };
  };
  expect(body.code, body.message).toBe(0);
  return body.data.task_id;
}

describe('slow clients without a key', () => {
  it('260 trickling from eight other addresses, reconnecting when dropped: a keyed request answers within 10 s', async () => {
    const attack = start(
      crowd({ port: engine.port, from: OTHERS, count: 260, head: keylessUpload, reconnect: true, maxOpen: 3000 }),
    );
    expect(await until(() => attack.opened() >= 260, 10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1000)); // every attacker connected and holding
    const got = await usage();
    const t0 = performance.now();
    const parsed = await parseSync(engine.url, SMALL_PDF);
    console.log(
      `beside 260 slow keyless connections from 8 addresses (${attack.opened()} attacker connections opened): keyed /usage ${got.ms} ms, a sync parse ${Math.round(performance.now() - t0)} ms`,
    );
    expect(got.code, got.body).toBe(0);
    expect(got.ms).toBeLessThan(10_000);
    expect(parsed.code, parsed.message).toBe(0);
  });

  it('260 trickling from the victim’s own address: a keyed request from it answers within 10 s', async () => {
    const attack = start(crowd({ port: engine.port, from: ['127.0.0.1'], count: 260, head: keylessUpload }));
    expect(await until(() => attack.opened() >= 260, 10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    const got = await usage();
    console.log(`keyed /usage beside 260 slow keyless connections from its own address: ${got.ms} ms`);
    expect(got.code, got.body).toBe(0);
    expect(got.ms).toBeLessThan(10_000);
  });

  it('a connection without its key in 10 s, and a keyed body slower than 1 KB/s, are answered 408 and closed', async () => {
    const noKey = start(crowd({ port: engine.port, from: ['127.0.0.2'], count: 1, head: keylessUpload, maxOpen: 1 }));
    const keyedHead = (port: number): string =>
      `${keylessUpload(port)}json\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="api_key"\r\n\r\n${ENGINE_KEY}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const slow = start(crowd({ port: engine.port, from: ['127.0.0.3'], count: 1, head: keyedHead, maxOpen: 1 }));
    // Both trickle one byte per 2 s: the deadline is 10 s, the rate window 10 s (checked each second).
    const done = (c: Crowd) => (c.answers()[0] ?? '').includes('}');
    expect(await until(() => done(noKey) && done(slow), 40_000)).toBe(true);
    expect(noKey.answers()[0]).toMatch(/^HTTP\/1\.1 408/);
    expect(noKey.answers()[0]).toContain('No API key within 10 s');
    expect(slow.answers()[0]).toMatch(/^HTTP\/1\.1 408/);
    expect(slow.answers()[0]).toContain('slower than 1024 bytes/s');
  });
});

describe('connections with a key', () => {
  it('one address keeps at most 128 keyed connections, one key 128: another caller still gets through', async () => {
    // Key first, then a file part that never ends: keyed and held (most wait, unread, for an upload slot).
    const head = (port: number): string =>
      `${keylessUpload(port)}json\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="api_key"\r\n\r\n${ENGINE_KEY}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    // In waves of 20 until the address's share is full: a burst of more than 64 new connections from one
    // address would crowd out its own first ones before they have shown their key (the keyless share).
    // Each sends 2 KB/s, above the body rate, so none is closed as slow meanwhile.
    const wave = (from: string, count: number) =>
      start(
        crowd({ port: engine.port, from: [from], count, head, trickleMs: 1000, trickleBytes: 2048, maxOpen: count }),
      );
    const refused = (cs: Crowd[], text: string) =>
      cs.flatMap((c) => c.answers()).filter((a) => a.includes(text)).length;
    const BY_ADDRESS = 'Too many connections from this address (128 with a key)';
    const one: Crowd[] = [];
    for (let i = 0; i < 12 && refused(one, BY_ADDRESS) === 0; i++) {
      one.push(wave('127.0.0.2', 20));
      await until(() => refused(one, BY_ADDRESS) > 0, 500);
    }
    expect(refused(one, BY_ADDRESS)).toBeGreaterThan(0);
    const other = [wave('127.0.0.3', 3)];
    expect(await until(() => refused(other, 'Too many connections with this API key (128)') === 3, 8000)).toBe(true);
    const got = await usage('127.0.0.1', OTHER_KEY);
    expect(got.code, got.body).toBe(0);
  });
});

describe('held long polls with a key', () => {
  it('260 held async_check polls from eight addresses with one key: another caller still gets through within 10 s', async () => {
    // One worker: three 400-page parses ahead keep the polled task queued while the polls are held.
    for (let i = 0; i < 3; i++) await submit(SLOW_PDF);
    const id = await submit(SMALL_PDF);
    const body = new URLSearchParams({ api_key: ENGINE_KEY, task_id: id }).toString();
    const head = (port: number): string =>
      `POST /api/v1/parse/async_check HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const polls = start(crowd({ port: engine.port, from: OTHERS, count: 260, head, trickleMs: 0, maxOpen: 260 }));
    expect(await until(() => polls.opened() >= 260, 10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    const got = await usage();
    const check = await timedPost(`${engine.url}/parse/async_check`, { api_key: ENGINE_KEY, task_id: id, wait: '0' });
    console.log(
      `keyed /usage beside 260 held long polls: ${got.ms} ms; ${polls.answers().length} polls answered at once (over their share)`,
    );
    expect(got.code, got.body).toBe(0);
    expect(got.ms).toBeLessThan(10_000);
    expect(check.code, check.body).toBe(0);
    expect(JSON.parse(check.body).data.status).toMatch(/QUEUING|PROCESSING/); // the polls were really held
  });
});
