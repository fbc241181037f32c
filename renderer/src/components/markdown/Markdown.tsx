/**
 * Renders result Markdown: GFM (tables, strikethrough, task lists), raw HTML from the service
 * (sanitised; tables keep rowspan/colspan), math with KaTeX ($…$, $$…$$, \(…\), \[…\]), and footnote
 * references and definitions as superscript labels (footnotes.ts: each chunk renders alone).
 * KaTeX's CSS and fonts are bundled (works offline). A formula KaTeX cannot parse shows its TeX.
 *
 *   <Markdown markdown={md} resolveImage={(src) => assetBase + src.replace(/^\.\//, '')} />
 *
 * Props:
 *   resolveImage — maps an image src as written in the Markdown ('./images/image_001.png') to a
 *                  URL the renderer can load (docparse-asset:… or http://127.0.0.1:…/assets/…).
 *   components   — react-markdown component overrides, passed through (e.g. to add data-* anchors).
 *   className    — extra class on the wrapper (which always has "markdown-body").
 */
import { memo, useMemo } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components, type Options, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeKatex from 'rehype-katex';
import 'katex/dist/katex.min.css';
import { markdownSchema } from './schema.ts';
import { KATEX_OPTIONS, normalizeMathDelimiters } from './math.ts';
import { footnoteMarks } from './footnotes.ts';
import './markdown.css';

export interface MarkdownProps {
  markdown: string;
  resolveImage?: (src: string) => string;
  components?: Components;
  className?: string;
}

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm, [remarkMath, { singleDollarTextMath: true }]];
const rehypePlugins: Options['rehypePlugins'] = [
  rehypeRaw,
  [rehypeSanitize, markdownSchema],
  [rehypeKatex, KATEX_OPTIONS],
];

const SAFE_IMAGE = /^(data:image\/|blob:|docparse-asset:)/i;

function makeUrlTransform(resolveImage?: (src: string) => string): UrlTransform {
  return (url, key, node) => {
    if (key === 'src' && node.tagName === 'img') {
      const resolved = resolveImage ? resolveImage(url) : url;
      return SAFE_IMAGE.test(resolved) ? resolved : defaultUrlTransform(resolved);
    }
    return defaultUrlTransform(url);
  };
}

const defaultComponents: Components = {
  // Links leave the app window (main opens them in the browser); never navigate the renderer.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" />,
  img: ({ node: _node, alt, ...props }) => <img {...props} alt={alt} loading="lazy" decoding="async" />,
  table: ({ node: _node, ...props }) => (
    <div className="md-table-wrap">
      <table {...props} />
    </div>
  ),
};

function MarkdownImpl({ markdown, resolveImage, components, className }: MarkdownProps) {
  const source = useMemo(() => footnoteMarks(normalizeMathDelimiters(markdown)), [markdown]);
  const urlTransform = useMemo(() => makeUrlTransform(resolveImage), [resolveImage]);
  const merged = useMemo(() => ({ ...defaultComponents, ...components }), [components]);
  return (
    <div className={`markdown-body${className ? ` ${className}` : ''}`}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        urlTransform={urlTransform}
        components={merged}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}

export const Markdown = memo(MarkdownImpl);
