// The corrections' keys, while the review is mounted: Enter edits the selected block's text, Ctrl/Cmd+Z
// undoes, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redoes, Ctrl/Cmd+S saves the edited version. Keys typed into a
// field keep their own meaning (a textarea's own undo), and Enter on a button or link presses it.
import { useEffect, useRef } from 'react';
import type { BlockAt } from '../../../../../shared/edit/blocks.ts';
import { isTypingTarget } from '../useKeys.ts';
import { saveEdits, unsaved, type EditSession } from './session.ts';

const PRESSABLE = 'button, a[href], summary, [role="button"], [role="tab"], [role="menuitem"], [role="option"]';

export function useEditKeys(session: EditSession, at: BlockAt | null, id: string): void {
  const selected = useRef(at);
  selected.current = at;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || isTypingTarget(e.target)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const s = session.getState();
      if (s.editing || s.saving) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      let done = false;
      if (mod && key === 'z') done = e.shiftKey ? s.redo() : s.undo();
      else if (mod && key === 'y' && !e.shiftKey) done = s.redo();
      else if (mod && key === 's') {
        if (unsaved(s)) void saveEdits(session, id);
        done = true;
      } else if (!mod && !e.shiftKey && e.key === 'Enter' && selected.current) {
        if (e.target instanceof Element && e.target.closest(PRESSABLE)) return;
        s.setEditing(true);
        done = true;
      }
      if (done) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session, id]);
}
