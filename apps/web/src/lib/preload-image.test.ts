import { afterEach, describe, expect, it } from 'vitest';
import { preloadImage } from './preload-image';

const links = () => [...document.head.querySelectorAll('link[rel="preload"]')];

afterEach(() => {
  for (const link of links()) link.remove();
});

describe('preloadImage', () => {
  it('adds one high-priority image preload per URL', () => {
    preloadImage('/pass/media/hero one.svg');
    preloadImage('/pass/media/hero one.svg');
    preloadImage('/pass/media/logo.svg');
    expect(links().map((link) => [link.getAttribute('as'), link.getAttribute('href')])).toEqual([
      ['image', '/pass/media/hero one.svg'],
      ['image', '/pass/media/logo.svg'],
    ]);
    expect(links().every((link) => link.getAttribute('fetchpriority') === 'high')).toBe(true);
  });
});
