// The corrections' bar under the review toolbar: for the selected block its type and title level, edit its
// text (Enter; the editor below), merge with the next, delete, move up/down; undo/redo and "Save edited
// version" for the whole result; on an edited version, the way back to its original. It appears with the
// first selection, so an untouched review keeps the height of its panes.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { EDIT_TYPES, MAX_TITLE_LEVEL, type BlockAt, type EditOp } from '../../../../../shared/edit/blocks.ts';
import { useLocale, useT } from '../../../i18n/index.ts';
import { useTasks } from '../../../stores/tasks.ts';
import { toast } from '../../../stores/ui.ts';
import { useReview, useReviewContext } from '../context.tsx';
import { typeLabel } from '../type-names.ts';
import { unsaved, unsavedCount, type EditSession } from './session.ts';
import { TextEditor } from './TextEditor.tsx';
import { useEditKeys } from './useEditKeys.ts';
import './messages.ts';
import './edit.css';

/** The selected block's place in the pages (null when nothing is selected). */
function useSelectedAt(session: EditSession): BlockAt | null {
  const { doc } = useReviewContext();
  const selected = useReview((s) => s.selected);
  const pages = useStore(session, (s) => s.history.present.pages);
  const fb = doc.model.blocks[selected];
  if (!fb) return null;
  const index = pages[fb.page]?.blocks.indexOf(fb.block) ?? -1;
  return index < 0 ? null : { page: fb.page, index };
}

/** After an edit, undo or redo: select the block it worked on (in the document built from the new pages). */
function useFollowEdits(session: EditSession): void {
  const { doc, store } = useReviewContext();
  const focus = useStore(session, (s) => s.focus);
  const done = useRef(0);
  useEffect(() => {
    if (!focus || focus.seq === done.current) return;
    const page = doc.model.pages[focus.at.page];
    if (!page) return;
    done.current = focus.seq;
    store.getState().select(page.first + Math.min(focus.at.index, page.count - 1), 'keyboard');
  }, [focus, doc, store]);
}

/** Saves, then opens the saved version (a new result beside the original, or this one again). */
export async function saveEdits(session: EditSession, id: string): Promise<void> {
  const res = await session.getState().save();
  if (!res.ok) return void toast({ key: 'edit.saveFailed', vars: { message: res.error.message } }, 'error');
  toast(res.id === id ? { key: 'edit.savedOver' } : { key: 'edit.saved' }, 'success');
  useTasks.getState().select(res.id);
}

