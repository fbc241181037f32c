// Pages drawn from main's page images (renderer/src/features/review/page-images.ts): a cancelled load must end
// its job even when the browser never settles the image's decode() (Chromium may not, once the src is cleared),
// or the two loads the queue runs at once stay taken and every later page waits forever.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { imagePages } from '../../renderer/src/features/review/page-images.ts';

const SIZES = [1, 2, 3].map(() => ({ w: 1190, h: 1684 }));

afterEach(() => {
  delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
});

describe('page images', () => {
  it('a cancelled load frees its place: the next page starts although the first decodes never settle', async () => {
    const srcs: string[] = [];
    // jsdom has no decode(): this one never settles, as a load cleared mid-way can in Chromium.
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value(this: HTMLImageElement) {
        srcs.push(this.src);
        return new Promise<void>(() => {});
      },
    });
    const doc = imagePages('asset://x/', SIZES, 3);
    const first = [doc.render(0, 400, 566, 1, 0), doc.render(1, 400, 566, 1, 0)];
    await vi.waitFor(() => expect(srcs).toHaveLength(2));
    for (const h of first) h.cancel();
    expect(await Promise.all(first.map((h) => h.done))).toEqual([null, null]);
    doc.render(2, 400, 566, 1, 0);
    await vi.waitFor(() => expect(srcs).toHaveLength(3));
    expect(srcs[2]).toContain('asset://x/');
    doc.destroy();
  });
});
