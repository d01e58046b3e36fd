/**
 * Spec 2.4 scroll fade. An ImageShowcase fades out as the page scrolls: its opacity is
 * 1 - (scroll / image height) * 2, where the image height is the smaller of 240 (spec 9, image fade
 * height max) and half the viewport width. Other modules on deal and venue pages fade at half that rate.
 */

export const IMAGE_FADE_MAX_HEIGHT = 240;

/** Spec 2.4: pages whose other modules fade with the scroll. */
export const FADING_MODULE_PAGES: readonly string[] = ['deal', 'venue'];

/** Clamps to 0..1; NaN (nothing measured) counts as fully visible. */
export function clamp01(value: number): number {
  if (Number.isNaN(value)) return 1;
  return Math.min(1, Math.max(0, value));
}

export function imageFadeHeight(viewportWidth: number): number {
  return Math.min(IMAGE_FADE_MAX_HEIGHT, viewportWidth / 2);
}

/**
 * How far through the fade a scroll is, as scroll / image height. Without a height (no viewport yet)
 * nothing has faded until the page scrolls, and then all of it has.
 */
function fadeProgress(scrollY: number, viewportWidth: number): number {
  const height = imageFadeHeight(viewportWidth);
  if (!(height > 0)) return scrollY > 0 ? Number.POSITIVE_INFINITY : 0;
  return scrollY / height;
}

/** The ImageShowcase: gone after scrolling half the image height. */
export function showcaseOpacity(scrollY: number, viewportWidth: number): number {
  return clamp01(1 - fadeProgress(scrollY, viewportWidth) * 2);
}

/** Other modules on deal and venue pages: half the showcase's rate, gone after a whole image height. */
export function moduleOpacity(scrollY: number, viewportWidth: number): number {
  return clamp01(1 - fadeProgress(scrollY, viewportWidth));
}

/** Whether modules other than the ImageShowcase fade on this page (deal and venue pages). */
export function modulesFadeOn(page: string): boolean {
  return FADING_MODULE_PAGES.includes(page);
}
