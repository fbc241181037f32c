// Finding 3 of issue 23, its last part: Office uploads bypassed the pool's queue limit and waited, without
// bound, in the one-at-a-time LibreOffice conversion queue. They now count in the pool's admission with
// every other task, and at most officeQueueLimit of them wait for LibreOffice: past that the engine
// answers 1124 (busy, retry later) at once. Admission happens before any conversion, so the answer does
// not depend on how fast LibreOffice is.
import { afterEach, describe, expect, it } from 'vitest';
import { findSoffice } from '../../engine/source/office/soffice.ts';
import {
  corpus,
  fileForm,
  pollUntilDone,
  postForm,
  startTestServer,
  type TestServer,
} from '../engine/server/helpers.ts';

const DOCX = corpus('office/lorem_ipsum.docx');
let srv: TestServer | null = null;
afterEach(async () => {
  await srv?.dispose();
  srv = null;
});

/** Submits `n` copies of the .docx one after the other (each answered before the next is sent). */
async function submitMany(n: number): Promise<{ code: number; message: string; data: { task_id: string } }[]> {
  const answers: { code: number; message: string; data: { task_id: string } }[] = [];
  for (let i = 0; i < n; i++) answers.push((await postForm(`${srv!.url}/parse/async`, await fileForm(DOCX))).body);
  return answers;
}

describe.skipIf(!findSoffice())('Office uploads in admission', () => {
  it("count against the pool's queue limit", async () => {
    srv = await startTestServer({ workers: 1, queueLimit: 1 });
    const answers = await submitMany(6);
    const accepted = answers.filter((a) => a.code === 0);
    // One worker and one place in the queue: two tasks in all, whether they convert or parse.
    expect(accepted.length).toBeLessThanOrEqual(2);
    expect(answers.filter((a) => a.code === 1124).length).toBe(6 - accepted.length);
    for (const a of accepted) expect((await pollUntilDone(srv.url, a.data.task_id)).status).toBe('SUCCESS');
  });

  it('wait for LibreOffice only up to officeQueueLimit', async () => {
    srv = await startTestServer({ workers: 2, queueLimit: 100, officeQueueLimit: 2 });
    const answers = await submitMany(5);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(2);
    const busy = answers.filter((a) => a.code === 1124);
    expect(busy).toHaveLength(3);
    expect(busy[0]!.message).toMatch(/busy converting Office files \(2 waiting\)/);
  });
});
