/** How long an idle moment is waited for before the work runs anyway (a page that never goes idle). */
const IDLE_TIMEOUT_MS = 4_000;

function whenIdle(work: () => void, timeout: number) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout });
  else setTimeout(work, 1);
}

/**
 * Runs work that the first page does not need once the page has loaded and the browser is idle, so that it
 * neither delays the page's own chunks, data and pictures nor blocks the main thread while they arrive.
 */
export function afterLoadAndIdle(work: () => void, timeout: number = IDLE_TIMEOUT_MS): void {
  if (document.readyState === 'complete') whenIdle(work, timeout);
  else window.addEventListener('load', () => whenIdle(work, timeout), { once: true });
}
