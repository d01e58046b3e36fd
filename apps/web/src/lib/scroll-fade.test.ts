import { describe, expect, it } from 'vitest';
import {
  clamp01,
  IMAGE_FADE_MAX_HEIGHT,
  imageFadeHeight,
  moduleOpacity,
  modulesFadeOn,
  showcaseOpacity,
} from './scroll-fade';

describe('imageFadeHeight (spec 2.4, spec 9 image fade height max 240)', () => {
  it('is half the viewport width, at most 240', () => {
    expect(IMAGE_FADE_MAX_HEIGHT).toBe(240);
    expect(imageFadeHeight(390)).toBe(195);
    expect(imageFadeHeight(480)).toBe(240);
    expect(imageFadeHeight(1280)).toBe(240);
    expect(imageFadeHeight(0)).toBe(0);
  });
});

describe('showcaseOpacity: 1 - (scroll / image height) * 2', () => {
  it('fades an ImageShowcase out over half its image height', () => {
    // iPhone 13: 390 wide, image height 195, gone after 97.5 px.
    expect(showcaseOpacity(0, 390)).toBe(1);
    expect(showcaseOpacity(48.75, 390)).toBeCloseTo(0.5, 10);
    expect(showcaseOpacity(97.5, 390)).toBe(0);
    expect(showcaseOpacity(300, 390)).toBe(0);
    // Wide screens use the 240 cap: gone after 120 px.
    expect(showcaseOpacity(60, 1024)).toBeCloseTo(0.5, 10);
    expect(showcaseOpacity(120, 1024)).toBe(0);
  });

  it('stays fully visible when the page bounces above the top', () => {
    expect(showcaseOpacity(-40, 390)).toBe(1);
  });

  it('has nothing to fade over without a viewport width until the page scrolls', () => {
    expect(showcaseOpacity(0, 0)).toBe(1);
    expect(showcaseOpacity(1, 0)).toBe(0);
  });
});

describe('moduleOpacity: half the showcase rate', () => {
  it('fades other modules over a whole image height', () => {
    expect(moduleOpacity(0, 390)).toBe(1);
    expect(moduleOpacity(48.75, 390)).toBeCloseTo(0.75, 10);
    expect(moduleOpacity(97.5, 390)).toBeCloseTo(0.5, 10);
    expect(moduleOpacity(195, 390)).toBe(0);
    expect(moduleOpacity(1000, 390)).toBe(0);
    expect(moduleOpacity(-10, 390)).toBe(1);
    expect(moduleOpacity(120, 1024)).toBeCloseTo(0.5, 10);
  });

  it('is always at least the showcase opacity', () => {
    for (const y of [0, 10, 50, 97.5, 150, 240]) {
      expect(moduleOpacity(y, 390)).toBeGreaterThanOrEqual(showcaseOpacity(y, 390));
    }
  });
});

describe('modulesFadeOn', () => {
  it('is true on deal and venue pages only', () => {
    expect(modulesFadeOn('deal')).toBe(true);
    expect(modulesFadeOn('venue')).toBe(true);
    expect(modulesFadeOn('product')).toBe(false);
    expect(modulesFadeOn('offer')).toBe(false);
  });
});

describe('clamp01', () => {
  it('keeps values within 0..1', () => {
    expect(clamp01(-0.5)).toBe(0);
    expect(clamp01(0.25)).toBe(0.25);
    expect(clamp01(3)).toBe(1);
    expect(clamp01(Number.NEGATIVE_INFINITY)).toBe(0);
  });
});
