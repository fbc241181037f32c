// The selected block's text editor: its content in a textarea (the block's Markdown; a table's HTML, an
// equation's LaTeX) beside a live preview written by the one Markdown writer. Esc or "Done" keeps the text
// (one undoable edit), "Cancel" drops it, "Split at the cursor" keeps it and cuts the block in two there.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { BlockAt } from '../../../../../shared/edit/blocks.ts';
import { taskFeatures } from '../../../../../shared/edit/version.ts';
import { rewriteMarkdown } from '../../../../../shared/markdown/links.ts';
import { toMarkdown } from '../../../../../shared/markdown/writer.ts';
import type { Block } from '../../../../../shared/somark.ts';
import { Markdown } from '../../../components/markdown/Markdown.tsx';
import { useT } from '../../../i18n/index.ts';
import { useReviewContext } from '../context.tsx';
import { imageResolver } from '../MarkdownRow.tsx';
import type { EditSession } from './session.ts';

export function TextEditor({ session, at, block }: { session: EditSession; at: BlockAt; block: Block }) {
  const t = useT();
  const id = useId();
  const { view } = useReviewContext();
  const [draft, setDraft] = useState(block.content);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    area.current?.focus();
  }, []);
  const page = view.json!.pages[at.page]!;
  const preview = useMemo(() => {
    const md = toMarkdown([{ ...page, merge_content_from_pre_page: false, blocks: [{ ...block, content: draft }] }], { ...taskFeatures(view.task.featureConfig), keep_header_footer: true }, 'url');
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
    <section className="ed-editor" aria-label={t('edit.editor')} data-testid="edit-editor">
      <div className="ed-col">
        <label htmlFor={`${id}-text`} className="ed-label">{t('edit.content')}</label>
        <textarea
          id={`${id}-text`}
          ref={area}
          className="ed-text"
          value={draft}
          spellCheck={false}
          data-testid="edit-textarea"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) {
              e.preventDefault();
              e.stopPropagation();
              leave(true);
            }
          }}
        />
        <div className="ed-actions">
          <button type="button" className="rv-btn ed-primary" data-testid="edit-done" onClick={() => leave(true)}>{t('edit.done')}</button>
          <button type="button" className="rv-btn" data-testid="edit-cancel" onClick={() => leave(false)}>{t('edit.cancel')}</button>
          <button type="button" className="rv-btn" data-testid="edit-split" onClick={split}>{t('edit.split')}</button>
        </div>
      </div>
      <div className="ed-col">
        <span className="ed-label" id={`${id}-preview`}>{t('edit.preview')}</span>
        <div className="ed-preview" role="region" aria-labelledby={`${id}-preview`} tabIndex={0} data-testid="edit-preview">
          <Markdown markdown={preview} resolveImage={resolve} />
        </div>
      </div>
    </section>
  );
}
