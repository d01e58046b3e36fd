import { describe, expect, it } from 'vitest';
import { fadeOpacity, scrolledUnderTopBar } from './ModuleFade';

/** 390 px wide: the fade height is min(240, 390 / 2) = 195. */
const VW = 390;

function rect(top: number, height: number) {
  return { top, bottom: top + height };
}

describe('scroll fade reading (spec 2.4)', () => {
  it('counts nothing before an element reaches the 64 px top bar', () => {
    expect(scrolledUnderTopBar(rect(64, 100), 'module', VW)).toBe(0);
    expect(scrolledUnderTopBar(rect(300, 100), 'showcase', VW)).toBe(0);
  });

  it('is how far the top edge has gone under the top bar', () => {
    expect(scrolledUnderTopBar(rect(14, 100), 'module', VW)).toBe(50);
    expect(scrolledUnderTopBar(rect(-36, 1000), 'showcase', VW)).toBe(100);
  });

  it('waits, for a module taller than the fade height, until its last fade height reaches the top bar', () => {
    // 1000 px tall, 300 px under the bar: 700 px still below it, so not faded yet.
    expect(scrolledUnderTopBar(rect(64 - 300, 1000), 'module', VW)).toBe(0);
    // 100 px of it left below the bar: 95 of its last 195 px have gone under.
    expect(scrolledUnderTopBar(rect(64 - 900, 1000), 'module', VW)).toBe(95);
  });

  it('fades the showcase twice as fast as other modules', () => {
    expect(fadeOpacity(0, 'showcase', VW)).toBe(1);
    expect(fadeOpacity(48.75, 'showcase', VW)).toBe(0.5);
    expect(fadeOpacity(97.5, 'showcase', VW)).toBe(0);
    expect(fadeOpacity(97.5, 'module', VW)).toBe(0.5);
    expect(fadeOpacity(195, 'module', VW)).toBe(0);
  });
});
