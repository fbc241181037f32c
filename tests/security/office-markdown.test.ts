// Issue 23, finding 4 (medium): text from a document never becomes live Markdown or HTML. Hostile .docx, .xlsx,
// .pptx and a PDF (text layer) go through the real engine (LibreOffice converts the Office files); their
// Markdown, rendered as CommonMark with raw HTML allowed (GFM tables; with and without math, KaTeX trusting
// links), holds no <img, <a or <script and no tag naming javascript:, while what the author wrote is still
// there to read. The engine's base-URL placeholder in document text stays text.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { math, mathHtml } from 'micromark-extension-math';
import { findSoffice } from '../../engine/source/office/soffice.ts';
import { safeTex } from '../../shared/markdown/escape.ts';
import { fileForm, pollUntilDone, postForm, startTestServer, type TestServer } from '../engine/server/helpers.ts';
import { hostileDocx, hostilePdf, hostilePptx, hostileXlsx, SAID } from './hostile-office.ts';
import { removeTemps, tempDir } from './support.ts';

const html = (md: string, withMath: boolean): string =>
  micromark(md, {
    allowDangerousHtml: true,
    extensions: withMath ? [gfm(), math()] : [gfm()],
    htmlExtensions: withMath
      ? [gfmHtml(), mathHtml({ trust: true, throwOnError: false, strict: 'ignore' })]
      : [gfmHtml()],
  });
/** What a reader sees: the HTML's text with its character references decoded. */
const visible = (h: string): string =>
  h
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

function expectInert(md: string): void {
  for (const withMath of [false, true]) {
    const h = html(md, withMath);
    // Not the document's HTML: GFM's footnote links (href="#user-content-…", the engine's [^n] markup), and its
    // autolink literals — a web address the text shows, linked to exactly what it shows (GFM links any such
    // text, in every reader; escaping them would change every address in ordinary outputs).
    const own = h
      .replace(/<a href="#user-content-fn(ref)?-[^"]*"[^>]*>/g, '')
      .replace(/<a href="(https?:\/\/[^"]*)">([^<]*)<\/a>/g, (all, href: string, text: string) =>
        decodeURI(href) === visible(text) || decodeURI(href) === `http://${visible(text)}` ? text : all,
      );
    expect(own, withMath ? 'with math' : 'CommonMark').not.toMatch(/<img|<a[\s>]|<script|<iframe|<svg/i);
    expect([...h.matchAll(/<[^>]*>/g)].map((m) => m[0]).filter((t) => /javascript:|onerror/i.test(t))).toEqual([]);
  }
}

const soffice = findSoffice();
afterAll(removeTemps);

describe('document text in the Markdown', () => {
  let srv: TestServer;
  let dir: string;
  beforeAll(async () => {
    srv = await startTestServer({ workers: 1 });
    dir = await tempDir();
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  async function parse(
    name: string,
    bytes: Uint8Array,
  ): Promise<{ markdown: string; json: { pages: { blocks: { type: string; content: string }[] }[] } }> {
    const path = join(dir, name);
    await writeFile(path, bytes);
    const sub = await postForm(`${srv.url}/parse/async`, await fileForm(path));
    expect(sub.body.code, sub.body.message).toBe(0);
    const d = await pollUntilDone(srv.url, sub.body.data.task_id, undefined, 180_000);
    expect(d.status, d.error).toBe('SUCCESS');
    return d.result.outputs;
  }

  const cases: [string, () => Uint8Array, boolean][] = [
    ['hostile.docx', hostileDocx, !soffice],
    ['hostile.xlsx', hostileXlsx, !soffice],
    ['hostile.pptx', hostilePptx, !soffice],
    ['hostile.pdf', hostilePdf, false],
  ];
  const parsed = new Map<string, ReturnType<typeof parse>>();
  const once = (name: string, make: () => Uint8Array) =>
    parsed.get(name) ?? parsed.set(name, parse(name, make())).get(name)!;
  for (const [name, make, skip] of cases) {
    it.skipIf(skip)(`${name}: no live HTML, link or image; the text stays visible`, async () => {
      const out = await once(name, make);
      expectInert(out.markdown);
      const seen = visible(html(out.markdown, false));
      for (const s of SAID) expect(seen, s).toContain(s);
    });

    it.skipIf(skip)(
      `${name}: the engine's base-URL placeholder in the text stays text (Markdown and JSON)`,
      async () => {
        const out = await once(name, make);
        expect(out.markdown).toContain('@docparse-engine-base@/files/x/images/a.png');
        expect(JSON.stringify(out.json)).toContain('@docparse-engine-base@/files/x/images/a.png');
        expect(JSON.stringify(out)).not.toContain(`${srv.url}/files/x/`);
      },
    );
  }

  it.skipIf(!soffice)(
    'Word: a table cell cannot close its table, an equation cannot run a command or close its math',
    async () => {
      const { markdown } = await parse('cells.docx', hostileDocx());
      const h = html(markdown, true);
      // The table with spans is HTML: its cells' text is escaped, so the table has exactly its own two rows.
      expect(h.match(/<table>/g)?.length).toBe(2);
      expect(markdown).toMatch(/<td>&lt;\/td&gt;&lt;\/tr&gt;&lt;\/table&gt;&lt;img src=x onerror=alert\(1\)&gt;<\/td>/);
      // The equations: \href is shown, not run; the document's "$" cannot end the formula early.
      for (const m of markdown.matchAll(/\$\$?([^$]+)\$\$?/g))
        expect(m[1]).not.toMatch(/\\(href|url|includegraphics|html)/);
      expect(markdown).toContain('\\backslash href');
    },
  );
});

describe('LaTeX allowlist', () => {
  it('passes what KaTeX sets as math and shows every other command', () => {
    for (const ok of [
      '\\frac{a}{b}+\\sqrt[3]{x}',
      '\\begin{matrix}a & b \\\\ c & d\\end{matrix}',
      'e^{x}=\\sum_{n=0}^{\\infty}\\frac{x^{n}}{n!}',
      'a<b<c',
      '\\left(x\\right)\\,\\{y\\}',
    ]) {
      expect(safeTex(ok)).toBe(ok);
    }
    for (const bad of [
      '\\href{javascript:alert(1)}{x}',
      '\\url{javascript:alert(1)}',
      '\\includegraphics{http://127.0.0.1:9/x.png}',
      '\\htmlId{a}{b}',
      '\\htmlData{x=1}{y}',
      '\\def\\x{1}',
      '\\begin{html}x\\end{html}',
    ]) {
      const safe = safeTex(bad);
      expect(safe).not.toMatch(/\\(href|url|includegraphics|htmlId|htmlData|def|begin\{html)(?![a-z])/);
      expect(safeTex(safe)).toBe(safe);
      expectInert(`$${safe}$ and\n\n$$\n${safe}\n$$\n`);
    }
    expect(safeTex('a$<img src=x onerror=alert(1)>$b')).not.toMatch(/\$|<img/);
    expect(safeTex('[x]: javascript:alert(1)')).toBe('{}[x]: javascript:alert(1)');
  });
});
