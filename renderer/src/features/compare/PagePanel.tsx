// The page, drawn once and fitted to its panel, with both results' boxes over it: A solid, B dashed, in
// two colours that stay apart for colour-blind readers (blue and vermilion); the current pair's boxes
// thicker and tinted. Clicking a box picks its row.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Row, UnitBox } from '../../../../shared/compare/match.ts';
import type { ResultView } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import type { PdfDoc } from '../review/pdf.ts';

const A4 = { w: 595, h: 842 };

interface PageBox {
  box: UnitBox;
  side: 'a' | 'b';
  row: number;
}

function useSize(ref: React.RefObject<HTMLElement | null>): { w: number; h: number } {
  const [size, setSize] = useState({ w: 0, h: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

function Box({
  box,
  side,
  row,
  on,
  onPick,
}: {
  box: UnitBox;
  side: 'a' | 'b';
  row: number;
  on: boolean;
  onPick: (i: number) => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut to the box's row; n / p reach every row from the keyboard
    <rect
      className={`cmp-box ${side}${on ? ' on' : ''}`}
      x={box[0]}
      y={box[1]}
      width={box[2] - box[0]}
      height={box[3] - box[1]}
      data-row={row}
      data-side={side}
      onClick={() => onPick(row)}
    />
  );
}

export function PagePanel({
  pdf,
  view,
  page,
  rows,
  cur,
  onPick,
  onDrawn,
}: {
  pdf: Promise<PdfDoc> | null;
  view: ResultView;
  page: number;
  rows: Row[];
  cur: number;
  onPick: (i: number) => void;
  onDrawn: () => void;
}) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const holder = useRef<HTMLDivElement>(null);
  const size = useSize(host);
  const [doc, setDoc] = useState<PdfDoc | null>(null);
  useEffect(() => void pdf?.then(setDoc, () => undefined), [pdf]);
  const ps = view.json?.pages?.[page]?.page_size;
  const aspect = ps && ps.w > 0 && ps.h > 0 ? ps : (doc?.knownPoints(page) ?? A4);
  const scale = Math.min((size.w - 16) / aspect.w, (size.h - 16) / aspect.h);
  const w = Math.max(1, Math.floor(aspect.w * scale));
  const h = Math.max(1, Math.floor(aspect.h * scale));
  const [drawn, setDrawn] = useState(-1);

  useEffect(() => {
    if (!doc || size.w <= 0 || page >= doc.numPages) return;
    const job = doc.render(page, w, h, window.devicePixelRatio || 1, 0);
    void job.done.then((canvas) => {
      const el = holder.current;
      if (!canvas || !el?.isConnected) return;
      canvas.className = 'cmp-canvas';
      canvas.setAttribute('aria-hidden', 'true');
      el.replaceChildren(canvas);
      setDrawn(page);
      onDrawn();
    });
    return () => job.cancel();
  }, [doc, page, w, h, size.w, onDrawn]);

  // Each page's boxes, found once for all pages (not at every page turn).
  const byPage = useMemo(() => {
    const out = new Map<number, PageBox[]>();
    rows.forEach((r, i) => {
      let list = out.get(r.page);
      if (!list) out.set(r.page, (list = []));
      if (r.a?.box) list.push({ box: r.a.box, side: 'a', row: i });
      if (r.b?.box) list.push({ box: r.b.box, side: 'b', row: i });
    });
    return out;
  }, [rows]);
  const boxes = byPage.get(page) ?? [];

  return (
    <section
      className="cmp-page"
      ref={host}
      aria-label={t('compare.pageRegion', { n: page + 1 })}
      data-testid="compare-pagepanel"
    >
      <div
        className="cmp-sheet"
        style={{ width: w, height: h }}
        data-page={page}
        data-drawn={drawn === page ? 'yes' : 'no'}
        data-testid="compare-sheet"
      >
        {/* Its children are the swapped canvases, managed here rather than by React. */}
        <div ref={holder} className="cmp-holder" />
        <svg className="cmp-boxes" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden="true">
          {boxes.map((x) => (
            <Box key={`${x.side}${x.row}`} {...x} on={x.row === cur} onPick={onPick} />
          ))}
        </svg>
      </div>
    </section>
  );
}
