import { APP_BASE } from '@trailpass/contract';
import { afterFirstScreen } from '../../lib/first-screen';

/**
 * Registers the service worker (src/sw/sw.ts, decision 0021) once the first screen is there and the browser
 * is idle (lib/first-screen.ts). Registering installs it at once, and installing precaches the whole build:
 * on a first visit that competed with the page's own chunks, data and pictures (decision 0025). The worker
 * brings nothing the page needs to show, so it can wait; keepFirstVisitWhenWorkerTakesControl still keeps
 * the first visit's reads once it runs.
 */
export function registerWorkerWhenIdle(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): void {
  if (!container) return;
  afterFirstScreen(() => {
    container
      .register(`${APP_BASE}/sw.js`, { scope: `${APP_BASE}/` })
      .catch((error: unknown) => console.warn('The service worker could not be registered', error));
  });
}
