// React context of one review screen: the derived document, the store, the PDF (when there is
// one), and the bridge the two scrolling panes use to follow each other.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ResultView } from '../../../../shared/task.ts';
import type { ReviewDoc } from './doc.ts';
import type { PdfDoc } from './pdf.ts';
import type { ReviewState, ReviewStore } from './store.ts';
import type { Anchor, SyncGate } from './sync.ts';

/** What a scrolling pane exposes to the other for synchronised scrolling. */
export interface PaneBridge {
  /** Position of an anchor in this pane's scroll content (CSS px). */
  pos(a: Anchor): number;
  scrollTop(): number;
  /** Height of the pane's viewport. */
  viewport(): number;
  /** Max scroll offset (content height − viewport). */
  maxScroll(): number;
  scrollTo(top: number): void;
}

export interface Bridge {
  page: PaneBridge | null;
  markdown: PaneBridge | null;
}

export interface ReviewContextValue {
  view: ResultView;
  doc: ReviewDoc;
  store: ReviewStore;
  gate: SyncGate;
  bridge: Bridge;
  /** The loaded PDF, or null (image, no original, still loading, failed). */
  pdf: PdfDoc | null;
  /** CSS px per page_size px at 100 % (PDF: 96 dpi of the page's points; image: its pixels). */
  baseScale: number;
  /** The original is still being opened: its pages will be drawn (each page shows it is loading). */
  opening: boolean;
  /** The original as page images main draws, for a page pdf.js opened but cannot draw (null: none). */
  pageImages(): Promise<PdfDoc | null>;
}

export const ReviewContext = createContext<ReviewContextValue | null>(null);

export function useReviewContext(): ReviewContextValue {
  const ctx = useContext(ReviewContext);
  if (!ctx) throw new Error('useReviewContext outside <ReviewContext>');
  return ctx;
}

/** Subscribes to a slice of the screen's store. */
export function useReview<T>(selector: (s: ReviewState) => T): T {
  return useStore(useReviewContext().store, selector);
}
