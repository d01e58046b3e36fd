import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ExploreIcon from '~icons/ic/baseline-explore';
import { iconModule } from './icons';

describe('icons made at build time', () => {
  it('draws the icon set’s SVG, hidden from assistive technology, with the caller’s class added', () => {
    const { container } = render(<ExploreIcon className="extra" data-testid="icon" />);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('focusable')).toBe('false');
    expect(svg?.getAttribute('class')).toBe('tp-icon extra');
    expect(svg?.getAttribute('data-testid')).toBe('icon');
    expect(svg?.querySelector('path')?.getAttribute('d')).toMatch(/^M12 10\.9/);
  });

  it('refuses markup that is not one SVG element', () => {
    expect(() => iconModule('<div></div>')).toThrow(/Not an SVG element/);
  });
});
