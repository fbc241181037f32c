// The page's margin bands, one home for their sizes: where margin lines, running headers and footers, page
// numbers and side stamps are looked for. Shares of the page's height (top/bottom) or width (sides); the page
// stage (kinds/) and the document stage (document/headers.ts) both read them here.

export const PAGE_BANDS = {
  /** Top and bottom share where margin lines live (running heads, page numbers): a short segment wholly inside
   * is kept out of the column analysis (zone 'top'/'bottom'), and a drawing there is no display formula. */
  margin: 0.09,
  /** Top and bottom share where running headers and footers are told apart by repeating across pages: wider
   * than `margin`, since a running head may sit lower than the margin line (under a head rule). */
  running: 0.12,
  /** Top and bottom share where a lone page number or a running head over a rule, as the page's outermost
   * line, is still a header or footer (document/headers.ts), and where its row mates are looked for. */
  outer: 0.2,
  /** Left and right share where rotated text (an archive stamp, a vertical running head) is a side note. */
  side: 0.12,
} as const;
