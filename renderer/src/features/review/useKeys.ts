// Review keyboard shortcuts, active while the screen is mounted: j/k next/previous block, n/p
// next/previous page, b boxes on/off, / find, Esc clears the selection. Keys typed into fields,
// or with Ctrl/Alt/Meta held, are left alone.
import { useEffect } from 'react';
import type { RefObject } from 'react';
import type { ReviewStore } from './store.ts';
import type { SyncGate } from './sync.ts';

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

export function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(EDITABLE) !== null;
}

/** Applies one key to the store; returns true when it was a review shortcut. */
export function handleKey(key: string, store: ReviewStore, gate: SyncGate, focusSearch: () => void): boolean {
  const s = store.getState();
  switch (key) {
    case 'j':
      gate.release();
      s.stepBlock(1);
      return true;
    case 'k':
      gate.release();
      s.stepBlock(-1);
      return true;
    case 'n':
      s.stepPage(1);
      return true;
    case 'p':
      s.stepPage(-1);
      return true;
    case 'b':
      s.toggleBoxes();
      return true;
    case '/':
      focusSearch();
      return true;
    case 'Escape':
      if (s.selected < 0 && s.hovered < 0) return false;
      s.clearSelection();
      return true;
    default:
      return false;
  }
}

export function useKeys(store: ReviewStore, gate: SyncGate, searchRef: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || isTypingTarget(e.target)) return;
      // Only while no dialog is open over the screen.
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const done = handleKey(e.key, store, gate, () => {
        searchRef.current?.focus();
        searchRef.current?.select();
      });
      if (done) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, gate, searchRef]);
}