export function EditBar({ session }: { session: EditSession }) {
  const t = useT();
  const locale = useLocale();
  const { view, doc } = useReviewContext();
  const at = useSelectedAt(session);
  const s = useStore(session);
  useFollowEdits(session);
  useEditKeys(session, at, view.task.id);
  const block = at ? s.history.present.pages[at.page]?.blocks[at.index] : undefined;
  const run = (op: EditOp) => {
    if (!session.getState().apply(op)) toast({ key: 'edit.cannot' }, 'info');
  };
  const count = s.history.past.length;
  const pageBlocks = at ? s.history.present.pages[at.page]!.blocks.length : 0;
  const busy = s.editing || s.saving;
  const types =
    block && !(EDIT_TYPES as readonly string[]).includes(block.type) ? [block.type, ...EDIT_TYPES] : EDIT_TYPES;
  // The bar takes its row from the first selection on (the review keeps its height until then), and at
  // once on an edited version (its badge and the way to the original).
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (at) setShown(true);
  }, [at]);
  if (!shown && !at && !view.editedFrom) return null;
  return (
    <>
      <div className="ed-bar" role="toolbar" aria-label={t('edit.bar')} title={t('edit.keys')} data-testid="edit-bar">
        {view.editedFrom && (
          <span className="ed-edited">
            <span className="ed-badge" data-testid="edited-badge">
              {t('edit.editedOf')}
            </span>
            <button
              type="button"
              className="link-btn"
              data-testid="open-original"
              onClick={() => useTasks.getState().select(view.editedFrom!)}
            >
              {t('edit.openOriginal')}
            </button>
          </span>
        )}
        {block && at ? (
          <span className="ed-group" data-testid="edit-which">
            <select
              aria-label={t('edit.type', { page: doc.model.pages[at.page]!.pageNum + 1 })}
              value={block.type}
              disabled={busy}
              data-testid="edit-type"
              onChange={(e) => run({ kind: 'type', at, type: e.target.value })}
            >
              {types.map((ty) => (
                <option key={ty} value={ty}>
                  {typeLabel(ty, locale)}
                </option>
              ))}
            </select>
            <select
              aria-label={t('edit.level')}
              value={block.type === 'title' ? String(block.title_level ?? 1) : ''}
              data-testid="edit-level"
              disabled={busy || block.type !== 'title'}
              onChange={(e) => run({ kind: 'level', at, level: Number(e.target.value) })}
            >
              {block.type !== 'title' && <option value="">{t('edit.noLevel')}</option>}
              {Array.from({ length: MAX_TITLE_LEVEL }, (_, i) => (
                <option key={i} value={String(i + 1)}>
                  {t('edit.levelN', { n: i + 1 })}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="rv-btn"
              disabled={busy}
              aria-pressed={s.editing}
              data-testid="edit-text"
              aria-keyshortcuts="Enter"
              title="Enter"
              onClick={() => s.setEditing(true)}
            >
              {t('edit.edit')}
            </button>
            <button
              type="button"
              className="rv-btn"
              disabled={busy || at.index >= pageBlocks - 1}
              data-testid="edit-merge"
              onClick={() => run({ kind: 'merge', at })}
            >
              {t('edit.mergeNext')}
            </button>
            <button
              type="button"
              className="rv-btn"
              disabled={busy || at.index === 0}
              data-testid="edit-up"
              onClick={() => run({ kind: 'move', at, dir: -1 })}
            >
              {t('edit.moveUp')}
            </button>
            <button
              type="button"
              className="rv-btn"
              disabled={busy || at.index >= pageBlocks - 1}
              data-testid="edit-down"
              onClick={() => run({ kind: 'move', at, dir: 1 })}
            >
              {t('edit.moveDown')}
            </button>
            <button
              type="button"
              className="rv-btn ed-danger"
              disabled={busy}
              data-testid="edit-delete"
              onClick={() => run({ kind: 'delete', at })}
            >
              {t('edit.delete')}
            </button>
          </span>
        ) : (
          <span className="ed-which muted">{t('edit.none')}</span>
        )}
        <span className="ed-end">
          {unsaved(s) && (
            <span className="ed-unsaved" role="status" data-testid="edit-unsaved">
              {t('edit.unsaved', { n: unsavedCount(s) })}
            </span>
          )}
          <button
            type="button"
            className="rv-btn"
            disabled={busy || count === 0}
            data-testid="edit-undo"
            aria-keyshortcuts="Control+Z Meta+Z"
            title="Ctrl+Z"
            onClick={() => s.undo()}
          >
            {t('edit.undo')}
          </button>
          <button
            type="button"
            className="rv-btn"
            disabled={busy || s.history.future.length === 0}
            data-testid="edit-redo"
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
            title="Ctrl+Shift+Z"
            onClick={() => s.redo()}
          >
            {t('edit.redo')}
          </button>
          <button
            type="button"
            className="rv-btn ed-primary"
            disabled={busy || !unsaved(s)}
            data-testid="edit-save"
            aria-keyshortcuts="Control+S Meta+S"
            title="Ctrl+S"
            onClick={() => void saveEdits(session, view.task.id)}
          >
            {s.saving ? t('edit.saving') : t('edit.save')}
          </button>
        </span>
      </div>
      {s.editing && block && at && (
        <TextEditor key={`${at.page}-${block.idx}`} session={session} at={at} block={block} />
      )}
    </>
  );
}
