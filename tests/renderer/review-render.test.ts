// Review screen, drawing pages: the render queue (render-queue.ts) and the plain text a page's budget
// counts (render-budget.ts).
import { describe, expect, it } from 'vitest';
import { RenderQueue } from '../../renderer/src/features/review/render-queue.ts';
import { plainText } from '../../renderer/src/features/review/render-budget.ts';

describe('RenderQueue', () => {
  it('runs by priority, at most N at once, and never starts a cancelled job', async () => {
    const q = new RenderQueue(1);
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await new Promise((r) => setTimeout(r, 5));
      return name;
    };
    const a = q.add(5, job('a'));
    const b = q.add(9, job('b'));
    const c = q.add(1, job('c'));
    const d = q.add(0, job('d'));
    d.cancel();
    expect(await Promise.all([a.done, b.done, c.done, d.done])).toEqual(['a', 'b', 'c', null]);
    expect(order).toEqual(['a', 'c', 'b']);
  });
});

describe('plainText', () => {
  it('strips Markdown and HTML for placeholders', () => {
    expect(plainText('## A *b* [c](http://x) <td>d</td> $e$')).toBe('A b c d e');
  });
});
