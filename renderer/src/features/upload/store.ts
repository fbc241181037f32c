// Upload pipeline state: what is being prepared, and the files that were turned away (kept until
// the user dismisses them, so nothing is dropped silently).
import { create } from 'zustand';
import type { Rejection } from './validate.ts';
import type { FileOptions } from '../../../../shared/file-options.ts';

export interface UploadState {
  /** Files being prepared (client check → upload/paths → tasks:submit); 0 when idle. */
  busy: number;
  rejected: Rejection[];
  /** OCR and page range for the files added next (null: the defaults from Settings). */
  fileOptions: FileOptions | null;
  setFileOptions(o: FileOptions | null): void;
  setBusy(n: number): void;
  addRejected(list: Rejection[]): void;
  dismissRejected(index?: number): void;
}

export const useUpload = create<UploadState>((set) => ({
  busy: 0,
  rejected: [],
  fileOptions: null,
  setFileOptions: (fileOptions) => set({ fileOptions }),
  setBusy: (busy) => set({ busy }),
  addRejected: (list) => {
    if (list.length) set((s) => ({ rejected: [...s.rejected, ...list] }));
  },
  dismissRejected: (index) =>
    set((s) => ({ rejected: index === undefined ? [] : s.rejected.filter((_, i) => i !== index) })),
}));
