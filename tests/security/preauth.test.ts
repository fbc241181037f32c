// Finding 3 (medium): the engine must not buffer before it checks the key. Three concurrent requests,
// each streaming hundreds of 1 MiB fields with no api_key, may grow the engine's memory by less than
// 100 MB; a file sent before any key takes one of few early upload slots; the engine keeps answering.
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_KEY, removeTemps, startEngineProcess, type EngineProcess } from './support.ts';

let engine: EngineProcess;
beforeAll(async () => {
  engine = await startEngineProcess();
});
afterAll(async () => {
  await engine.stop();
  await removeTemps();
});

const MiB = 1024 * 1024;
const BOUNDARY = '----dpsecpre';

interface FloodOptions {
  file?: boolean;
  key?: string;
  hold?: AbortSignal;
}

/** Streams `parts` multipart parts of `size` bytes each (with backpressure) until the server answers;
 *  with `hold` the body is left open (a slow client) until the signal aborts. */
function flood(parts: number, size: number, o: FloodOptions = {}): Promise<{ sent: number; answer: string }> {
  const { file = false, key, hold } = o;
  return new Promise((resolve, reject) => {
    const req = request(`${engine.url}/parse/async`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' },
    });
    let answered = false;
    let sent = 0;
    req.on('response', (res) => {
      answered = true;
      let answer = '';
      res.on('data', (c: Buffer) => (answer += c.toString()));
      res.on('end', () => {
        req.destroy();
        resolve({ sent, answer });
      });
    });
    req.on('error', (e) => (answered || hold?.aborted ? resolve({ sent, answer: '' }) : reject(e)));
    hold?.addEventListener('abort', () => req.destroy());
    const chunk = Buffer.alloc(size, 0x61);
    void (async () => {
      if (key) req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="api_key"\r\n\r\n${key}\r\n`);
      for (let i = 0; i < parts && !answered; i++) {
        const name = file ? `name="file"; filename="f${i}.pdf"` : `name="field${i}"`;
        req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; ${name}\r\n\r\n`);
        req.write(chunk);
        const ok = req.write('\r\n');
        sent++;
        if (!ok)
          await new Promise<void>((r) => {
            req.once('drain', r);
            req.once('close', r);
          });
      }
      if (!answered && !hold) req.end(`--${BOUNDARY}--\r\n`);
    })();
  });
}

describe('nothing is buffered before the key', () => {
  it('many large fields without a key: memory grows < 100 MB and each request is refused early', async () => {
    const before = engine.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, engine.rss())), 20);
    try {
      // 1 MiB fields (over the field limit) and 200 KiB fields (under it): 3 × 200 MB offered each way.
      for (const size of [MiB, MiB / 5]) {
        const parts = Math.round((200 * MiB) / size);
        const got = await Promise.all([0, 1, 2].map(() => flood(parts, size)));
        for (const g of got) {
          expect(JSON.parse(g.answer).code).not.toBe(0);
          expect(g.sent).toBeLessThan(parts / 10);
        }
      }
    } finally {
      clearInterval(sampler);
    }
    const growthMb = (peak - before) / MiB;
    expect(growthMb).toBeLessThan(100);
    expect(engine.alive(), engine.stderr()).toBe(true);
  });

  it('files sent before the key are stored two at a time at most; a keyed request still gets through', async () => {
    // Four uploads, file part first, never finishing: only two may put bytes on disk, the rest wait.
    const hold = new AbortController();
    const slow = [0, 1, 2, 3].map(() => flood(1, 8 * MiB, { file: true, hold: hold.signal }));
    await new Promise((r) => setTimeout(r, 800));
    expect((await readdir(join(engine.dataDir, 'uploads'))).filter((n) => n.endsWith('.upload'))).toHaveLength(2);
    const form = new FormData();
    form.append('api_key', ENGINE_KEY);
    const usage = (await (await fetch(`${engine.url}/usage`, { method: 'POST', body: form })).json()) as {
      code: number;
    };
    expect(usage.code).toBe(0);
    hold.abort();
    await Promise.all(slow);
  });
});
