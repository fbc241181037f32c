/**
 * Settings mirror. main owns the values; `update(patch)` saves through 'settings:set' and the
 * answer (or a 'settings:changed' event) replaces the local copy.
 *
 *   const settings = useSettings((s) => s.settings);   // null until 'settings:get' answered
 *   const update = useSettings((s) => s.update);       // await update({ theme: 'dark' })
 */
import { create } from 'zustand';
import type { Settings } from '../../../shared/task.ts';
import type { AppError } from '../../../shared/result.ts';
import { invoke } from '../lib/ipc.ts';
import { deferredErrorLine } from '../i18n/errors.ts';
import { toast } from './ui.ts';

export interface SettingsState {
  settings: Settings | null;
  /** True while a 'settings:set' is in flight. */
  saving: boolean;
  lastError: AppError | null;
  setLocal(settings: Settings): void;
  /** Saves a patch; resolves with the error (null when saved). `quiet`: no toast (the caller shows the error by its field). */
  update(patch: Partial<Settings>, opts?: { quiet?: boolean }): Promise<AppError | null>;
}

export const useSettings = create<SettingsState>((set, get) => ({
  settings: null,
  saving: false,
  lastError: null,

  setLocal(settings) {
    set({ settings });
  },

  async update(patch, opts) {
    const before = get().settings;
    // Optimistic: controls follow the user immediately; main's answer is authoritative.
    if (before) set({ settings: { ...before, ...patch } });
    set({ saving: true });
    const res = await invoke('settings:set', patch);
    if (res.ok) {
      set({ settings: res.value, saving: false, lastError: null });
      return null;
    }
    set({ settings: before, saving: false, lastError: res.error });
    if (!opts?.quiet) toast({ key: 'settings.saveFailed' }, 'error', deferredErrorLine(res.error));
    return res.error;
  },
}));
