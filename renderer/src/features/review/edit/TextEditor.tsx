// The selected block's text editor: its content in a textarea (the block's Markdown; a table's HTML, an
// equation's LaTeX) beside a live preview written by the one Markdown writer. Esc or "Done" keeps the text
// (one undoable edit), "Cancel" drops it, "Split at the cursor" keeps it and cuts the block in two there.
// A table is edited as a grid of its cells (TableGrid), or as its HTML.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { BlockAt } from '../../../../../shared/edit/blocks.ts';
import { taskFeatures } from '../../../../../shared/edit/version.ts';
import { rewriteMarkdown } from '../../../../../shared/markdown/links.ts';
import { toMarkdown } from '../../../../../shared/markdown/writer.ts';
import { readTable, writeTable, type Table } from '../../../../../shared/edit/table.ts';
import type { Block } from '../../../../../shared/somark.ts';
import { Markdown } from '../../../components/markdown/Markdown.tsx';
import { useT } from '../../../i18n/index.ts';
import { useReviewContext } from '../context.tsx';
import { imageResolver } from '../MarkdownRow.tsx';
import type { EditSession } from './session.ts';
import { TableGrid } from './TableGrid.tsx';

export function TextEditor({ session, at, block }: { session: EditSession; at: BlockAt; block: Block }) {
  const t = useT();
  const id = useId();
  const { view } = useReviewContext();
  const [draft, setDraft] = useState(block.content);
  const [grid, setGrid] = useState<Table | null>(() => (block.type === 'table' ? readTable(block.content) : null));
  const onGrid = (g: Table) => {
    setGrid(g);
    setDraft(writeTable(g));
  };
  const toggleGrid = () => setGrid(grid ? null : readTable(draft));
  const canGrid = block.type === 'table' && (grid !== null || readTable(draft) !== null);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    (area.current ?? document.querySelector<HTMLTextAreaElement>('[data-testid="grid-cell"]'))?.focus();
  }, []);
  const page = view.json!.pages[at.page]!;
  const preview = useMemo(() => {
    const md = toMarkdown(
      [{ ...page, merge_content_from_pre_page: false, blocks: [{ ...block, content: draft }] }],
      { ...taskFeatures(view.task.featureConfig), keep_header_footer: true },
      'url',
    );
    return rewriteMarkdown(md, view.images);
  }, [page, block, draft, view]);
  const resolve = useMemo(() => imageResolver(view.assetBase, view.images), [view]);

  const leave = (keep: boolean) => {
    const s = session.getState();
    if (keep && draft !== block.content) s.apply({ kind: 'text', at, content: draft });
    s.setEditing(false);
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>('[data-testid="edit-text"]')?.focus());
  };
  const split = () => {
    const offset = area.current?.selectionStart ?? 0;
    const s = session.getState();
    if (draft !== block.content) s.apply({ kind: 'text', at, content: draft });
    s.apply({ kind: 'split', at, offset });
    s.setEditing(false);
  };

  return (
    <section
      className="ed-editor"
      aria-label={t('edit.editor')}
      data-testid="edit-editor"
      onKeyDown={(e) => {
        if (e.key === 'Escape' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) {
          e.preventDefault();
          e.stopPropagation();
          leave(true);
        }
      }}
    >
      <div className="ed-col">
        {grid ? (
          <span className="ed-label">{t('edit.gridLabel')}</span>
        ) : (
          <label htmlFor={`${id}-text`} className="ed-label">
            {t('edit.content')}
          </label>
        )}
        {grid ? (
          <TableGrid table={grid} onChange={onGrid} />
        ) : (
          <textarea
            id={`${id}-text`}
            ref={area}
            className="ed-text"
            value={draft}
            spellCheck={false}
            data-testid="edit-textarea"
            onChange={(e) => setDraft(e.target.value)}
          />
        )}
        <div className="ed-actions">
          <button type="button" className="rv-btn ed-primary" data-testid="edit-done" onClick={() => leave(true)}>
            {t('edit.done')}
          </button>
          <button type="button" className="rv-btn" data-testid="edit-cancel" onClick={() => leave(false)}>
            {t('edit.cancel')}
          </button>
          {!grid && (
            <button type="button" className="rv-btn" data-testid="edit-split" onClick={split}>
              {t('edit.split')}
            </button>
          )}
          {canGrid && (
            <button type="button" className="rv-btn" data-testid="edit-grid-toggle" onClick={toggleGrid}>
              {grid ? t('edit.asHtml') : t('edit.asGrid')}
            </button>
          )}
        </div>
      </div>
      <div className="ed-col">
        <span className="ed-label" id={`${id}-preview`}>
          {t('edit.preview')}
        </span>
        <section
          className="ed-preview"
          aria-labelledby={`${id}-preview`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a preview that scrolls: keys can focus it to scroll
          tabIndex={0}
          data-testid="edit-preview"
        >
          <Markdown markdown={preview} resolveImage={resolve} />
        </section>
      </div>
    </section>
  );
}
