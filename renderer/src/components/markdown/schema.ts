// Sanitising schema for result Markdown (which may carry raw HTML from the service: tables with
// rowspan/colspan, images, <sup>/<sub>, …). GitHub's default schema, plus:
//   - table structure tags (caption, colgroup, col) and cell attributes (rowSpan/colSpan are in
//     the default; align/valign/width kept),
//   - math markers from remark-math on <code> (rehype-katex runs after sanitising and renders them),
//   - KaTeX/our classes on span/div, and data-* anchors the review screen may use,
//   - image sources: relative paths, our asset scheme, loopback http, data:/blob: images.
// Scripts, styles, event handlers, iframes and javascript: URLs stay out.
import { defaultSchema } from 'rehype-sanitize';
import type { Options as SanitizeSchema } from 'rehype-sanitize';

const base = defaultSchema;
const baseAttributes = base.attributes ?? {};

export const markdownSchema: SanitizeSchema = {
  ...base,
  tagNames: [...(base.tagNames ?? []), 'caption', 'colgroup', 'col', 'u', 'mark', 'center', 'figure', 'figcaption'],
  attributes: {
    ...baseAttributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
    span: [...(baseAttributes.span ?? []), ['className', /^katex/, /^md-/], 'dataBlockIdx', 'dataPage'],
    div: [...(baseAttributes.div ?? []), ['className', /^katex/, /^md-/], 'dataBlockIdx', 'dataPage'],
    img: [...(baseAttributes.img ?? []), 'width', 'height', 'dataBlockIdx'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    td: [...(baseAttributes.td ?? []), 'rowSpan', 'colSpan', 'align', 'vAlign', 'width'],
    th: [...(baseAttributes.th ?? []), 'rowSpan', 'colSpan', 'align', 'vAlign', 'width', 'scope'],
  },
  protocols: {
    ...base.protocols,
    src: ['http', 'https', 'data', 'blob', 'docparse-asset'],
  },
};
