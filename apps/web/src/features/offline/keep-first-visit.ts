import type { QueryClient } from '@tanstack/react-query';
import { APP_BASE } from '@trailpass/contract';
import { afterLoadAndIdle } from '../../lib/after-load';

/** The partner media (same origin, under /pass/media/) among the URLs the page has loaded. */
export function partnerMedia(urls: readonly string[], origin: string): string[] {
  const media = urls.filter((href) => {
    const url = new URL(href, origin);
    return url.origin === origin && url.pathname.startsWith(`${APP_BASE}/media/`);
  });
  return [...new Set(media)];
}

function loadedUrls(): string[] {
  return performance.getEntriesByType('resource').map((entry) => entry.name);
}

/**
 * The very first visit loads its data and pictures before the service worker exists, so none of it is kept
 * for offline use. When the first worker takes control of the page (it claims the open pages when it
 * activates, src/sw/sw.ts), the page's queries and the partner media it has shown are asked for again,
 * through the worker this time (the pictures from the browser's HTTP cache): after one online visit the pass
 * opens offline, pictures included. A page that already has a worker never sees it change (a new one waits
 * until the page is closed), so this runs at most once, on the first visit. It waits for an idle moment: the
 * worker can take control while the page is still busy with its first screen (decision 0025).
 */
export function refetchWhenWorkerTakesControl(
  client: QueryClient,
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
  loaded: () => string[] = loadedUrls,
): void {
  if (!container || container.controller) return;
  const keepFirstVisit = () => {
    void client.invalidateQueries();
    for (const url of partnerMedia(loaded(), window.location.origin)) {
      // Only to pass through the worker's media cache; a failure changes nothing on the page.
      fetch(url).catch(() => {});
    }
  };
  container.addEventListener('controllerchange', () => afterLoadAndIdle(keepFirstVisit), { once: true });
}
