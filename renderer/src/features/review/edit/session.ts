// One review's corrections: the edit history (shared/edit) over the loaded result's pages, the result as the
// review shows it now (JSON with the edited blocks, Markdown from the one writer with the cached image
// links), and saving it as an edited version through main ('results:saveVersion').
import { createStore } from 'zustand/vanilla';
import type { BlockAt, EditOp } from '../../../../../shared/edit/blocks.ts';
import { record, redo, startHistory, undo, type EditHistory } from '../../../../../shared/edit/history.ts';
import { changedPages, editedOutputs, taskFeatures } from '../../../../../shared/edit/version.ts';
import { rewriteMarkdown } from '../../../../../shared/markdown/links.ts';
import type { AppError } from '../../../../../shared/result.ts';
import type { Page } from '../../../../../shared/somark.ts';
import type { ResultView } from '../../../../../shared/task.ts';
import { invoke } from '../../../lib/ipc.ts';
import { useTasks } from '../../../stores/tasks.ts';
import { toast } from '../../../stores/ui.ts';

export interface EditState {
  history: EditHistory;
  /** The pages as main has them now (as loaded, then as last saved): what a save sends changes against. */
  base: readonly Page[];
  /** Where the review should select after the last change (an edit, undo or redo), with a request number. */
  focus: { at: BlockAt; seq: number } | null;
  /** The text editor is open on the selected block. */
  editing: boolean;
  saving: boolean;
  apply(op: EditOp): boolean;
  undo(): boolean;
  redo(): boolean;
  setEditing(on: boolean): void;
  /** Saves the edits as a version; answers its id, or the error. */
  save(): Promise<{ ok: true; id: string } | { ok: false; error: AppError }>;
}

export type EditSession = ReturnType<typeof createEditSession>;

/** The review's view of the result with `pages` as its blocks. */
export function editedView(view: ResultView, pages: readonly Page[]): ResultView {
  if (!view.json || pages === view.json.pages) return view;
  const out = editedOutputs(view.json, pages.slice(), taskFeatures(view.task.featureConfig));
  return { ...view, json: out.json, catalog: out.catalog, markdown: rewriteMarkdown(out.markdown, view.images) };
}

export function createEditSession(view: ResultView) {
  return createStore<EditState>()((set, get) => {
    let seq = 0;
    const moved = (step: { history: EditHistory; at: BlockAt | null } | null): boolean => {
      if (!step) return false;
      set({ history: step.history, focus: step.at ? { at: step.at, seq: ++seq } : null });
      return true;
    };
    return {
      history: startHistory(view.json?.pages ?? []),
      base: view.json?.pages ?? [],
      focus: null,
      editing: false,
      saving: false,
      apply: (op) => moved(record(get().history, op)),
      undo: () => moved(undo(get().history)),
      redo: () => moved(redo(get().history)),
      setEditing: (editing) => set({ editing }),
      async save() {
        set({ saving: true });
        const present = get().history.present.pages;
        const res = await invoke('results:saveVersion', { id: view.task.id, pages: changedPages(get().base, present) });
        set(res.ok ? { saving: false, base: present } : { saving: false });
        return res.ok ? { ok: true, id: res.value.id } : { ok: false, error: res.error };
      },
    };
  });
}

/** Steps between what main has (as loaded, or last saved) and what the review shows: edits not saved. */
export function unsavedCount(s: EditState): number {
  const { past, present, future } = s.history;
  const at = [...past, present, ...future].findIndex((step) => step.pages === s.base);
  return at < 0 ? past.length + 1 : Math.abs(past.length - at);
}

export const unsaved = (s: EditState): boolean => unsavedCount(s) > 0;

/** Saves, then opens the saved version (a new result beside the original, or this one again). */
export async function saveEdits(session: EditSession, id: string): Promise<void> {
  const res = await session.getState().save();
  if (!res.ok) return void toast({ key: 'edit.saveFailed', vars: { message: res.error.message } }, 'error');
  toast(res.id === id ? { key: 'edit.savedOver' } : { key: 'edit.saved' }, 'success');
  useTasks.getState().select(res.id);
}
