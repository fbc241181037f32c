// English held-out-like documents whose structure lies in layout and style more than in markup: a long
// document whose paragraphs and table run over pages, an unnumbered guide with a borderless key/value table,
// and a memo whose headings share one style (levels only in their numbers) with a list and a ruled spanning table.
import { enText } from './prose.ts';
import { rowsOf, type Block, type Cell, type HoldoutDoc } from './model.ts';

const p = (seed: number, n: number): Block => ({ kind: 'para', runs: [enText(seed, n)] });
const h = (level: number, text: string): Block => ({ kind: 'heading', level, text });

const ledger: Cell[][] = [rowsOf('Month|Region|Orders|Revenue (EUR)')[0]];
for (let i = 0; i < 60; i++) {
  const m = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ][i % 12];
  ledger.push(
    rowsOf(
      `${m}|${['North', 'South', 'East'][i % 3]}|${120 + ((i * 37) % 90)}|${(15000 + ((i * 7919) % 9000)).toLocaleString('en')}`,
    )[0],
  );
}

export const enLong: HoldoutDoc = {
  name: 'en-multipage',
  lang: 'en',
  header: 'Internal · Sales ledger review',
  footer: 'Page #',
  blocks: [
    { kind: 'title', text: 'Sales Ledger Review' },
    h(2, '1 Summary'),
    p(51, 14),
    p(52, 16),
    p(53, 18),
    h(2, '2 Monthly orders'),
    p(54, 4),
    { kind: 'table', ruled: true, head: 1, rows: ledger },
    h(2, '3 Observations'),
    p(55, 20),
    p(56, 22),
  ],
};

export const enGuide: HoldoutDoc = {
  name: 'en-guide',
  lang: 'en',
  footer: '#',
  blocks: [
    { kind: 'title', text: 'Installation Guide' },
    h(2, 'Before you begin'),
    p(61, 5),
    {
      kind: 'table',
      ruled: false,
      rows: rowsOf(
        'Setting|Default|Meaning',
        'port|8080|Port the service listens on',
        'workers|2|Parallel parse threads',
        'cache|on|Keep parsed pages on disk',
        'timeout|120 s|Longest conversion allowed',
      ),
    },
    h(2, 'Installing the service'),
    p(62, 6),
    h(3, 'On Linux'),
    p(63, 4),
    h(3, 'On Windows'),
    p(64, 4),
    h(2, 'Troubleshooting'),
    p(65, 6),
  ],
};

export const enMemo: HoldoutDoc = {
  name: 'en-memo',
  lang: 'en',
  flatHeadings: true,
  header: 'Records System · Migration Plan',
  footer: 'Page #',
  blocks: [
    { kind: 'title', text: 'Migration Plan for the Records System' },
    { kind: 'para', style: 'meta', runs: ['Prepared by the Platform Team, March 2025'] },
    h(2, '1 Scope'),
    p(71, 4),
    h(3, '1.1 Current state'),
    p(72, 5),
    h(4, '1.1.1 Storage'),
    p(73, 3),
    {
      kind: 'list',
      items: [
        'Archive the records older than ten years.',
        'Move the scanned files to the new store.',
        'Keep the audit trail for every change.',
      ],
    },
    h(2, '2 Plan'),
    p(74, 4),
    h(3, '2.1 Phases'),
    {
      kind: 'table',
      ruled: true,
      rows: [
        [
          { text: 'Phase', rowspan: 2 },
          { text: 'Schedule', colspan: 2 },
          { text: 'Owner', rowspan: 2 },
        ],
        rowsOf('Start|End')[0],
        ...rowsOf(
          'Inventory|April|May|Records office',
          'Transfer|June|August|Platform team',
          'Review|September|September|Audit',
        ),
      ],
    },
    h(3, '2.2 Rollback'),
    p(75, 4),
    h(2, '3 Risks'),
    p(76, 5),
  ],
};
