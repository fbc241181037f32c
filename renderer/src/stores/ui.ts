/**
 * UI state: the current tab and toasts.
 *
 *   toast('Saved', 'success');                      // from anywhere, no hook needed
 *   toast(t('export.failed'), 'error', err.message); // optional detail line
 *   const tab = useUi((s) => s.tab); useUi.getState().setTab('history');
 */
import { create } from 'zustand';

export type Tab = 'queue' | 'history' | 'settings';
export type ToastKind = 'info' | 'success' | 'error' | 'warning';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  detail: string | null;
}

export interface UiState {
  tab: Tab;
  toasts: Toast[];
  /** Queue pane collapsed to an icon rail to give the review screen the width (derived, see below). */
  queueCollapsed: boolean;
  /** Window narrower than NARROW_PX: the queue collapses by default. */
  narrow: boolean;
  /** The user's choice per window class, remembered: collapsed in narrow / wide windows. */
  queuePrefs: { narrow: boolean; wide: boolean };
  setTab(tab: Tab): void;
  setQueueCollapsed(collapsed: boolean): void;
  setNarrow(narrow: boolean): void;
  pushToast(message: string, kind?: ToastKind, detail?: string | null): number;
  dismissToast(id: number): void;
  dismissAll(): void;
}

/** Below this window width the queue collapses to a rail unless the user opened it there. */
export const NARROW_PX = 1280;
const PREFS_KEY = 'docparse.queueCollapsed';

function loadPrefs(): { narrow: boolean; wide: boolean } {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(PREFS_KEY) ?? 'null') as { narrow?: unknown; wide?: unknown } | null;
    return { narrow: v?.narrow !== false, wide: v?.wide === true };
  } catch {
    return { narrow: true, wide: false };
  }
}

function savePrefs(prefs: { narrow: boolean; wide: boolean }): void {
  try {
    globalThis.localStorage?.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch { /* storage unavailable: remembered for this session only */ }
}

const initialNarrow = typeof window !== 'undefined' && typeof window.innerWidth === 'number' ? window.innerWidth < NARROW_PX : false;
const initialPrefs = loadPrefs();

const MAX_TOASTS = 5;
const LIFETIME_MS: Record<ToastKind, number> = { info: 4000, success: 4000, warning: 7000, error: 10000 };
let nextId = 1;

export const useUi = create<UiState>((set, get) => ({
  tab: 'queue',
  toasts: [],
  queueCollapsed: initialNarrow ? initialPrefs.narrow : initialPrefs.wide,
  narrow: initialNarrow,
  queuePrefs: initialPrefs,
  setTab: (tab) => set({ tab }),
  setQueueCollapsed(queueCollapsed) {
    const queuePrefs = { ...get().queuePrefs, [get().narrow ? 'narrow' : 'wide']: queueCollapsed };
    savePrefs(queuePrefs);
    set({ queueCollapsed, queuePrefs });
  },
  setNarrow(narrow) {
    if (narrow === get().narrow) return;
    set({ narrow, queueCollapsed: narrow ? get().queuePrefs.narrow : get().queuePrefs.wide });
  },

  pushToast(message, kind = 'info', detail = null) {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { id, message, kind, detail }].slice(-MAX_TOASTS) }));
    if (typeof window !== 'undefined') window.setTimeout(() => get().dismissToast(id), LIFETIME_MS[kind]);
    return id;
  },

  dismissToast(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },

  dismissAll() {
    set({ toasts: [] });
  },
}));

/** Shows a transient message; returns its id (for dismissToast). */
export function toast(message: string, kind: ToastKind = 'info', detail: string | null = null): number {
  return useUi.getState().pushToast(message, kind, detail);
}
