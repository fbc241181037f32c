// The "Keep A" / "Keep B" choices of one comparison (A everywhere until the user keeps B for a difference;
// keeping A again undoes it) and saving them: the merged block list of A (shared/compare/merge.ts), its
// changed pages sent through 'results:saveVersion' as an edited version of A (B's cached pictures the kept
// blocks link are copied into it by main), which then opens in review.
import { useCallback, useMemo, useState } from 'react';
import type { Row } from '../../../../shared/compare/match.ts';
import {
  choosable,
  flatBlocks,
  keepableImages,
  keepRefusal,
  mergedPages,
  MergeError,
  type KeepRefusal,
} from '../../../../shared/compare/merge.ts';
import { changedPages } from '../../../../shared/edit/version.ts';
import type { ResultView } from '../../../../shared/task.ts';
import { invoke } from '../../lib/ipc.ts';
import { useTasks } from '../../stores/tasks.ts';
import { useUi } from '../../stores/ui.ts';
import { useCompare } from './store.ts';

export type KeepSide = 'a' | 'b';

interface KeepError {
  key: string;
  vars?: Record<string, string>;
}

export interface Keep {
  keepB: ReadonlySet<number>;
  /** Per row: why B cannot be kept there (null: it can, or the row is not a difference). */
  refusals: readonly (KeepRefusal | null)[];
  /** Keeps `side` for row i; 'toggle' swaps the row's choice. */
  choose(i: number, side: KeepSide | 'toggle'): void;
  saving: boolean;
  /** The id of the merged version once saved. */
  saved: string | null;
  /** Why the last save failed (a refused block, or main's message), as a message key and its values. */
  error: KeepError | null;
  save(): Promise<void>;
  openSaved(): void;
}

export function useKeep(a: ResultView, b: ResultView | null, rows: readonly Row[]): Keep {
  const [keepB, setKeepB] = useState<ReadonlySet<number>>(() => new Set());
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<KeepError | null>(null);
  // New rows (the comparison finished): the choices were about other rows.
  const [rowsSeen, setRowsSeen] = useState(rows);
  if (rowsSeen !== rows) {
    setRowsSeen(rows);
    setKeepB(new Set());
  }
  const images = useMemo(() => (a.json ? keepableImages(a.json, b?.images) : new Set<string>()), [a.json, b?.images]);
  const refusals = useMemo(() => {
    if (!a.json) return rows.map(() => 'page' as const);
    const bBlocks = flatBlocks(b?.json);
    return rows.map((r) => (choosable(r) ? keepRefusal(r, a.json!, bBlocks, images) : null));
  }, [rows, a.json, b?.json, images]);

  const choose = useCallback(
    (i: number, side: KeepSide | 'toggle') => {
      const row = rows[i];
      if (!row || !choosable(row)) return;
      setKeepB((s) => {
        const toB = side === 'toggle' ? !s.has(i) : side === 'b';
        if (toB === s.has(i) || (toB && refusals[i])) return s;
        const next = new Set(s);
        if (toB) next.add(i);
        else next.delete(i);
        return next;
      });
      setSaved(null);
      setError(null);
    },
    [rows, refusals],
  );

  const save = async () => {
    if (!a.json || !b?.json || saving) return;
    setError(null);
    let pages: ReturnType<typeof mergedPages>;
    try {
      pages = mergedPages(a.json, b.json, rows, keepB, images);
    } catch (e) {
      if (e instanceof MergeError) return void setError({ key: 'compare.keepRefused' });
      throw e;
    }
    setSaving(true);
    const res = await invoke('results:saveVersion', {
      id: a.task.id,
      pages: changedPages(a.json.pages, pages),
      imagesFrom: b.task.id,
    });
    setSaving(false);
    if (res.ok) setSaved(res.value.id);
    else setError({ key: 'compare.saveFailed', vars: { message: res.error.message } });
  };

  const openSaved = () => {
    if (!saved) return;
    useCompare.getState().close();
    useTasks.getState().select(saved);
    useUi.getState().setTab('queue');
  };
  return { keepB, refusals, choose, saving, saved, error, save, openSaved };
}
