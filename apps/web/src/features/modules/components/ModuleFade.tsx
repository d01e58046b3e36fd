import { type RefObject, useLayoutEffect } from 'react';
import { HEADER_HEIGHT } from '../../../components/layout';
import { imageFadeHeight, moduleOpacity, showcaseOpacity } from '../../../lib/scroll-fade';
import { useScrollY, useViewportWidth } from '../../../lib/use-scroll-y';
import { useReducedMotion } from './reduced-motion';

export type FadeRate = 'showcase' | 'module';

/**
 * How far an element has scrolled under the top bar, for the spec 2.4 scroll fade.
 *
 * The spec gives the fade as a function of "scroll". We read that scroll per element, not as the
 * window's scrollY: it is how far the element's top edge has gone above the bottom of the 64 px top bar,
 * `max(0, 64 - top)`. For an ImageShowcase at the top of a page (the usual place) that is exactly the
 * window's scroll; for one further down (product 504 has it at sort_order 5) it starts to fade when it
 * reaches the top bar instead of having faded before the visitor sees it. For a fixed showcase `top` is
 * its place in the flow before it sticks (measured on an anchor just above it), since the stuck box
 * itself never moves.
 *
 * "Other modules on Deal and Venue pages fade at half that rate": each module fades by its own scroll,
 * so content fades gently as it slides under the header instead of the whole page fading at once. A
 * module taller than the fade height would otherwise be invisible while most of it is still on screen,
 * so its scroll also waits until its last fade-height of content reaches the top bar:
 * `min(64 - top, 64 + fadeHeight - bottom)`. For a module no taller than the fade height that is the
 * same as `64 - top`.
 */
export function scrolledUnderTopBar(
  rect: { top: number; bottom: number },
  rate: FadeRate,
  viewportWidth: number,
) {
  const byTop = HEADER_HEIGHT - rect.top;
  const scroll =
    rate === 'showcase'
      ? byTop
      : Math.min(byTop, HEADER_HEIGHT + imageFadeHeight(viewportWidth) - rect.bottom);
  return Math.max(0, scroll);
}

export function fadeOpacity(scroll: number, rate: FadeRate, viewportWidth: number): number {
  return rate === 'showcase' ? showcaseOpacity(scroll, viewportWidth) : moduleOpacity(scroll, viewportWidth);
}

/**
 * Fades `target` as the page scrolls. It renders nothing: the shared scroll store (one passive listener,
 * one update per animation frame) re-renders only this empty leaf, and the opacity is written straight to
 * the element's style, so the module itself never re-renders while scrolling. With
 * prefers-reduced-motion nothing fades. `measure` (default: `target`) is the element whose place is
 * read. `baseOpacity` is the module's opacity before any scrolling (the server's `opacity`).
 */
export function ModuleFade({
  target,
  measure,
  rate,
  baseOpacity = 1,
}: {
  target: RefObject<HTMLElement | null>;
  measure?: RefObject<HTMLElement | null>;
  rate: FadeRate;
  baseOpacity?: number;
}) {
  const reducedMotion = useReducedMotion();
  // Re-renders this leaf at each frame the page has scrolled; the place itself comes from the layout.
  const scrollY = useScrollY(!reducedMotion);
  const viewportWidth = useViewportWidth();

  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    const base = Number.isFinite(baseOpacity) ? Math.min(1, Math.max(0, baseOpacity)) : 1;
    let opacity = base;
    // At the top of the page nothing has scrolled under the top bar (the flow starts below it), so there
    // is nothing to measure: reading the layout here (even window.scrollY), during the first commit of a
    // page, would force a whole-page layout before the browser's own. The store's scroll is read instead.
    if (!reducedMotion && scrollY > 0) {
      const rect = (measure?.current ?? element).getBoundingClientRect();
      // Nothing laid out (not displayed yet, or a test DOM): nothing has scrolled.
      const laidOut = rect.width > 0 || rect.height > 0 || rect.top !== 0;
      if (laidOut)
        opacity = base * fadeOpacity(scrolledUnderTopBar(rect, rate, viewportWidth), rate, viewportWidth);
    }
    // Opacity 1 is left unset: any opacity below 1 makes a stacking context, which is only needed while fading.
    element.style.opacity = opacity >= 1 ? '' : String(Math.round(opacity * 1000) / 1000);
  });

  return null;
}
