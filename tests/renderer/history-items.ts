// History items for renderer tests: one with defaults and overrides, and a list of three (a re-run with
// its parent, and a scan without pages or times).
import type { HistoryItem } from '../../shared/task.ts';

export const item = (id: string, fileName: string, extra: Partial<HistoryItem> = {}): HistoryItem => ({
  id,
  fileName,
  finishedAt: Date.UTC(2025, 0, 2, 3, 4, 5),
  elapsedMs: 83_000,
  pages: 3,
  backend: 'local',
  fileSize: 96 * 1024,
  bytes: 2048,
  parentId: null,
  snippet: null,
  ...extra,
});
export const ITEMS = [
  item('req_child1', 'report.pdf', {
    parentId: 'req_parent',
    backend: 'cloud',
    fileSize: 3 * 1024 * 1024,
    bytes: 1024,
  }),
  item('req_parent', 'report.pdf'),
  item('req_other1', 'scan.png', { pages: null, elapsedMs: null, fileSize: null }),
];
