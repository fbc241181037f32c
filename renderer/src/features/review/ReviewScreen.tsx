// Placeholder: the side-by-side review screen (issue 4) replaces this file.
export function ReviewScreen({ taskId }: { taskId: string }) {
  return <div data-testid="review-placeholder">{taskId}</div>;
}
