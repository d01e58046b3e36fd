import type { CSSProperties, ElementType } from 'react';
import { cx } from './ui/classes';

/** The gap between paragraphs (two or more newlines), larger than the line break of one newline. */
export const PARAGRAPH_GAP = '0.75em';

export interface TextParagraph {
  /** Where the paragraph starts in the text: a stable React key. */
  offset: number;
  lines: string[];
}

/**
 * Spec 2.4 and the demo README: in displayed text one newline is a line break and two or more newlines
 * (blank lines, possibly holding spaces) start a new paragraph. Blank edges give no empty paragraph.
 */
export function splitParagraphs(text: string | null | undefined): TextParagraph[] {
  if (!text) return [];
  const normalised = text.replace(/\r\n?/g, '\n');
  const paragraphs: TextParagraph[] = [];
  const separator = /\n[ \t]*\n\s*/g;
  let start = 0;
  for (const match of normalised.matchAll(separator)) {
    push(normalised.slice(start, match.index), start);
    start = match.index + match[0].length;
  }
  push(normalised.slice(start), start);
  return paragraphs;

  function push(chunk: string, offset: number) {
    if (chunk.trim() === '') return;
    paragraphs.push({ offset, lines: chunk.replace(/^\n+|\n+$/g, '').split('\n') });
  }
}

/** MUI's typography variants that text is shown in (styles/ui.css .tp-<variant>). */
export type TextVariant = 'body1' | 'body2' | 'subtitle1' | 'subtitle2' | 'caption' | 'h6';

/**
 * Plain text with the spacing its newlines ask for. The text is rendered as React text nodes, so markup
 * in it is shown, never interpreted. Paragraphs are block spans, so `component` may be a `p` or a `span`.
 */
export function SpacedText({
  text,
  variant = 'body1',
  component: Component = 'div',
  className,
  style,
}: {
  text: string | null | undefined;
  variant?: TextVariant;
  component?: ElementType;
  className?: string;
  style?: CSSProperties;
}) {
  const paragraphs = splitParagraphs(text);
  if (paragraphs.length === 0) return null;
  return (
    <Component className={cx(`tp-${variant}`, className)} style={style}>
      {paragraphs.map(({ offset, lines }, index) => (
        <span
          key={offset}
          data-paragraph=""
          style={{ display: 'block', marginTop: index === 0 ? 0 : PARAGRAPH_GAP }}
        >
          {lines.map((line, lineIndex) => (
            // Lines never move within a paragraph, so their position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, nothing is inserted or removed
            <LineWithBreak key={lineIndex} line={line} last={lineIndex === lines.length - 1} />
          ))}
        </span>
      ))}
    </Component>
  );
}

function LineWithBreak({ line, last }: { line: string; last: boolean }) {
  return (
    <>
      {line}
      {last ? null : <br />}
    </>
  );
}
