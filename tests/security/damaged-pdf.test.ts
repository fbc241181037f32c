// Finding 8 (silent data loss): a truncated PDF that mupdf repairs is parsed, but the answer carries
// a warning — top-level `warnings` in the envelope and `data.warnings` — which the app keeps with the
// cached result and hands to the review screen. A sound PDF carries none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corpus,
  fileForm,
  pollUntilDone,
  postForm,
  startTestServer,
  type TestServer,
} from '../engine/server/helpers.ts';
import { makeServices, removeTemps, waitFinal } from '../electron/services/helpers.ts';

const TRUNCATED = corpus('bad-input/truncated_multi_page.pdf');
const SOUND = corpus('pdf-digital/two_paragraphs.pdf');

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.dispose();
  await removeTemps();
});

describe('engine', () => {
  it('sync: success with a DAMAGED_FILE warning at the top level and in data', async () => {
    const { body } = await postForm(`${srv.url}/parse/sync`, await fileForm(TRUNCATED, { output_formats: 'markdown' }));
    expect(body.code).toBe(0);
    const top = (body as unknown as { warnings?: string[] }).warnings ?? [];
    expect(top).toHaveLength(1);
    expect(top[0]).toMatch(/^DAMAGED_FILE: /);
    expect(body.data.warnings).toEqual(top);
    expect(body.data.result.outputs.markdown.length).toBeGreaterThan(0);
  });

  it('async_check carries the warning too; a sound PDF has none', async () => {
    const sub = await postForm(`${srv.url}/parse/async`, await fileForm(TRUNCATED, { output_formats: 'markdown' }));
    const done = await pollUntilDone(srv.url, sub.body.data.task_id);
    expect(done.warnings[0]).toMatch(/^DAMAGED_FILE: /);
    const ok = await postForm(`${srv.url}/parse/sync`, await fileForm(SOUND, { output_formats: 'markdown' }));
    expect((ok.body as unknown as { warnings?: string[] }).warnings).toBeUndefined();
    expect(ok.body.data.warnings).toEqual([]);
  });
});

describe('app', () => {
  it('keeps the warning with the cached result and shows it to review (results:get)', async () => {
    const h = await makeServices();
    try {
      const {
        tasks: [t],
      } = await h.svc.handlers['tasks:submit']({ paths: [TRUNCATED], options: { formats: ['markdown', 'json'] } });
      expect((await waitFinal(h, t!.id)).state).toBe('SUCCESS');
      const view = await h.svc.handlers['results:get']({ id: t!.id });
      expect(view.warnings).toHaveLength(1);
      expect(view.warnings[0]).toMatch(/^DAMAGED_FILE: /);
    } finally {
      await h.close();
    }
  });
});
