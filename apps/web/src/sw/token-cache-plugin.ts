import type { WorkboxPlugin } from 'workbox-core/types';
import { ageTicketTimers } from './ticket-timers';
import { hashToken, readOfKey, requestToken, tokenCacheKey, tokenHashOfKey } from './token-cache-key';

/** When the worker stored an answer (ms since the epoch, the device's clock): how old a kept answer is. */
export const CACHED_AT_HEADER = 'X-Trailpass-Cached-At';

/**
 * A response with a new body or headers. The body of a fetched response is already decoded, so the
 * encoding and length headers of the original would describe a different body.
 */
function rebuilt(response: Response, body: BodyInit | null, headers: Headers): Response {
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** The kept answer with its ticket timers counted down by the time it spent in the cache (ticket-timers.ts). */
async function withAgedTimers(cached: Response, now: number): Promise<Response> {
  const cachedAt = Number(cached.headers.get(CACHED_AT_HEADER));
  const elapsedSeconds = Number.isFinite(cachedAt) ? Math.floor((now - cachedAt) / 1000) : 0;
  const isJson = cached.headers.get('Content-Type')?.includes('json') ?? false;
  if (elapsedSeconds <= 0 || !isJson) return cached;
  const text = await cached.text();
  let body = text;
  try {
    body = JSON.stringify(ageTicketTimers(JSON.parse(text), elapsedSeconds));
  } catch {
    // Not JSON after all: hand it over as it was stored.
  }
  return rebuilt(cached, body, new Headers(cached.headers));
}

/** When an entry was stored (its CACHED_AT_HEADER), or 0 when it does not say. */
function storedAt(response: Response): number {
  const cachedAt = Number(response.headers.get(CACHED_AT_HEADER));
  return Number.isFinite(cachedAt) ? cachedAt : 0;
}

/**
 * The same read of the same token kept in another language (token-cache-key.ts), the last one stored; none
 * when it was never kept. Also finds an entry kept before the language was in the key.
 */
export async function keptInAnotherLanguage(
  cache: Pick<Cache, 'keys' | 'match'>,
  key: string,
): Promise<Response | undefined> {
  const read = readOfKey(key);
  const others = (await cache.keys()).filter(
    (other) => other.url !== key && tokenHashOfKey(other.url) !== null && readOfKey(other.url) === read,
  );
  const answers = await Promise.all(others.map((other) => cache.match(other)));
  let latest: Response | undefined;
  for (const answer of answers) {
    if (answer && (!latest || storedAt(answer) > storedAt(latest))) latest = answer;
  }
  return latest;
}

/**
 * Workbox plugin of the kept API reads: each answer is stored under a key made with its token's hash and its
 * language, so it is only ever found again for the same token; a request without a token is neither stored
 * nor served; only a 200 is kept; and a kept answer is handed over with its ticket timers aged.
 *
 * Asked for a read in a language it was never kept in (a holder who switched language offline; an installed
 * app's first /data, which an English browser asks without a language, after a visit whose reads were kept
 * in the language it showed), the worker serves the same read kept in another language, the last one
 * stored: the holder sees their pass and tickets with the offer's texts in the language they were last read
 * in, under an interface in the new one, rather than no pass at all. A read kept in the asked language is
 * always served before it, and once the network answers (network first) that answer is kept in its own.
 */
export function tokenCachePlugin(
  now: () => number = Date.now,
  openCache: (cacheName: string) => Promise<Pick<Cache, 'keys' | 'match'>> = (name) => caches.open(name),
): WorkboxPlugin {
  return {
    cacheKeyWillBeUsed: async ({ request }) => (await tokenCacheKey(request)) ?? request,
    cacheWillUpdate: async ({ request, response }) => {
      if (response.status !== 200 || requestToken(request) === null) return null;
      const headers = new Headers(response.headers);
      headers.set(CACHED_AT_HEADER, String(now()));
      return rebuilt(response, response.body, headers);
    },
    // `request` is the cache key here: an entry found under a key without a token hash is not ours to serve.
    cachedResponseWillBeUsed: async ({ cacheName, request, cachedResponse }) => {
      if (tokenHashOfKey(request.url) === null) return null;
      const answer = cachedResponse ?? (await keptInAnotherLanguage(await openCache(cacheName), request.url));
      return answer ? withAgedTimers(answer, now()) : null;
    },
  };
}

/** Deletes every kept answer of one token from `cache`. */
export async function forgetToken(cache: Pick<Cache, 'keys' | 'delete'>, token: string): Promise<void> {
  const hash = await hashToken(token);
  const keys = await cache.keys();
  await Promise.all(keys.filter((key) => tokenHashOfKey(key.url) === hash).map((key) => cache.delete(key)));
}

/**
 * Workbox plugin of the sign-in and sign-out calls: once the server has changed whose pass a token opens,
 * that token's kept answers belong to the previous session and are dropped (before the app, which asks for
 * /data again, sees the answer), so a signed-out pass does not keep its holder's data on the device.
 */
export function forgetTokenOnSessionChange(openCache: () => Promise<Cache>): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ request, response }) => {
      const token = requestToken(request);
      if (response.ok && token !== null) await forgetToken(await openCache(), token);
      return response;
    },
  };
}
