/**
 * UI state: the current tab and toasts.
 *
 *   toast({ key: 'history.queued', vars: { name } }, 'success');         // from anywhere, no hook needed
 *   toast({ key: 'export.failed' }, 'error', (t) => errorLine(err, t));  // optional detail line
 *   const tab = useUi((s) => s.tab); useUi.getState().setTab('history');
 *
 * A toast keeps message keys (or a function of the translator), never translated text: it is put
 * into words when shown, so it follows a language switch while it is up (toastLines).
 */
import { create } from 'zustand';
import { translate, type TFunction, type Vars } from '../i18n/index.ts';

export type Tab = 'queue' | 'history' | 'settings';
export type ToastKind = 'info' | 'success' | 'error' | 'warning';

/** What a toast says: a message key with its values, or a line built with the translator (from an error). */
export type ToastText = { key: string; vars?: Vars } | ((t: TFunction) => string);
/** A detail line may also be language-neutral text: a path, or the technical message from main. */
export type ToastDetail = ToastText | string | null;

export interface Toast {
  id: number;
  message: ToastText;
  kind: ToastKind;
  detail: ToastDetail;
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
  pushToast(message: ToastText, kind?: ToastKind, detail?: ToastDetail): number;
  dismissToast(id: number): void;
  dismissAll(): void;
}

/** Below this window width the queue collapses to a rail unless the user opened it there. */
export const NARROW_PX = 1280;
const PREFS_KEY = 'docparse.queueCollapsed';

function loadPrefs(): { narrow: boolean; wide: boolean } {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(PREFS_KEY) ?? 'null') as {
      narrow?: unknown;
      wide?: unknown;
    } | null;
    return { narrow: v?.narrow !== false, wide: v?.wide === true };
  } catch {
    return { narrow: true, wide: false };
  }
}

function savePrefs(prefs: { narrow: boolean; wide: boolean }): void {
  try {
    globalThis.localStorage?.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    /* storage unavailable: remembered for this session only */
  }
}

const initialNarrow =
  typeof window !== 'undefined' && typeof window.innerWidth === 'number' ? window.innerWidth < NARROW_PX : false;
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
export function toast(message: ToastText, kind: ToastKind = 'info', detail: ToastDetail = null): number {
  return useUi.getState().pushToast(message, kind, detail);
}

/** A ToastText put into words by `t` (also what dialogs keep as their error line, worded when rendered). */
export function sayText(text: ToastText | string, t: TFunction): string {
  return typeof text === 'string' ? text : typeof text === 'function' ? text(t) : t(text.key, text.vars);
}

/** A toast's lines in the language of `t` (default: the current one). */
export function toastLines(
  toast: Toast,
  t: TFunction = (k, v) => translate(k, v),
): { message: string; detail: string | null } {
  return {
    message: sayText(toast.message, t),
    detail: toast.detail === null ? null : sayText(toast.detail, t) || null,
  };
}
