import { useEffect } from 'react';
import { whenIdle } from './idle';

/**
 * The first page's first screen (decision 0028). The app's own work that no page needs to show (starting
 * the offline check-in queue, registering the service worker, the code of the modules further down, the
 * pass's icons and manifest in the head) waits until the page the visitor opened has shown what they came
 * for, and then for an idle moment. The `load` event is no such moment: the app's page is drawn by script
 * after it, and work started there competed with the first screen's code, pictures and rendering.
 *
 * The main pages say when their first screen is there (useFirstScreenShown). A page that never says (one
 * that shows an error, or one without such a screen) releases the work a few seconds after `load`.
 */

/** After `load`, the work waits at most this long for a page to say its first screen is there. */
export const FIRST_SCREEN_FALLBACK_MS = 3_000;
/** How long an idle moment is waited for before the work runs anyway (a page that never goes idle). */
const IDLE_TIMEOUT_MS = 4_000;

let released = false;
let releasing = false;
let fallbackStarted = false;
let queued: (() => void)[] = [];

function release(): void {
  if (released) return;
  released = true;
  const work = queued;
  queued = [];
  for (const item of work) whenIdle(item, IDLE_TIMEOUT_MS);
}

function startFallback(): void {
  if (fallbackStarted) return;
  fallbackStarted = true;
  const start = () => setTimeout(release, FIRST_SCREEN_FALLBACK_MS);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Says the first page's first screen has been committed; the waiting work is released once the browser
 * has painted it (the frame after this one). Later calls, and calls from later pages, change nothing.
 */
export function firstScreenShown(): void {
  if (released || releasing) return;
  releasing = true;
  const afterPaint = () => setTimeout(release, 0);
  if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(afterPaint);
  else afterPaint();
}

/** Runs work once the first screen is there and the browser is idle (at once when idle, later on). */
export function afterFirstScreen(work: () => void): void {
  if (released) {
    whenIdle(work, IDLE_TIMEOUT_MS);
    return;
  }
  queued.push(work);
  startFallback();
}

/** For a page: says the first screen is there once `shown` is true (its content, or its error, is drawn). */
export function useFirstScreenShown(shown: boolean): void {
  useEffect(() => {
    if (shown) firstScreenShown();
  }, [shown]);
}

/** Tests: a new visit, with nothing shown and nothing waiting. */
export function resetFirstScreenForTests(): void {
  released = false;
  releasing = false;
  fallbackStarted = false;
  queued = [];
}
