import { useSyncExternalStore } from 'react';

/**
 * The window's vertical scroll and width for the spec 2.4 scroll fade. Every component that fades reads
 * the same app-wide store: one passive scroll listener and at most one animation frame per frame,
 * however many modules use it; the listener goes when the last one unmounts.
 *
 * The scroll is only ever read in an animation frame, never while React renders or commits: reading
 * window.scrollY with the page's new elements not laid out yet forces the browser to lay out the whole
 * page there and then (45 ms of a module page's first commit on a phone's CPU). In a frame the layout is
 * due anyway. Until the first frame after a component subscribes, the store says 0: every navigation
 * starts at the top (spec 2.1), and a reload that restores a scroll position is corrected one frame later.
 */

type Listener = () => void;

const scrollListeners = new Set<Listener>();
let scrollY = 0;
let frame: number | null = null;

function readScrollY(): number {
  return typeof window === 'undefined' ? 0 : window.scrollY;
}

function onScroll() {
  // Scroll events can fire several times a frame; the value is read and published once per frame.
  if (frame !== null) return;
  frame = window.requestAnimationFrame(() => {
    frame = null;
    const next = readScrollY();
    if (next === scrollY) return;
    scrollY = next;
    for (const listener of scrollListeners) listener();
  });
}

function subscribeScroll(listener: Listener): () => void {
  if (scrollListeners.size === 0) {
    window.addEventListener('scroll', onScroll, { passive: true });
    // The position now, read in the next frame (above) and published if it is not the one known.
    onScroll();
  }
  scrollListeners.add(listener);
  return () => {
    scrollListeners.delete(listener);
    if (scrollListeners.size > 0) return;
    window.removeEventListener('scroll', onScroll);
    if (frame !== null) {
      window.cancelAnimationFrame(frame);
      frame = null;
    }
  };
}

function getScrollSnapshot(): number {
  return scrollY;
}

const subscribeNothing = () => () => {};
const zero = () => 0;

/** The window's scrollY, updated at most once per animation frame; 0 (and no listener) when disabled. */
export function useScrollY(enabled = true): number {
  return useSyncExternalStore(
    enabled ? subscribeScroll : subscribeNothing,
    enabled ? getScrollSnapshot : zero,
    zero,
  );
}

function readViewportWidth(): number {
  return typeof window === 'undefined' ? 0 : window.innerWidth;
}

// Read when this module loads and on each resize, not while React renders: window.innerWidth, read with
// new elements not laid out yet, forces a whole-page layout there and then (as scrollY does, above).
let viewportWidth = readViewportWidth();

function subscribeResize(listener: Listener): () => void {
  const onResize = () => {
    viewportWidth = readViewportWidth();
    listener();
  };
  window.addEventListener('resize', onResize, { passive: true });
  return () => window.removeEventListener('resize', onResize);
}

const getViewportWidth = () => viewportWidth;

/** The window's inner width, following resizes and rotations. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribeResize, getViewportWidth, zero);
}

/** Tests: forget listeners and any pending frame between cases. */
export function resetScrollStoreForTests(): void {
  if (typeof window !== 'undefined') {
    window.removeEventListener('scroll', onScroll);
    if (frame !== null) window.cancelAnimationFrame(frame);
  }
  frame = null;
  scrollListeners.clear();
  scrollY = 0;
  viewportWidth = readViewportWidth();
}
