// Upload pipeline state: what is being prepared, and the files that were turned away (kept until
// the user dismisses them, so nothing is dropped silently).
import { create } from 'zustand';
import type { Rejection } from './validate.ts';

export interface UploadState {
  /** Files being prepared (client check → upload/paths → tasks:submit); 0 when idle. */
  busy: number;
  rejected: Rejection[];
  setBusy(n: number): void;
  addRejected(list: Rejection[]): void;
  dismissRejected(index?: number): void;
}

export const useUpload = create<UploadState>((set) => ({
  busy: 0,
  rejected: [],
  setBusy: (busy) => set({ busy }),
  addRejected: (list) => {
    if (list.length) set((s) => ({ rejected: [...s.rejected, ...list] }));
  },
  dismissRejected: (index) =>
    set((s) => ({ rejected: index === undefined ? [] : s.rejected.filter((_, i) => i !== index) })),
}));
