// Placeholder: export actions for one task or a batch (issue 5) replace this file.
export function ExportMenu({ taskIds }: { taskIds: string[] }) {
  void taskIds;
  return null;
}
