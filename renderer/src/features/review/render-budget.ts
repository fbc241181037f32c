// Spreads expensive renders over frames. While a pane scrolls fast (the Markdown pane following the
// page pane through 500 pages), dozens of chunks mount per frame; parsing all of them with
// react-markdown and KaTeX in one frame would drop it. Chunks that mount during a scroll show a
// light placeholder and ask here for their full render: a few are granted per frame, oldest first,
// and a chunk that scrolls away before its turn withdraws its request.

type Grant = () => void;

const waiting = new Set<Grant>();
let frame = 0;
const GRANTS_PER_FRAME = 3;

function pump(): void {
  frame = 0;
  let n = 0;
  for (const grant of waiting) {
    waiting.delete(grant);
    grant();
    if (++n >= GRANTS_PER_FRAME) break;
  }
  if (waiting.size > 0) frame = requestAnimationFrame(pump);
}

/** Queues a full render; returns the withdrawal (call it on unmount). */
export function requestRender(grant: Grant): () => void {
  waiting.add(grant);
  if (!frame) frame = requestAnimationFrame(pump);
  return () => {
    waiting.delete(grant);
  };
}

/**
 * A cheap stand-in for a chunk's rendered Markdown: its text without Markdown/HTML syntax, so the
 * reader sees words (not a blank) during a fast scroll.
 */
export function plainText(markdown: string, max = 1200): string {
  const s = markdown
    .replace(/<[^>]{0,400}>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|[-*+]|\d+[.)]|>)\s+/gm, '')
    .replace(/[*_`~|$\\]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
