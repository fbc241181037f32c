// A small two-page result for the review screen tests: a header and footer (absent from the
// Markdown, as the service drops them), a title, text, a figure (linked by its cached image), an
// equation, an HTML table, and two blocks the Markdown merged into one paragraph.
import type { Block, JsonOutput } from '../../shared/somark.ts';
import type { ResultView, Task } from '../../shared/task.ts';

const b = (idx: number, type: string, bbox: Block['bbox'], content: string, extra: Partial<Block> = {}): Block => ({
  idx,
  type,
  bbox,
  content,
  format: type === 'table' ? 'html' : type === 'equation' ? 'latex' : 'text',
  captions: [],
  img_url: '',
  ...extra,
});

export const sampleJson: JsonOutput = {
  pages: [
    {
      page_num: 0,
      page_size: { w: 1000, h: 1400 },
      merge_content_from_pre_page: false,
      blocks: [
        b(0, 'header', [50, 20, 950, 50], 'Journal header'),
        b(1, 'title', [100, 80, 900, 140], 'Dense Passage Retrieval', { title_level: 1 }),
        b(
          2,
          'text',
          [50, 200, 480, 600],
          'Open-domain question answering relies on efficient passage retrieval to select candidates.',
        ),
        b(3, 'figure', [520, 200, 950, 500], 'A chart of results', { img_url: 'http://svc/img/fig1.png' }),
        b(4, 'equation', [520, 520, 950, 600], 'E = mc^2'),
      ],
    },
    {
      page_num: 1,
      page_size: { w: 1000, h: 1400 },
      merge_content_from_pre_page: true,
      blocks: [
        b(0, 'table', [50, 100, 950, 400], '<table><tr><td>1</td><td>2</td></tr></table>'),
        b(1, 'text', [50, 450, 950, 600], 'Second part first'),
        b(2, 'text', [50, 620, 950, 700], 'Second part second'),
        b(3, 'footer', [50, 1350, 950, 1390], 'Page 2'),
      ],
    },
  ],
};

export const sampleMarkdown = [
  '# Dense Passage Retrieval',
  'Open-domain question answering relies on efficient passage retrieval to select candidates.',
  '![](./images/image_001.png)',
  '$$\nE = mc^2\n$$',
  '<table><tr><td>1</td><td>2</td></tr></table>',
  'Second part first\nSecond part second',
  'Closing remark not in the JSON.',
].join('\n\n');

function sampleTask(over: Partial<Task> = {}): Task {
  return {
    id: 'req_sample0001',
    remoteTaskId: 'r1',
    fileName: 'sample.pdf',
    filePath: '/gone/sample.pdf',
    size: 1000,
    pages: 2,
    fileType: '.pdf',
    backend: 'local',
    baseUrl: 'http://127.0.0.1:1/api/v1',
    requestedMode: 'auto',
    mode: 'sync',
    formats: ['markdown', 'json'],
    featureConfig: {},
    state: 'SUCCESS',
    uploadPercent: 100,
    progress: null,
    attempts: 1,
    error: null,
    createdAt: 1,
    startedAt: 2,
    finishedAt: 3,
    resultBytes: 10,
    parentId: null,
    ...over,
  };
}

/** The sample as 'results:get' would answer it; originalUrl null = the original is gone. */
export function sampleView(over: Partial<ResultView> = {}): ResultView {
  return {
    task: sampleTask(),
    markdown: sampleMarkdown,
    json: sampleJson,
    catalog: [],
    originalUrl: null,
    assetBase: 'http://127.0.0.1:9/assets/results/req_sample0001/',
    images: { 'http://svc/img/fig1.png': 'images/image_001.png' },
    warnings: [],
    ...over,
  };
}
