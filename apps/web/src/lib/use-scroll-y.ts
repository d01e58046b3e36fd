import { useSyncExternalStore } from 'react';

/**
 * The window's vertical scroll and width for the spec 2.4 scroll fade. Every component that fades reads
 * the same app-wide store: one passive scroll listener and at most one animation frame per frame,
 * however many modules use it; the listener goes when the last one unmounts.
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
    scrollY = readScrollY();
    window.addEventListener('scroll', onScroll, { passive: true });
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

/** Before the first subscriber the cached value may be stale, so read the window itself. */
function getScrollSnapshot(): number {
  return scrollListeners.size > 0 ? scrollY : readScrollY();
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

function subscribeResize(listener: Listener): () => void {
  window.addEventListener('resize', listener, { passive: true });
  return () => window.removeEventListener('resize', listener);
}

/** The window's inner width, following resizes and rotations. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribeResize, readViewportWidth, zero);
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
}
