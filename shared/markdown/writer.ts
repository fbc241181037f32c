// The one Markdown writer: SoMark pages → Markdown and the catalog (outline of the titles). The engine writes
// every result with it, and the app regenerates a corrected result's Markdown from its blocks with it. Pure.
import type { Block, CatalogNode, FeatureConfig, ImageFormat, Page } from '../somark.ts';
import { BULLET_GLYPH, joinTables, joinText } from './join.ts';
import { labelNotes, NOTE_START, type PageNotes } from './notes.ts';
import { escapeAlt, escapeMd, safeTex } from './escape.ts';

/** A code fence longer than any backtick run in the code, so the code cannot close it early. */
const fenceFor = (code: string): string =>
  '`'.repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((m) => m[0].length + 1)));

function blockMarkdown(b: Block, image: ImageFormat): string | null {
  switch (b.type) {
    case 'title':
      return `${'#'.repeat(Math.min(6, Math.max(1, b.title_level ?? 1)))} ${escapeMd(b.content)}`;
    case 'figure':
      return image === 'none' || !b.img_url ? null : `![${escapeAlt(b.content)}](${b.img_url})`;
    case 'table':
      return b.content;
    case 'code': {
      const fence = fenceFor(b.content);
      return `${fence + (b.code_language ?? '').replace(/[^\w+#.-]/g, '')}\n${b.content}\n${fence}`;
    }
    case 'equation': {
      // A formula drawn without text: its picture, its number (`\tag{n}`) as the alt text.
      if (b.img_url || !b.content.replace(/\\tag\{[^}]*\}/, '').trim())
        return image === 'none' || !b.img_url
          ? null
          : `![${escapeAlt(b.content.replace(/^\s*\\tag\{([^}]*)\}\s*$/, '($1)'))}](${b.img_url})`;
      return `$$\n${safeTex(b.content)}\n$$`;
    }
    default: {
      const t = escapeMd(b.content);
      return BULLET_GLYPH.test(t) ? `- ${t.replace(BULLET_GLYPH, '')}` : t;
    }
  }
}

/** Markdown of the document; headers/footers only when asked; cross-page paragraphs joined when asked; a block
 * of `joins` (a paragraph or table going on in the next column or page) joined to the text or table before it;
 * footnotes as `[^n]: …` definitions at the end, after the body of every page (as the Word path writes them). */
export function toMarkdown(pages: Page[], fc: FeatureConfig, image: ImageFormat, joins?: ReadonlySet<Block>): string {
  const parts: string[] = [];
  let lastText = -1; // index in parts of the latest body paragraph, for cross-page joins
  let lastTable = -1; // and of the latest table
  const noteLabels = labelNotes(pages.map((p) => p.blocks.filter((b) => b.type === 'footnote')));
  const definitions: string[] = []; // every page's footnotes, as definitions at the end of the Markdown
  for (const [pi, p] of pages.entries()) {
    const { refs } = noteLabels[pi];
    let join = p.merge_content_from_pre_page && fc.enable_text_cross_page;
    const notes: Block[] = []; // the page's footnotes (labels unique in the document)
    for (const b of p.blocks) {
      if ((b.type === 'header' || b.type === 'footer' || b.type === 'sider') && !fc.keep_header_footer) continue;
      if (b.type === 'footnote') {
        notes.push(b);
        continue;
      }
      let md = blockMarkdown(b, image);
      // References follow their notes' labels (a mark used again on a later page is renumbered).
      if (md && refs.size && b.type !== 'code')
        md = md.replace(NOTE_REF, (all, m: string) => (refs.has(m) ? `[^${refs.get(m)}]` : all));
      if (md === null || !md.trim()) continue;
      if ((join || joins?.has(b)) && b.type === 'text' && lastText >= 0) {
        parts[lastText] = joinText(parts[lastText], md);
        join = false;
        continue;
      }
      if (joins?.has(b) && b.type === 'table' && lastTable >= 0) {
        parts[lastTable] = joinTables(parts[lastTable], md);
        continue;
      }
      if (b.type !== 'header' && b.type !== 'footer' && b.type !== 'sider') join = false;
      parts.push(md);
      const passive =
        b.type === 'footnote' ||
        b.type === 'figure' ||
        b.type === 'header' ||
        b.type === 'footer' ||
        b.type === 'sider';
      lastText = b.type === 'text' ? parts.length - 1 : passive ? lastText : -1;
      lastTable = b.type === 'table' ? parts.length - 1 : passive ? lastTable : -1;
    }
    definitions.push(...footnoteDefinitions(notes, noteLabels[pi]));
  }
  parts.push(...definitions);
  return parts.length ? `${parts.join('\n\n')}\n` : '';
}

const NOTE_REF = /\[\^([^\]\s]{1,12})\]/g;

/** Footnote blocks as `[^label]: text` definitions (labels from notes.ts: unique in the document); a note
 * that continues the one before it is joined to it. */
function footnoteDefinitions(notes: Block[], page: PageNotes): string[] {
  const out: string[] = [];
  notes.forEach((b, i) => {
    const label = page.labels[i];
    const m = label === null ? null : NOTE_START.exec(b.content);
    const text = escapeMd(m ? b.content.slice(m[0].length) : b.content);
    if (label === null && out.length) out[out.length - 1] = joinText(out[out.length - 1], text);
    else out.push(`[^${label}]: ${text}`);
  });
  return out;
}

/** Outline: titles nested by level. */
export function buildCatalog(pages: Page[]): CatalogNode[] {
  const root: CatalogNode[] = [];
  const stack: CatalogNode[] = [];
  for (const p of pages)
    for (const b of p.blocks) {
      if (b.type !== 'title') continue;
      const node: CatalogNode = {
        content: b.content,
        title_level: b.title_level ?? 1,
        page_num: p.page_num,
        block_idx: b.idx,
        children: [],
      };
      while (stack.length && stack[stack.length - 1].title_level >= node.title_level) stack.pop();
      (stack.length ? stack[stack.length - 1].children : root).push(node);
      stack.push(node);
    }
  return root;
}
