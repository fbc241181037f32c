// Placeholder: the history panel (issue 5) replaces this file.
export function HistoryPanel({ onOpen }: { onOpen: (taskId: string) => void }) {
  void onOpen;
  return <div data-testid="history-placeholder" />;
}
