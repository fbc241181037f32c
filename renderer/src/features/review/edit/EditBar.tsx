// The corrections' bar under the review toolbar: for the selected block its type and title level, edit its
// text (Enter; the editor below), merge with the next, delete, move up/down; undo/redo and "Save edited
// version" for the whole result; on an edited version, the way back to its original. It appears with the
// first selection, so an untouched review keeps the height of its panes.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { EDIT_TYPES, MAX_TITLE_LEVEL, type EditOp } from '../../../../../shared/edit/blocks.ts';
import { useLocale, useT } from '../../../i18n/index.ts';
import { useTasks } from '../../../stores/tasks.ts';
import { toast } from '../../../stores/ui.ts';
import { useReviewContext } from '../context.tsx';
import { typeLabel } from '../type-names.ts';
import { saveEdits, unsaved, unsavedCount, type EditSession } from './session.ts';
import { useFollowEdits, useSelectedAt } from './useSelection.ts';
import { TextEditor } from './TextEditor.tsx';
import { useEditKeys } from './useEditKeys.ts';
import './messages.ts';
import './edit.css';

/** The levels a title may have, 1 to MAX_TITLE_LEVEL. */
const TITLE_LEVELS = Array.from({ length: MAX_TITLE_LEVEL }, (_, i) => i + 1);

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
              {TITLE_LEVELS.map((n) => (
                <option key={n} value={String(n)}>
                  {t('edit.levelN', { n })}
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
