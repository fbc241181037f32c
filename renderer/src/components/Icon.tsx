// Small stroke icons (16 px grid, currentColor) so the UI does not depend on font glyphs.
import type { SVGProps } from 'react';

const PATHS = {
  upload: 'M8 11V2.5M4.5 6 8 2.5 11.5 6M2.5 10.5v2a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1v-2',
  queue: 'M2.5 4h11M2.5 8h11M2.5 12h7',
  history: 'M2.5 8a5.5 5.5 0 1 0 1.6-3.9M2.5 2.5v2.5H5M8 5v3l2 1.5',
  settings:
    'M8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM13 8a5 5 0 0 0-.1-1l1.3-1-1.2-2.1-1.6.5a5 5 0 0 0-1.7-1L9.4 1.8H6.6l-.3 1.6a5 5 0 0 0-1.7 1L3 3.9 1.8 6l1.3 1a5 5 0 0 0 0 2l-1.3 1L3 12.1l1.6-.5a5 5 0 0 0 1.7 1l.3 1.6h2.8l.3-1.6a5 5 0 0 0 1.7-1l1.6.5 1.2-2.1-1.3-1c.1-.3.1-.7.1-1Z',
  copy: 'M5.5 5.5V3a.5.5 0 0 1 .5-.5h7a.5.5 0 0 1 .5.5v7a.5.5 0 0 1-.5.5h-2.5M3 5.5h7a.5.5 0 0 1 .5.5v7a.5.5 0 0 1-.5.5H3a.5.5 0 0 1-.5-.5V6a.5.5 0 0 1 .5-.5Z',
  retry: 'M13.5 8A5.5 5.5 0 1 1 11.9 4.1M13.5 2.5v3h-3',
  stop: 'M4.5 4.5h7v7h-7z',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.5 8.5h6l.5-8.5M7 7v4M9 7v4',
  close: 'M4 4l8 8M12 4l-8 8',
  chevronLeft: 'M10 3.5 5.5 8l4.5 4.5',
  chevronRight: 'M6 3.5 10.5 8 6 12.5',
  folder: 'M2 4.5a1 1 0 0 1 1-1h3l1.5 1.5H13a1 1 0 0 1 1 1V12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1Z',
  // Review toolbar: thumbnails, boxes, reading order, sync scroll, inspector panel.
  thumbs: 'M4.5 2h7v5h-7zM4.5 9h7v5h-7z',
  boxes: 'M2.5 2.5h6v4.5h-6zM10.5 2.5h3v4.5h-3zM2.5 9.5h11v4h-11z',
  order: 'M7 4h6.5M7 8h6.5M7 12h6.5M3.2 2.5v3M2.3 10c.4-.6 1.8-.6 1.8.4 0 .7-1.8 1.3-1.8 2.1h2',
  sync: 'M5 13.5v-11M3 4.5l2-2 2 2M11 2.5v11M9 11.5l2 2 2-2',
  inspector: 'M2.5 3h11v10h-11zM9.5 3v10M11.2 5.5h.8M11.2 7.5h.8',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16, ...rest }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
