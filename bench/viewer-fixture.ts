// The bench viewer's document: a real PDF drawn with mupdf (header, title, two columns of text, heading
// and equation blocks, footer on every page) and the matching outputs.json and Markdown, written into a
// data folder in the results-cache layout (electron/services/context.ts) with a SUCCESS task in tasks.json.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import type { Block, JsonOutput, Page as JsonPage } from '../shared/somark.ts';
import type { Task } from '../shared/task.ts';

const WORDS = (
  'retrieval passage dense question answering model encoder training negative batch index vector ' +
  'score document corpus query latency accuracy baseline results table figure section method approach data ' +
  'evaluation benchmark system the of and to in for with on by from that this which are is be as an we'
).split(' ');
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const sentence = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

const PT = { w: 595, h: 842 };
const DPI_SCALE = 2; // page_size at 144 dpi, as the hosted service's docs example
const COL_W = 240;

interface Drawn {
  block: Block;
  md: string | null;
  lines: string[];
  x: number;
  y: number;
  size: number;
}

/** One page: header, title, two columns of text/heading/equation blocks, footer. */
function layoutPage(p: number, count: number): Drawn[] {
  seed = 42 + p;
  const out: Drawn[] = [];
  const add = (
    type: string,
    x: number,
    y: number,
    w: number,
    lines: string[],
    size: number,
    md: string | null,
    extra: Partial<Block> = {},
  ) => {
    const h = lines.length * (size + 1.5);
    const bbox: Block['bbox'] = [x, y, x + w, y + h].map((v) => Math.round(v * DPI_SCALE)) as Block['bbox'];
    const content = extra.content ?? lines.join(' ');
    out.push({
      block: {
        idx: out.length,
        type,
        bbox,
        content,
        format: type === 'equation' ? 'latex' : 'text',
        captions: [],
        img_url: '',
        ...extra,
      },
      md,
      lines,
      x,
      y,
      size,
    });
  };
  add('header', 50, 24, 495, [`Bench document — running header — page ${p + 1}`], 7, null);
  const title = `${p + 1}. ${sentence(6)}`;
  add('title', 50, 48, 495, [title], 14, `# ${title}`, { title_level: 1 });
  const body = count - 3;
  const perCol = Math.ceil(body / 2);
  const slot = (842 - 90 - 50) / perCol;
  for (let k = 0; k < body; k++) {
    const col = k < perCol ? 0 : 1;
    const x = 50 + col * (COL_W + 15);
    const y = 90 + (k % perCol) * slot;
    if (k % 12 === 5) {
      const head = `${p + 1}.${k} ${sentence(3)}`;
      add('title', x, y, COL_W, [head], 9, `## ${head}`, { title_level: 2 });
    } else if (k % 23 === 11) {
      const tex = `E_{${k}} = \\sum_{i=1}^{${p + 2}} x_i^2 + \\frac{${k}}{${p + 3}}`;
      add('equation', x, y, COL_W, [`E${k} = sum x_i^2 + ${k}/${p + 3}`], 7, `$$\n${tex}\n$$`, { content: tex });
    } else {
      const lines = [sentence(12), sentence(12), sentence(9)];
      add('text', x, y, COL_W, lines, 6.5, lines.join(' '));
    }
  }
  add('footer', 50, 812, 495, [`— ${p + 1} —`], 7, null);
  return out;
}

export interface Fixture {
  taskId: string;
  fileName: string;
  pdfBytes: number;
  mdBytes: number;
  jsonBytes: number;
}

/**
 * Writes a finished result of `pages` × `blocks` into dataDir (results cache + tasks.json), as the
 * app would have after parsing it; the original file itself is gone (only the cached copy stays).
 * Also used by tests/e2e/review.spec.ts.
 */
export async function makeFixture(dataDir: string, pageCount: number, blocksPerPage: number): Promise<Fixture> {
  const taskId = `req_bench${randomBytes(6).toString('hex')}`;
  const dir = join(dataDir, 'results', taskId);
  await mkdir(join(dir, 'images'), { recursive: true });
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Times-Roman'));
  const resources = doc.addObject({ Font: { F1: font } });
  const pages: JsonPage[] = [];
  const md: string[] = [];
  for (let p = 0; p < pageCount; p++) {
    const drawn = layoutPage(p, blocksPerPage);
    let s = 'BT\n';
    for (const d of drawn) {
      d.lines.forEach((l, i) => {
        s += `/F1 ${d.size} Tf 1 0 0 1 ${d.x} ${(PT.h - d.y - d.size - i * (d.size + 1.5)).toFixed(2)} Tm (${pdfText(l)}) Tj\n`;
      });
    }
    s += 'ET\n';
    doc.insertPage(-1, doc.addPage([0, 0, PT.w, PT.h], 0, resources, s));
    pages.push({
      page_num: p,
      page_size: { w: PT.w * DPI_SCALE, h: PT.h * DPI_SCALE },
      merge_content_from_pre_page: false,
      blocks: drawn.map((d) => d.block),
    });
    for (const d of drawn) if (d.md) md.push(d.md);
  }
  const pdf = doc.saveToBuffer('compress').asUint8Array();
  const json: JsonOutput = { pages };
  const markdown = `${md.join('\n\n')}\n`;
  const jsonText = JSON.stringify(json);
  await writeFile(join(dir, 'original.pdf'), pdf);
  await writeFile(join(dir, 'main.json'), jsonText);
  await writeFile(join(dir, 'main.md'), markdown);
  const now = Date.now();
  await writeFile(
    join(dir, 'result.json'),
    JSON.stringify({
      taskId,
      remoteTaskId: null,
      fileName: `bench-${pageCount}p.pdf`,
      metadata: { page_num: pageCount, file_type: '.pdf' },
      imgs: [],
      catalog: [],
      images: {},
      hasJson: true,
      hasServiceZip: false,
      original: 'original.pdf',
      savedAt: now,
    }),
  );
  const task: Task = {
    id: taskId,
    remoteTaskId: null,
    fileName: `bench-${pageCount}p.pdf`,
    filePath: join(dataDir, 'gone', `bench-${pageCount}p.pdf`),
    size: pdf.length,
    pages: pageCount,
    fileType: '.pdf',
    backend: 'local',
    baseUrl: 'http://127.0.0.1:1/api/v1',
    requestedMode: 'async',
    mode: 'async',
    formats: ['markdown', 'json'],
    featureConfig: {},
    state: 'SUCCESS',
    uploadPercent: 100,
    progress: { pages_done: pageCount, pages_total: pageCount },
    attempts: 1,
    error: null,
    createdAt: now - 1000,
    startedAt: now - 900,
    finishedAt: now,
    resultBytes: pdf.length + markdown.length + jsonText.length,
    parentId: null,
  };
  await writeFile(join(dataDir, 'tasks.json'), JSON.stringify({ version: 1, tasks: [task] }));
  return {
    taskId,
    fileName: `bench-${pageCount}p.pdf`,
    pdfBytes: pdf.length,
    mdBytes: markdown.length,
    jsonBytes: jsonText.length,
  };
}
