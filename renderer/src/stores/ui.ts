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
  /** Queue pane collapsed to give the review screen the whole width. */
  queueCollapsed: boolean;
  setTab(tab: Tab): void;
  setQueueCollapsed(collapsed: boolean): void;
  pushToast(message: string, kind?: ToastKind, detail?: string | null): number;
  dismissToast(id: number): void;
}

const MAX_TOASTS = 5;
const LIFETIME_MS: Record<ToastKind, number> = { info: 4000, success: 4000, warning: 7000, error: 10000 };
let nextId = 1;

export const useUi = create<UiState>((set, get) => ({
  tab: 'queue',
  toasts: [],
  queueCollapsed: false,
  setTab: (tab) => set({ tab }),
  setQueueCollapsed: (queueCollapsed) => set({ queueCollapsed }),

  pushToast(message, kind = 'info', detail = null) {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { id, message, kind, detail }].slice(-MAX_TOASTS) }));
    if (typeof window !== 'undefined') window.setTimeout(() => get().dismissToast(id), LIFETIME_MS[kind]);
    return id;
  },

  dismissToast(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
}));

/** Shows a transient message; returns its id (for dismissToast). */
export function toast(message: string, kind: ToastKind = 'info', detail: string | null = null): number {
  return useUi.getState().pushToast(message, kind, detail);
}
