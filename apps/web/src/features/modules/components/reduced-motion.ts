import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The media query list, or null where there is none (jsdom, very old browsers): motion is then allowed. */
function queryList(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : null;
}

function subscribe(listener: () => void): () => void {
  const list = queryList();
  list?.addEventListener('change', listener);
  return () => list?.removeEventListener('change', listener);
}

const reads = () => queryList()?.matches ?? false;

/**
 * Whether the visitor asked for reduced motion, read at once in the first render (nothing is server-rendered),
 * so a reduced-motion visitor never gets one faded or animated frame; it follows a change of the setting.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reads, () => false);
}
