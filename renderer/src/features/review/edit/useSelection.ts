// The block the corrections work on: the selection's place in the edited pages, and the selection following
// each edit, undo or redo to the block it worked on.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { BlockAt } from '../../../../../shared/edit/blocks.ts';
import { useReview, useReviewContext } from '../context.tsx';
import type { EditSession } from './session.ts';

/** The selected block's place in the pages (null when nothing is selected). */
export function useSelectedAt(session: EditSession): BlockAt | null {
  const { doc } = useReviewContext();
  const selected = useReview((s) => s.selected);
  const pages = useStore(session, (s) => s.history.present.pages);
  const fb = doc.model.blocks[selected];
  if (!fb) return null;
  const index = pages[fb.page]?.blocks.indexOf(fb.block) ?? -1;
  return index < 0 ? null : { page: fb.page, index };
}

/** After an edit, undo or redo: select the block it worked on (in the document built from the new pages). */
export function useFollowEdits(session: EditSession): void {
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
