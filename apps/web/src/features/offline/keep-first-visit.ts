import { API_BASE, APP_BASE, type PassLanguage } from '@trailpass/contract';
import { requestLanguage } from '../../i18n/language';
import { servedReads } from '../../lib/boot-reads';
import { afterFirstScreen } from '../../lib/first-screen';
import { getToken } from '../../lib/session';
import {
  KEEP_FIRST_VISIT,
  KEEP_FIRST_VISIT_MAX_URLS,
  type KeepFirstVisitMessage,
} from './first-visit-message';

/** The partner media (same origin, under /pass/media/) among the URLs the page has loaded. */
export function partnerMedia(urls: readonly string[], origin: string): string[] {
  const media = urls.filter((href) => {
    const url = new URL(href, origin);
    return url.origin === origin && url.pathname.startsWith(`${APP_BASE}/media/`);
  });
  return [...new Set(media)];
}

/** What the page has asked for with fetch: its API calls. */
function fetchedUrls(): string[] {
  return performance
    .getEntriesByType('resource')
    .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'fetch')
    .map((entry) => entry.name);
}

function loadedUrls(): string[] {
  return performance.getEntriesByType('resource').map((entry) => entry.name);
}

/**
 * The reads the page has shown: those it fetched (this origin; the worker keeps only its kept reads) and
 * those whose answers came with the page, which it never fetched (decision 0026).
 */
export function pageReads(fetched: readonly string[], served: readonly string[], origin: string): string[] {
  const reads = [
    ...fetched.filter((href) => new URL(href, origin).origin === origin),
    ...served.map((key) => new URL(`${API_BASE}${key}`, origin).href),
  ];
  return [...new Set(reads)];
}

export interface FirstVisitSources {
  /** The token the reads were made with. */
  token: () => string | null;
  /** The X-Pass-Language the app sends now (null: none), which its next reads look their kept answers up by. */
  language: () => PassLanguage | null;
  /** URLs the page fetched. */
  fetched: () => string[];
  /** URLs of everything the page loaded (pictures included). */
  loaded: () => string[];
  /** The reads whose answers came with the page. */
  served: () => { token: string | null; keys: readonly string[] };
}

/** The page's own: what it fetched and loaded, its token and the language its reads are sent in. */
export const PAGE_SOURCES: FirstVisitSources = {
  token: () => getToken(),
  language: requestLanguage,
  fetched: fetchedUrls,
  loaded: loadedUrls,
  served: servedReads,
};

/** The message for the worker, or null without a token. */
export function keepFirstVisitMessage(
  sources: FirstVisitSources,
  origin: string,
): KeepFirstVisitMessage | null {
  const token = sources.token();
  if (!token) return null;
  const served = sources.served();
  return {
    type: KEEP_FIRST_VISIT,
    token,
    language: sources.language(),
    reads: pageReads(sources.fetched(), served.token === token ? served.keys : [], origin).slice(
      0,
      KEEP_FIRST_VISIT_MAX_URLS,
    ),
    media: partnerMedia(sources.loaded(), origin).slice(0, KEEP_FIRST_VISIT_MAX_URLS),
  };
}

/**
 * The very first visit loads its data and pictures before the service worker exists, so none of it is kept
 * for offline use. When the first worker takes control of the page (it claims the open pages when it
 * activates, src/sw/sw.ts), the page tells it which reads and partner pictures it has shown, and the worker
 * asks for them itself and keeps them: after one online visit the pass opens offline, pictures included.
 * The worker does the asking, not the page, so none of it runs on the page's main thread (decision 0028);
 * the page's own data is left as it is. A page that already has a worker never sees it change (a new one
 * waits until the page is closed), so this runs at most once, on the first visit.
 */
export function keepFirstVisitWhenWorkerTakesControl(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
  sources: FirstVisitSources = PAGE_SOURCES,
): void {
  if (!container || container.controller) return;
  const tellWorker = () => {
    const message = keepFirstVisitMessage(sources, window.location.origin);
    if (message) container.controller?.postMessage(message);
  };
  container.addEventListener('controllerchange', () => afterFirstScreen(tellWorker), { once: true });
}
