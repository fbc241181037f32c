// The review screen's panes in jsdom, which has no layout: a size for the scrolling panes, a
// ResizeObserver that reports nothing, a wide window (thumbnails and inspector open); and finding a box or
// a Markdown chunk by block.
import { afterAll, beforeAll } from 'vitest';

/** The size every scrolling pane reports. */
export const PANE = { w: 800, h: 600 };

/** Sizes the panes for the tests of the calling file (before all of them; undone after). */
export function sizePanes(): void {
  // jsdom has no layout: give the scrolling panes a size, and a ResizeObserver that reports nothing.
  const sized = (el: Element) => /\brv-(pages|md-scroll|tree|thumbs)\b/.test(el.className);
  const originalRect = HTMLElement.prototype.getBoundingClientRect;
  const originalWidth = window.innerWidth;
  beforeAll(() => {
    // A wide desktop window: the thumbnails and the inspector start open (narrow windows: see below).
    window.innerWidth = 1920;
    for (const [prop, value] of [
      ['clientWidth', PANE.w],
      ['clientHeight', PANE.h],
    ] as const) {
      Object.defineProperty(HTMLElement.prototype, prop, {
        configurable: true,
        get() {
          return sized(this) ? value : 0;
        },
      });
    }
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      return sized(this)
        ? ({
            x: 0,
            y: 0,
            top: 0,
            left: 0,
            width: PANE.w,
            height: PANE.h,
            right: PANE.w,
            bottom: PANE.h,
            toJSON() {},
          } as DOMRect)
        : originalRect.call(this);
    };
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });
  afterAll(() => {
    window.innerWidth = originalWidth;
    HTMLElement.prototype.getBoundingClientRect = originalRect;
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
  });
}

export const box = (g: number) => document.querySelector<HTMLElement>(`.rv-box[data-g="${g}"]`);
export const chunkOf = (g: number) => document.querySelector<HTMLElement>(`[data-testid=md-chunk][data-g="${g}"]`);
