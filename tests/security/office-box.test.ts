// Issue 23, finding 1 (high): the box LibreOffice runs in (bubblewrap on Linux), checked on its own with a
// program that tries what a hostile document would make LibreOffice try: reach a loopback listener, read
// a file in the host's temp folder, see the parent's environment.
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxed, sandboxFor, sofficeEnv } from '../../engine/office/sandbox.ts';
import { findSoffice } from '../../engine/office/soffice.ts';
import { PNG_1X1, removeTemps, tempDir, tinyServer, type TinyServer } from './support.ts';

const MARKER = 'BOXMARKER51c0de';
let listener: TinyServer;
let secrets: string;
beforeAll(async () => {
  listener = await tinyServer((_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1));
  secrets = await tempDir('dp-sec-host-');
  await writeFile(join(secrets, 'marker.txt'), MARKER);
});
afterAll(async () => {
  await listener?.close();
  await removeTemps();
});

const soffice = findSoffice();
const kind = soffice ? await sandboxFor(soffice, () => {}) : 'none';

describe.skipIf(kind !== 'bwrap')('the box LibreOffice runs in', () => {
  const run = (work: string, script: string) => {
    // This Node runs inside (its install folder is bound read-only, as LibreOffice's is).
    const c = boxed(process.execPath, work, ['-e', script], 'bwrap');
    return spawnSync(c.cmd, c.args, { env: sofficeEnv(work), encoding: 'utf8', timeout: 30_000 });
  };

  it('has no network, not even loopback', async () => {
    const work = await tempDir('dp-sec-box-');
    const port = new URL(listener.origin).port;
    const r = run(work, `require('node:net').connect(${port}, '127.0.0.1').on('connect', () => { console.log('CONNECTED'); process.exit(0); }).on('error', (e) => console.log('REFUSED', e.code));`);
    expect(r.stdout).toMatch(/REFUSED/);
    expect(listener.seen).toEqual([]);
  });

  it('sees its work folder but not the host\'s other temp files, nor the parent\'s environment', async () => {
    const work = await tempDir('dp-sec-box-');
    await writeFile(join(work, 'mine.txt'), 'ok');
    process.env.DOCPARSE_TEST_SECRET = MARKER;
    try {
      const fs = "require('node:fs')";
      const r = run(work, `console.log(${fs}.readFileSync('mine.txt', 'utf8')); console.log(${fs}.existsSync(${JSON.stringify(join(secrets, 'marker.txt'))})); console.log(Object.keys(process.env).join(','))`);
      expect(r.stdout.split('\n').slice(0, 2)).toEqual(['ok', 'false']);
      expect(r.stdout).not.toContain('DOCPARSE_TEST_SECRET');
    } finally {
      delete process.env.DOCPARSE_TEST_SECRET;
    }
  });
});
