// State of one review screen: selection and hover (the linking between panes), filters, box
// display, zoom, current page, find-in-document. One store per mounted screen (no leaks between
// tasks). Panes react to `seq` changes to scroll the selected block into view unless they started it.
import { createStore } from 'zustand/vanilla';
import type { ReviewDoc } from './doc.ts';
import type { Hits } from './nav.ts';
import { NO_HITS, clampPage, findHits, stepBlock, stepHit } from './nav.ts';

type Origin = 'page' | 'markdown' | 'inspector' | 'keyboard' | 'search' | 'thumbs';
type Zoom = { kind: 'fit-width' } | { kind: 'fit-page' } | { kind: 'percent'; value: number };
export const ZOOM_STEPS = [25, 50, 75, 100, 125, 150, 200, 300, 400];
export const ZOOM_MIN = 10;
export const ZOOM_MAX = 800;

export interface ReviewState {
  /** Selected block (global index) or -1; `origin` is the pane that selected it. */
  selected: number;
  origin: Origin;
  /** Bumped on every selection or reveal request, so panes scroll even to the same block again. */
  seq: number;
  hovered: number;
  hoverOrigin: Origin | null;
  /** Chunk to reveal in the Markdown pane (search hits without a block). */
  revealChunk: number;
  hidden: ReadonlySet<string>;
  showBoxes: boolean;
  boxMode: 'all' | 'hover';
  numbers: boolean;
  zoom: Zoom;
  /** The zoom actually in effect, in percent (fit modes resolve to one), reported by the page pane. */
  percent: number;
  /** The page pane is flying past pages (fast scroll): nothing new should start rendering. */
  flying: boolean;
  /** Page the page pane shows (reported by it). */
  page: number;
  /** Page the page pane should scroll to, with a request number. */
  goto: { page: number; seq: number } | null;
  sync: boolean;
  mdMode: 'rendered' | 'source';
  query: string;
  hits: Hits;
  hit: number;
  /** Inspector page filter: a page index or -1 for all pages. */
  inspectorPage: number;
  thumbs: boolean;
  inspector: boolean;

  select(g: number, origin: Origin): void;
  hover(g: number, origin: Origin): void;
  unhover(origin: Origin): void;
  clearSelection(): void;
  toggleType(type: string): void;
  showOnly(type: string | null): void;
  toggleBoxes(): void;
  setBoxMode(mode: 'all' | 'hover'): void;
  toggleNumbers(): void;
  setZoom(zoom: Zoom): void;
  /** Zoom in (1) or out (-1) to the next step from the zoom in effect. */
  stepZoom(dir: 1 | -1): void;
  reportPercent(percent: number): void;
  reportPage(page: number): void;
  reportFlying(flying: boolean): void;
  gotoPage(page: number): void;
  stepPage(dir: 1 | -1): void;
  stepBlock(dir: 1 | -1): void;
  setSync(on: boolean): void;
  setMdMode(mode: 'rendered' | 'source'): void;
  setQuery(query: string): void;
  stepHit(dir: 1 | -1): void;
  setInspectorPage(page: number): void;
  togglePanel(panel: 'thumbs' | 'inspector'): void;
}

export type ReviewStore = ReturnType<typeof createReviewStore>;

/** `doc` may be a getter: a result without JSON gets its pages once the PDF is open. */
/** Window width for initial panel choices (wide when there is no window, e.g. in tests). */
const viewportWidth = (): number => (typeof window === 'undefined' ? Infinity : window.innerWidth || Infinity);

