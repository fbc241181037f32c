// English held-out-like documents with explicit structure: a paper with footnotes and both kinds of table, a
// Word-like report with a table of contents and three heading levels, and a two-column conference paper
// (the long document, the guide and the memo are in docs-en-styles.ts).
import { enText } from './prose.ts';
import { rowsOf, type Block, type HoldoutDoc } from './model.ts';

const p = (seed: number, n: number): Block => ({ kind: 'para', runs: [enText(seed, n)] });
const h = (level: number, text: string): Block => ({ kind: 'heading', level, text });

export const enPaper: HoldoutDoc = {
  name: 'en-paper',
  lang: 'en',
  header: 'Journal of Document Engineering · Vol. 12',
  footer: 'Page #',
  blocks: [
    { kind: 'title', text: 'Reading Order Recovery for Born-Digital Reports' },
    { kind: 'para', style: 'meta', runs: ['Anna Keller and Rui Tanaka, Institute of Applied Computing'] },
    h(2, 'Abstract'),
    { kind: 'para', style: 'abstract', runs: [enText(11, 5)] },
    h(2, '1. Introduction'),
    {
      kind: 'para',
      runs: [
        enText(12, 6),
        { note: 'The data set is described in the appendix of the technical report.' },
        ` ${enText(13, 4)}`,
      ],
    },
    p(14, 7),
    h(3, '1.1 Background'),
    {
      kind: 'para',
      runs: [enText(15, 5), { note: 'All figures are rounded to one decimal place.' }, ` ${enText(16, 3)}`],
    },
    h(3, '1.2 Contributions'),
    p(17, 6),
    h(2, '2. Method'),
    p(18, 5),
    { kind: 'para', style: 'caption', runs: ['Table 1: Throughput by configuration'] },
    {
      kind: 'table',
      ruled: false,
      rows: [
        [{ text: '' }, { text: 'Pages per second', colspan: 2 }, { text: '' }],
        ...rowsOf(
          'Configuration|Single|Parallel|Memory (MB)',
          'Baseline|4.2|7.9|310',
          'Cached fonts|5.1|9.6|342',
          'Streamed|6.8|12.4|205',
          'Full|7.3|13.1|388',
        ),
      ],
    },
    p(19, 6),
    h(3, '2.1 Evaluation'),
    p(20, 5),
    { kind: 'para', style: 'caption', runs: ['Table 2: Error rates by document type'] },
    {
      kind: 'table',
      ruled: true,
      rows: [
        [
          { text: 'Document type', rowspan: 2 },
          { text: 'Error rate (%)', colspan: 3 },
        ],
        rowsOf('Text|Tables|Titles')[0],
        ...rowsOf(
          'Invoices|1.2|3.4|0.8',
          'Annual reports|0.9|2.7|1.1',
          'Scientific papers|1.5|4.0|0.6',
          'Manuals|0.7|1.9|0.9',
        ),
      ],
    },
    h(2, '3. Conclusion'),
    p(21, 5),
  ],
};

export const enReport: HoldoutDoc = {
  name: 'en-report',
  lang: 'en',
  footer: '#',
  blocks: [
    { kind: 'title', text: 'Annual Operations Report 2024' },
    h(2, 'Contents'),
    {
      kind: 'toc',
      entries: [
        { text: '1 Overview', level: 2, page: 1 },
        { text: '1.1 Scope', level: 3, page: 1 },
        { text: '2 Operations', level: 2, page: 2 },
        { text: '2.1 Staffing', level: 3, page: 2 },
        { text: '2.1.1 Training', level: 4, page: 2 },
        { text: '3 Finance', level: 2, page: 3 },
      ],
    },
    h(2, '1 Overview'),
    p(31, 6),
    h(3, '1.1 Scope'),
    p(32, 5),
    h(2, '2 Operations'),
    p(33, 7),
    h(3, '2.1 Staffing'),
    p(34, 5),
    h(4, '2.1.1 Training'),
    p(35, 6),
    {
      kind: 'table',
      ruled: true,
      rows: rowsOf(
        'Team|Staff|Hours trained|Turnover',
        'Support|24|310|8%',
        'Logistics|41|205|12%',
        'Finance|12|96|4%',
        'Research|17|188|6%',
      ),
    },
    h(4, '2.1.2 Recruitment'),
    p(36, 5),
    h(2, '3 Finance'),
    p(37, 6),
    h(3, '3.1 Budget'),
    p(38, 5),
  ],
};

export const enTwoColumn: HoldoutDoc = {
  name: 'en-two-column',
  lang: 'en',
  header: 'Proceedings of the Workshop on Document Analysis',
  footer: '#',
  blocks: [
    { kind: 'title', text: 'Sparse Layout Graphs for Table Detection' },
    { kind: 'para', style: 'meta', runs: ['Maria Lopez, Chen Wei and Tom Barker'] },
    { kind: 'para', style: 'abstract', runs: [`Abstract. ${enText(41, 4)}`] },
    {
      kind: 'columns',
      count: 2,
      blocks: [
        h(2, '1 Introduction'),
        {
          kind: 'para',
          runs: [
            enText(42, 6),
            { note: 'Code and data are available from the authors on request.' },
            ` ${enText(43, 3)}`,
          ],
        },
        p(44, 5),
        h(2, '2 Related Work'),
        p(45, 7),
        h(3, '2.1 Rule-based methods'),
        p(46, 5),
        h(3, '2.2 Learned methods'),
        p(47, 6),
        h(2, '3 Experiments'),
        p(48, 8),
        h(2, '4 Conclusion'),
        p(49, 5),
      ],
    },
  ],
};
