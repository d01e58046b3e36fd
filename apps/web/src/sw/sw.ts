import { APP_BASE } from '@trailpass/contract';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  CacheFirst,
  NetworkFirst,
  NetworkOnly,
  StaleWhileRevalidate,
  StrategyHandler,
} from 'workbox-strategies';
import { isKeepFirstVisitMessage } from '../features/offline/first-visit-message';
import { CACHE_NAMES, isOutdatedRuntimeCache } from './cache-names';
import { registerCheckInSync } from './check-in-sync';
import { type KeptAnswer, keepEmbeddedReads } from './embedded-reads';
import { keepFirstVisit } from './first-visit';
import { isKeptRead, isSessionChange } from './kept-reads';
import { forgetTokenOnSessionChange, tokenCachePlugin } from './token-cache-plugin';

/**
 * The pass's service worker, /pass/sw.js with scope /pass/ (decision 0021): the app shell and every route and
 * module chunk precached; pages from the network while it answers, else the precached shell; the partner's
 * media and each token's last /data, page, points and rewards answers (in each language read) kept for when
 * there is no connection.
 */
declare let self: ServiceWorkerGlobalScope;

const DAY_SECONDS = 24 * 60 * 60;
/** A page waits this long for the server before the precached shell opens instead (a venue's weak signal). */
const NAVIGATION_TIMEOUT_SECONDS = 4;
/** A kept API read waits this long before its kept answer is shown; the network answer still refreshes it. */
const API_TIMEOUT_SECONDS = 6;

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const underApp = (url: URL, folder: string) =>
  sameOrigin(url) && url.pathname.startsWith(`${APP_BASE}/${folder}/`);

// Updates. A new worker installs (and precaches the new build) beside the running one and waits: there is
// no skipWaiting, so it takes over only once every page of the old one is closed, and a new version applies
// on the next open. A page is never served by two builds: its HTML names hashed files of one build only, and
// a worker answers a hashed URL from its precache only when it is that very file (anything else goes to the
// network, or to the assets cache below).
//
// clientsClaim: when the first worker activates it takes the pages already open, so the reads of the very
// first visit are kept and the pass opens offline after one online visit. It cannot mix versions: a worker
// activates only when no page of an older worker is left, so all it can claim is a page nobody controls,
// whose files come from its own HTML as described above.
clientsClaim();
// Removes precaches of older Workbox versions; the precache of the previous build loses the files the new
// one does not list when the new worker activates (Workbox does that itself).
cleanupOutdatedCaches();

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([
      caches
        .keys()
        .then((names) =>
          Promise.all(names.filter(isOutdatedRuntimeCache).map((name) => caches.delete(name))),
        ),
      // The page request starts while the worker boots, so network-first pages do not wait for it.
      self.registration.navigationPreload?.enable(),
    ]),
  );
});

// The holder's reads (kept-reads.ts), network first; routed below, and also given the answers a page came with.
const keptReads = new NetworkFirst({
  cacheName: CACHE_NAMES.api,
  networkTimeoutSeconds: API_TIMEOUT_SECONDS,
  plugins: [
    tokenCachePlugin(),
    // A week-old pass is still worth showing at a venue; older than that it is more likely wrong than useful.
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * DAY_SECONDS }),
  ],
});

/**
 * Stores an answer a page came with as the kept reads store a fetched one: through their own handler, so
 * the same plugins make its key (the token's hash), stamp its time (ticket-timer ageing) and count it for
 * expiry.
 */
async function keepAnswer(event: ExtendableEvent, { request, response }: KeptAnswer): Promise<void> {
  const handler = new StrategyHandler(keptReads, { event, request });
  try {
    await handler.cachePut(request, response);
    await handler.doneWaiting();
  } finally {
    handler.destroy();
  }
}

// Pages: network first, so an online open gets the server's page with its own headers (the offer's
// Content-Security-Policy) and the current build; offline, after the timeout or on a network error, the
// precached shell. Registered before the precache route so that /pass/ itself is never answered from the
// precache.
const pageFromNetwork = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS });
registerRoute(
  new NavigationRoute(
    async (options: RouteHandlerCallbackOptions) => {
      try {
        const page = await pageFromNetwork.handle(options);
        // The first answers the server embedded in the page (decision 0026) are kept as if fetched through
        // here; reading a copy of the page adds no request and does not hold it up.
        const { event, request } = options;
        event.waitUntil(
          keepEmbeddedReads(page, request.url, self.location.origin, (answer) =>
            keepAnswer(event, answer),
          ).catch(() => {}),
        );
        return page;
      } catch {
        return (await matchPrecache('index.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/pass\/api\//, /^\/pass\/media\//] },
  ),
);

// The app shell and every route and module chunk of this build (vite.config.ts lists what is left out).
precacheAndRoute(self.__WB_MANIFEST);

// Built files this worker did not precache: a flag the phone input shows, or a chunk of a newer build whose
// page came from the network while this worker still runs. A newer worker waiting to take over has already
// precached its build, so any cache is looked in first; hashed names make that safe.
const assets = new CacheFirst({
  cacheName: CACHE_NAMES.assets,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAY_SECONDS }),
  ],
});
registerRoute(
  ({ url }) => underApp(url, 'assets'),
  async (options) => (await caches.match(options.request)) ?? assets.handle(options),
);

// Partner media: shown from the cache at once, refreshed behind it (a new import may replace a file under
// the same name). Range requests (audio, video) go to the network.
const partnerMedia = new StaleWhileRevalidate({
  cacheName: CACHE_NAMES.media,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS }),
  ],
});
registerRoute(({ url, request }) => underApp(url, 'media') && !request.headers.has('Range'), partnerMedia);

// The holder's reads (kept-reads.ts): network first, the token's last answer when the network fails.
registerRoute(({ url, request }) => isKeptRead(request, url, self.location.origin), keptReads);

// Sign-in and sign-out: the token's kept reads belong to the previous session and are dropped.
registerRoute(
  ({ url, request }) => isSessionChange(request, url, self.location.origin),
  new NetworkOnly({ plugins: [forgetTokenOnSessionChange(() => caches.open(CACHE_NAMES.api))] }),
  'POST',
);

// The very first visit's reads and pictures, which went past the worker before it existed: the page names
// them once this worker controls it, and they are asked for again here, off the page's main thread
// (features/offline/keep-first-visit.ts).
self.addEventListener('message', (event) => {
  if (!isKeepFirstVisitMessage(event.data)) return;
  event.waitUntil(
    keepFirstVisit(
      event.data,
      self.location.origin,
      (request) => keptReads.handle({ event, request }),
      (request) => partnerMedia.handle({ event, request }),
    ),
  );
});

// Check-ins made offline: the page queues them in IndexedDB and asks for a Background Sync; the worker replays
// the same queue (with each call's idempotency key) when the browser says the connection is back, even when
// no page of the pass is open.
registerCheckInSync(self);
