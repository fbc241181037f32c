// Which comparison is open, which result the "Compare with…" picker is for, and the re-runs the app
// waits on to open a comparison when they finish. Any screen opens the picker with pickFor(id, name).
import { create } from 'zustand';

export interface ComparePair {
  a: string;
  b: string;
}

interface CompareState {
  pair: ComparePair | null;
  picker: { id: string; fileName: string } | null;
  /** New task id → the result it is compared with once it succeeds. */
  waiting: Record<string, string>;
  open(a: string, b: string): void;
  close(): void;
  pickFor(id: string, fileName: string): void;
  closePicker(): void;
  waitFor(task: string, base: string): void;
  doneWaiting(task: string): void;
}

export const useCompare = create<CompareState>((set) => ({
  pair: null,
  picker: null,
  waiting: {},
  open: (a, b) => set({ pair: { a, b }, picker: null }),
  close: () => set({ pair: null }),
  pickFor: (id, fileName) => set({ picker: { id, fileName } }),
  closePicker: () => set({ picker: null }),
  waitFor: (task, base) => set((s) => ({ waiting: { ...s.waiting, [task]: base } })),
  doneWaiting: (task) =>
    set((s) => {
      const waiting = { ...s.waiting };
      delete waiting[task];
      return { waiting };
    }),
}));
