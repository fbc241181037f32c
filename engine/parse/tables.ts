// Ruled tables from vector lines (to be filled in): a table region and its HTML.
import type { RawPage, Rect } from '../pdf/raw.ts';

export interface TableFound {
  bbox: Rect;
  html: string;
}

export function detectTables(_page: RawPage): TableFound[] {
  return [];
}
