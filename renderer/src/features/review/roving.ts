// One Tab stop for a virtualised list (thumbnails, the inspector's tree): the active item is tabbable,
// the others are not, and arrow keys / Home / End move the active item and its focus. Items carry
// `data-i` (their index); an item scrolled out of the virtualised window cannot take focus, so the
// first rendered item is the Tab stop until the active one comes back into view. Trees add ←/→.
import type { KeyboardEvent } from 'react';

/** The index a key moves to from `at` in a list of `count` items, or null when it is no move key. */
function rovingTarget(key: string, at: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return Math.min(count - 1, at + 1);
  if (key === 'ArrowUp') return Math.max(0, at - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** tabIndex of item `i`: 0 for the active item (or the first rendered one if the active is not rendered). */
export function rovingTabIndex(i: number, active: number, rendered: readonly { index: number }[]): 0 | -1 {
  const activeShown = rendered.some((it) => it.index === active);
  return i === (activeShown ? active : rendered[0]?.index) ? 0 : -1;
}

/** Handles a move key on an item (from the focused one): `go(i)` makes item i active (and scrolls it in);
 *  focus follows (once it is drawn). A tree passes `extra` for its own keys (←/→), which may act and
 *  return where focus goes. */
export function onRovingKey(
  e: KeyboardEvent<HTMLElement>,
  count: number,
  go: (i: number) => void,
  extra?: (at: number, key: string) => number | null,
): void {
  const item = (e.target as HTMLElement).closest<HTMLElement>('[data-i]');
  const at = item ? Number(item.dataset.i) : -1;
  const target = at < 0 ? null : (rovingTarget(e.key, at, count) ?? extra?.(at, e.key) ?? null);
  if (target === null) return;
  e.preventDefault();
  go(target);
  const list = e.currentTarget;
  const focus = (tries: number) => {
    const el = list.querySelector<HTMLElement>(`[data-i="${target}"]`);
    if (el) el.focus({ preventScroll: true });
    else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
  };
  focus(5); // at once when drawn already (a neighbour), so a quick second key goes on from it
}
