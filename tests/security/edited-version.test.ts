// Security: an edited version comes from the renderer, so main checks it before it reaches the cache. A table's
// HTML goes into the Markdown unescaped, so a corrected table may hold only table markup (no picture that
// loads from elsewhere, no script, no link); other blocks' text is escaped by the one writer; image links
// must be the result's own. (Before the table check, the <img> table below was saved into main.md as is.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonOutput } from '../../shared/somark.ts';
import { corpus, makeServices, removeTemps, waitFinal, type Harness } from '../electron/services/helpers.ts';

let h: Harness;
let id = '';
let source: JsonOutput;
beforeAll(async () => {
  h = await makeServices();
  const {
    tasks: [t],
  } = await h.svc.handlers['tasks:submit']({
    paths: [corpus('pdf-digital/multi_page.pdf')],
    options: { mode: 'sync' },
  });
  expect((await waitFinal(h, t!.id)).state).toBe('SUCCESS');
  id = t!.id;
  source = JSON.parse(await readFile(join(h.dataDir, 'results', id, 'main.json'), 'utf8')) as JsonOutput;
});
afterAll(async () => {
  await h.close();
  await removeTemps();
});

const withBlock = (type: string, content: string) => [
  { page: 0, blocks: source.pages[0]!.blocks.map((b, i) => (i === 1 ? { ...b, type, content } : b)) },
];

describe('edited versions from the renderer', () => {
  it('refuses a table holding other markup than a table', async () => {
    for (const bad of [
      '<table><tr><td><img src="http://127.0.0.1:9/x.png" onerror="alert(1)"></td></tr></table>',
      '<table><tr><td onclick="x()">a</td></tr></table>',
      '<table><tr><td><a href="https://example.com">a</a></td></tr></table>',
      '<table><tr><td>a</td></tr></table><script>alert(1)</script>',
    ]) {
      await expect(
        h.svc.handlers['results:saveVersion']({ id, pages: withBlock('table', bad) }),
        bad,
      ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    }
    const ok = await h.svc.handlers['results:saveVersion']({
      id,
      pages: withBlock('table', '<table><tr><td colspan="2">a &lt;b&gt;<br>c</td></tr></table>'),
    });
    expect(await readFile(join(h.dataDir, 'results', ok.id, 'main.md'), 'utf8')).toContain(
      '<td colspan="2">a &lt;b&gt;<br>c</td>',
    );
  });

  it("writes other blocks' markup as text", async () => {
    const { id: v } = await h.svc.handlers['results:saveVersion']({
      id,
      pages: withBlock('text', '<img src=x onerror=alert(1)> [a](javascript:x) ![p](http://127.0.0.1:9/p.png)'),
    });
    const md = await readFile(join(h.dataDir, 'results', v, 'main.md'), 'utf8');
    expect(md).toContain('&lt;img src=x onerror=alert(1)>');
    expect(md).not.toMatch(/<img/);
    // No link or image: every "](" is escaped ("\\](").
    expect(md).toContain('[a\\](javascript:x)');
    expect(md).not.toMatch(/(?<!\\)\]\((javascript|http)/);
  });
});
