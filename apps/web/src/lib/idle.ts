/**
 * Runs `work` when the browser is next idle, or after `timeout` ms at the latest (a page that never goes
 * idle); Safari has no requestIdleCallback, so there it runs soon after. Returns a cancel function.
 */
export function whenIdle(work: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => work(), { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 16);
  return () => window.clearTimeout(handle);
}

/** Resolves when the browser is next idle (or after `timeout` ms). */
export function nextIdle(timeout: number): Promise<void> {
  return new Promise((resolve) => {
    whenIdle(resolve, timeout);
  });
}
