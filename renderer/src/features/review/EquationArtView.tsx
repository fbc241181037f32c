// A formula the engine could only give as a picture, in the Markdown pane: the crop on a light card
// (legible in the dark theme; the crop's white ground blends into it), at the scale of the text around
// it (equation-art.ts), centred, with its number "(n)" at the right as KaTeX sets \tag{n}.
import { useMemo, type CSSProperties } from 'react';
import type { Components } from 'react-markdown';
import { Markdown } from '../../components/markdown/Markdown.tsx';
import type { EquationArt } from './equation-art.ts';

interface Props {
  art: EquationArt;
  markdown: string;
  resolveImage: (src: string) => string;
}

export function EquationArtView({ art, markdown, resolveImage }: Props) {
  const components = useMemo<Components>(
    () => ({
      img: ({ node: _node, alt, ...props }) => {
        const style: CSSProperties | undefined = art.widthEm ? { width: `${art.widthEm}em` } : undefined;
        return (
          <span className={`md-eq-art${art.tag ? ' has-tag' : ''}`} data-testid="equation-art">
            <span className="md-eq-card" style={style}>
              <img {...props} alt={alt || (art.tag ? `(${art.tag})` : '')} loading="lazy" decoding="async" />
            </span>
            {art.tag && <span className="md-eq-tag">({art.tag})</span>}
          </span>
        );
      },
    }),
    [art],
  );
  return <Markdown markdown={markdown} resolveImage={resolveImage} components={components} className="md-eq-block" />;
}
