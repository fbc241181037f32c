// Undo and redo over corrections: a value holding the pages before (past), now (present) and undone
// (future), each step with the operation that made it. Pure and immutable: every call returns a new history.
import type { Page } from '../somark.ts';
import { afterEdit, applyEdit, type BlockAt, type EditOp } from './blocks.ts';

interface Step {
  pages: readonly Page[];
  /** The operation that led from the step before to this one (null for the start). */
  op: EditOp | null;
}

export interface EditHistory {
  past: readonly Step[];
  present: Step;
  future: readonly Step[];
}

/** Steps kept for undo (the oldest go first); each holds only the pages it changed as new objects. */
const MAX_UNDO = 500;

export function startHistory(pages: readonly Page[]): EditHistory {
  return { past: [], present: { pages, op: null }, future: [] };
}

/** The history after one operation (the redo branch is dropped), and where its block is now; null when the
 *  operation changes nothing. */
export function record(h: EditHistory, op: EditOp): { history: EditHistory; at: BlockAt | null } | null {
  const pages = applyEdit(h.present.pages, op);
  if (!pages) return null;
  const past = [...h.past, h.present].slice(-MAX_UNDO);
  return { history: { past, present: { pages, op }, future: [] }, at: afterEdit(pages, op) };
}

/** The history one step back, and where the undone operation's block was; null when there is nothing to undo. */
export function undo(h: EditHistory): { history: EditHistory; at: BlockAt | null } | null {
  const prev = h.past[h.past.length - 1];
  if (!prev) return null;
  return {
    history: { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] },
    at: h.present.op?.at ?? null,
  };
}

/** The history one step forward again; null when there is nothing to redo. */
export function redo(h: EditHistory): { history: EditHistory; at: BlockAt | null } | null {
  const next = h.future[0];
  if (!next) return null;
  return {
    history: { past: [...h.past, h.present], present: next, future: h.future.slice(1) },
    at: next.op ? afterEdit(next.pages, next.op) : null,
  };
}

/** Operations between the start and now (what a save would hold). */
export const editCount = (h: EditHistory): number => h.past.length;
