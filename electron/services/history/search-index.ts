// In-memory index of finished results for the history list and its search. Built lazily on the first
// list; every later list re-checks the cache (ids, and result.json's mtime as the version), so new,
// re-written and deleted results show up without any event wiring. Text search is case-insensitive
// (Unicode), on the Markdown without markup, with a short snippet around the hit.
import type { HistoryItem, Task } from '../../../shared/task.ts';
import { workMs } from '../../../shared/task-retry.ts';
import type { ServicesContext } from '../context.ts';

/** Characters of context on each side of a hit. */
const CONTEXT = 60;

/** Trims, NFC-normalises and collapses whitespace in a query. */
const normalizeForSearch = (q: string): string => q.normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * What is searched (and shown in snippets): the Markdown as text, without HTML tags, image links and
 * data URIs (so 'td' or 'png' do not match markup), nor the marks of headings, quotes, bullets, tables,
 * rules, emphasis, code, links and footnotes; whitespace collapsed, NFC.
 */
export function searchableText(markdown: string): string {
  return markdown
    .normalize('NFC')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/data:[\w/+.-]+;base64,[A-Za-z0-9+/=]+/g, ' ')
    .replace(/<[^>]{0,2000}>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/^ {0,3}(?:#{1,6}|>|[-*+])[ \t]+/gm, '')
    .replace(/^[ \t|:*_-]*(?:-{3,}|\*{3,}|_{3,})[ \t|:*_-]*$/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/\[\^[^\]\s]+\]:?/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?)(?<=\S)\*(?![\w*])/gm, '$1$2')
    .replace(/`+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Moves an index off the low half of a surrogate pair. */
function codePointBoundary(s: string, i: number): number {
  if (i > 0 && i < s.length) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) return i - 1;
  }
  return i;
}

/** A snippet around the first case-insensitive hit of `query` in `text`, or null when absent. */
export function findText(text: string, query: string): string | null {
  if (query === '') return null;
  const m = new RegExp(escapeRegExp(query), 'iu').exec(text);
  if (!m) return null;
  const start = codePointBoundary(text, Math.max(0, m.index - CONTEXT));
  const end = codePointBoundary(text, Math.min(text.length, m.index + m[0].length + CONTEXT));
  let snippet = text.slice(start, end).trim();
  if (start > 0) snippet = `…${snippet}`;
  if (end < text.length) snippet = `${snippet}…`;
  return snippet;
}

interface Entry {
  id: string;
  version: number;
  fileName: string;
  savedAt: number;
  pages: number | null;
  bytes: number;
  /** The task as it was when it succeeded (the queue may have forgotten it since). */
  snapshot: Task | undefined;
  /** An edited version's original. */
  editedFrom: string | null;
  /** Markdown without tags, image links and data URIs; NFC. */
  text: string;
}

const LOAD_CONCURRENCY = 8;

export interface HistoryIndex {
  list(query?: string): Promise<HistoryItem[]>;
  /** Bytes and count of everything cached. */
  usage(): Promise<{ bytes: number; items: number }>;
  forget(id: string): void;
}

export function createHistoryIndex(ctx: Pick<ServicesContext, 'results' | 'tasks'>): HistoryIndex {
  const entries = new Map<string, Entry>();

  async function load(id: string, v: number): Promise<void> {
    try {
      const meta = await ctx.results.readMeta(id);
      const markdown = await ctx.results.readMarkdown(id).catch(() => '');
      entries.set(id, {
        id,
        version: v,
        fileName: meta.fileName,
        savedAt: meta.savedAt,
        pages: meta.metadata?.page_num ?? null,
        bytes: await ctx.results.bytes(id),
        snapshot: meta.task,
        editedFrom: meta.edit?.from ?? null,
        text: searchableText(markdown),
      });
    } catch {
      entries.delete(id); // damaged or removed meanwhile: not listed
    }
  }

  async function refresh(): Promise<void> {
    const ids = await ctx.results.list();
    const live = new Set(ids);
    for (const id of entries.keys()) if (!live.has(id)) entries.delete(id);
    const stale: [string, number][] = [];
    await Promise.all(
      ids.map(async (id) => {
        const v = await ctx.results.version(id);
        if (v >= 0 && entries.get(id)?.version !== v) stale.push([id, v]);
      }),
    );
    for (let i = 0; i < stale.length; i += LOAD_CONCURRENCY) {
      await Promise.all(stale.slice(i, i + LOAD_CONCURRENCY).map(([id, v]) => load(id, v)));
    }
  }

  function toItem(e: Entry, snippet: string | null): HistoryItem {
    const task = ctx.tasks.get(e.id) ?? e.snapshot;
    return {
      id: e.id,
      fileName: task?.fileName ?? e.fileName,
      finishedAt: task?.finishedAt ?? e.savedAt,
      elapsedMs: task && task.finishedAt != null ? workMs(task, task.finishedAt) : null,
      pages: task?.pages ?? e.pages,
      backend: task?.backend ?? 'local',
      fileSize: task?.size ?? null,
      bytes: e.bytes,
      parentId: task?.parentId ?? null,
      editedFrom: e.editedFrom,
      snippet,
    };
  }

  return {
    async list(query) {
      await refresh();
      const q = normalizeForSearch(query ?? '');
      const items: HistoryItem[] = [];
      for (const e of entries.values()) {
        if (q === '') {
          items.push(toItem(e, null));
          continue;
        }
        const item = toItem(e, null);
        if (item.fileName.normalize('NFC').toLowerCase().includes(q.toLowerCase())) {
          items.push(item);
          continue;
        }
        const snippet = findText(e.text, q);
        if (snippet !== null) items.push({ ...item, snippet });
      }
      return items.sort((a, b) => b.finishedAt - a.finishedAt || a.id.localeCompare(b.id));
    },
    async usage() {
      await refresh();
      let bytes = 0;
      for (const e of entries.values()) bytes += e.bytes;
      return { bytes, items: entries.size };
    },
    forget(id) {
      entries.delete(id);
    },
  };
}
