// File names of results opened by id (a history item whose queue task was removed): the review
// screen learns the name from the cached result and the detail header shows it instead of a
// generic "Saved result".
import { create } from 'zustand';

const useResultNames = create<Record<string, string>>(() => ({}));

export function rememberResultName(id: string, fileName: string): void {
  if (fileName && useResultNames.getState()[id] !== fileName) useResultNames.setState({ [id]: fileName });
}

export const useResultName = (id: string): string | undefined => useResultNames((s) => s[id]);
