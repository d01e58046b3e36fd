import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SpacedText, splitParagraphs } from './SpacedText';

describe('splitParagraphs (spec 2.4: newlines become spacing)', () => {
  it('keeps one newline inside a paragraph and splits on two or more', () => {
    expect(splitParagraphs('One flight.\nChoose a tap.\n\n21+ with ID.').map((p) => p.lines)).toEqual([
      ['One flight.', 'Choose a tap.'],
      ['21+ with ID.'],
    ]);
    expect(splitParagraphs('a\n\n\n\nb').map((p) => p.lines)).toEqual([['a'], ['b']]);
  });

  it('treats a line of spaces as blank and Windows newlines as newlines', () => {
    expect(splitParagraphs('a\n  \nb\r\nc\r\n\r\nd').map((p) => p.lines)).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('drops blank edges and gives nothing for empty text', () => {
    expect(splitParagraphs('\n\nonly\n\n').map((p) => p.lines)).toEqual([['only']]);
    expect(splitParagraphs('\nonly\n').map((p) => p.lines)).toEqual([['only']]);
    expect(splitParagraphs('')).toEqual([]);
    expect(splitParagraphs('  \n\n ')).toEqual([]);
    expect(splitParagraphs(null)).toEqual([]);
  });

  it('gives each paragraph a distinct offset', () => {
    expect(splitParagraphs('a\n\nb\n\nc').map((p) => p.offset)).toEqual([0, 3, 6]);
  });
});

describe('SpacedText', () => {
  it('renders one newline as a line break and two as a separate paragraph with a gap', () => {
    const { container } = render(
      <SpacedText
        text={'One flight of four 5-oz pours.\nChoose from the current tap list.\n\n21+ with valid ID.'}
      />,
    );
    const paragraphs = container.querySelectorAll('[data-paragraph]');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.querySelectorAll('br')).toHaveLength(1);
    expect(paragraphs[0]?.textContent).toBe(
      'One flight of four 5-oz pours.Choose from the current tap list.',
    );
    expect(paragraphs[1]?.querySelectorAll('br')).toHaveLength(0);
    expect(paragraphs[1]?.textContent).toBe('21+ with valid ID.');
    expect(paragraphs[0]).toHaveStyle({ display: 'block', marginTop: '0px' });
    expect(paragraphs[1]).toHaveStyle({ display: 'block', marginTop: '0.75em' });
  });

  it('shows markup as text, never as HTML', () => {
    const { container } = render(<SpacedText text={'<b>bold</b>\n<img src=x onerror="alert(1)">'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<b>bold</b><img src=x onerror="alert(1)">');
  });

  it('uses the given element and variant', () => {
    render(<SpacedText text="Harbor-front brewpub." component="p" variant="body2" />);
    const text = screen.getByText('Harbor-front brewpub.');
    const root = text.closest('p');
    expect(root).not.toBeNull();
    expect(root).toHaveClass('tp-body2');
  });

  it('renders a div by default', () => {
    const { container } = render(<SpacedText text="x" />);
    expect(container.firstElementChild?.tagName).toBe('DIV');
    expect(container.firstElementChild).toHaveClass('tp-body1');
  });

  it('renders nothing without text', () => {
    expect(render(<SpacedText text={null} />).container).toBeEmptyDOMElement();
    expect(render(<SpacedText text="" />).container).toBeEmptyDOMElement();
    expect(render(<SpacedText text={'\n\n'} />).container).toBeEmptyDOMElement();
  });
});