export function createReviewStore(source: ReviewDoc | (() => ReviewDoc), initial: Partial<ReviewState> = {}) {
  const current = typeof source === 'function' ? source : () => source;
  return createStore<ReviewState>()((set, get) => ({
    selected: -1,
    origin: 'page',
    seq: 0,
    hovered: -1,
    hoverOrigin: null,
    revealChunk: -1,
    hidden: new Set<string>(),
    showBoxes: true,
    boxMode: 'all',
    numbers: true,
    zoom: { kind: 'fit-width' },
    percent: 100,
    flying: false,
    page: 0,
    goto: null,
    sync: true,
    mdMode: 'rendered',
    query: '',
    hits: NO_HITS,
    hit: -1,
    inspectorPage: -1,
    // Narrow windows start with fewer columns so the page and the Markdown keep a readable width.
    thumbs: viewportWidth() >= 1200,
    inspector: viewportWidth() >= 1600,
    ...initial,

    select(g, origin) {
      const b = current().model.blocks[g];
      if (!b) return;
      set((s) => ({ selected: g, origin, seq: s.seq + 1, revealChunk: -1 }));
    },
    hover(g, origin) {
      if (get().hovered !== g || get().hoverOrigin !== origin) set({ hovered: g, hoverOrigin: origin });
    },
    unhover(origin) {
      if (get().hoverOrigin === origin) set({ hovered: -1, hoverOrigin: null });
    },
    clearSelection() {
      set({ selected: -1, hovered: -1, hoverOrigin: null });
    },
    toggleType(type) {
      const hidden = new Set(get().hidden);
      if (hidden.has(type)) hidden.delete(type);
      else hidden.add(type);
      set({ hidden });
    },
    showOnly(type) {
      const all = current().model.types.map((t) => t.type);
      set({ hidden: new Set(type === null ? [] : all.filter((t) => t !== type)) });
    },
    toggleBoxes: () => set((s) => ({ showBoxes: !s.showBoxes })),
    setBoxMode: (boxMode) => set({ boxMode, showBoxes: true }),
    toggleNumbers: () => set((s) => ({ numbers: !s.numbers })),
    setZoom: (zoom) => set({ zoom }),
    stepZoom(dir) {
      const cur = get().percent;
      const next =
        dir === 1 ? ZOOM_STEPS.find((z) => z > cur + 0.5) : [...ZOOM_STEPS].reverse().find((z) => z < cur - 0.5);
      set({ zoom: { kind: 'percent', value: next ?? (dir === 1 ? ZOOM_STEPS.at(-1)! : ZOOM_STEPS[0]!) } });
    },
    reportPercent(percent) {
      if (Math.abs(get().percent - percent) > 0.01) set({ percent });
    },
    reportPage(page) {
      if (get().page !== page) set({ page });
    },
    reportFlying(flying) {
      if (get().flying !== flying) set({ flying });
    },
    gotoPage(page) {
      const p = clampPage(current(), page);
      set((s) => ({ goto: { page: p, seq: s.seq + 1 }, seq: s.seq + 1, page: p }));
    },
    stepPage(dir) {
      get().gotoPage(get().page + dir);
    },
    stepBlock(dir) {
      const s = get();
      // From the selection while it is on the page being read; otherwise from that page's start.
      const from = s.selected >= 0 && current().model.blocks[s.selected]?.page === s.page ? s.selected : -1;
      const g = stepBlock(current(), from, dir, s.hidden, s.page);
      if (g >= 0) s.select(g, 'keyboard');
    },
    setSync: (sync) => set({ sync }),
    setMdMode: (mdMode) => set({ mdMode }),
    setQuery(query) {
      if (query === get().query) return;
      set({ query, hits: findHits(current(), query), hit: -1 });
    },
    stepHit(dir) {
      const s = get();
      const hit = stepHit(s.hits, s.hit, dir);
      const h = s.hits.list[hit];
      if (!h) return;
      if (h.g >= 0) set((st) => ({ hit, selected: h.g, origin: 'search', seq: st.seq + 1, revealChunk: -1 }));
      else set((st) => ({ hit, revealChunk: h.chunk, seq: st.seq + 1 }));
    },
    setInspectorPage: (inspectorPage) => set({ inspectorPage }),
    togglePanel(panel) {
      if (panel === 'thumbs') set((s) => ({ thumbs: !s.thumbs }));
      else set((s) => ({ inspector: !s.inspector }));
    },
  }));
}
