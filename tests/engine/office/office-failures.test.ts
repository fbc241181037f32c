// Office tasks when things go wrong: a task cut off by a stop resumes at the next start; without
// LibreOffice the answer is a 1104 that names the fix, and a LibreOffice that produces nothing fails the task.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpus, CORPUS, fileForm, KEY, pollUntilDone, postForm, startTestServer } from '../server/helpers.ts';
import type { TestServer } from '../server/helpers.ts';
import { findSoffice } from '../../../engine/source/office/soffice.ts';

const soffice = findSoffice();

describe.skipIf(!soffice)('an Office task cut off by a stop', () => {
  it('stays resumable: the next start converts and finishes it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docparse-office-restart-'));
    try {
      const a = await startTestServer({ dataDir, workers: 1 });
      const id = (await postForm(`${a.url}/parse/async`, await fileForm(corpus('office/lorem_ipsum.docx')))).body.data
        .task_id as string;
      for (let i = 0; i < 500; i++) {
        const b = await postForm(
          `${a.url}/parse/async_check`,
          new URLSearchParams({ task_id: id, api_key: KEY, wait: '0' }),
        );
        if (b.body.data.status === 'PROCESSING') break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await a.close(); // during the conversion (which close() aborts)
      const b = await startTestServer({ dataDir, workers: 1 });
      try {
        const d = await pollUntilDone(b.url, id, undefined, 120_000);
        expect(d.status, d.error).toBe('SUCCESS');
        expect(d.metadata.file_type).toBe('.docx');
      } finally {
        await b.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('Office files without LibreOffice', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ workers: 1, soffice: `${CORPUS}/no-such-dir/soffice` });
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it('answers 1104 at submit, naming LibreOffice and the cloud backend', async () => {
    for (const f of ['word_sample.docx', 'xlsx_01.xlsx', 'powerpoint_sample.pptx']) {
      const r = await postForm(`${srv.url}/parse/async`, await fileForm(corpus(`office/${f}`)));
      expect(r.body.code, f).toBe(1104);
      expect(r.body.message).toMatch(/Install LibreOffice/);
      expect(r.body.message).toMatch(/SoMark cloud/);
      expect(r.body.message).not.toMatch(/problem is in the file/i);
      expect(r.body.data).toEqual({ error: r.body.message });
    }
  });

  it('a LibreOffice that produces nothing: the task FAILS saying the conversion failed and why', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docparse-soffice-'));
    const fake = await startTestServer({ workers: 1, soffice: join(dir, 'soffice') });
    try {
      await writeFile(join(dir, 'soffice'), '#!/bin/sh\necho "Error: source file could not be loaded" >&2\nexit 1\n', {
        mode: 0o755,
      });
      const sub = await postForm(`${fake.url}/parse/async`, await fileForm(corpus('office/word_sample.docx')));
      expect(sub.body.code, sub.body.message).toBe(0);
      const d = await pollUntilDone(fake.url, sub.body.data.task_id);
      expect(d).toMatchObject({
        status: 'FAILED',
        error: expect.stringMatching(/LibreOffice could not convert the \.docx file.*could not be loaded/),
      });
    } finally {
      await fake.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('looks on PATH first, and a setting that points nowhere wins over PATH', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docparse-soffice-'));
    try {
      await writeFile(join(dir, 'soffice'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
      const env = { PATH: dir };
      expect(findSoffice({ env, platform: 'linux' })).toBe(join(dir, 'soffice'));
      expect(findSoffice({ env: { ...env, DOCPARSE_SOFFICE: join(dir, 'missing') }, platform: 'linux' })).toBeNull();
      expect(findSoffice({ explicit: '', env, platform: 'linux' })).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
