import type { WorkboxPlugin } from 'workbox-core/types';
import { ageTicketTimers } from './ticket-timers';
import { hashToken, requestToken, tokenCacheKey, tokenHashOfKey } from './token-cache-key';

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

/**
 * Workbox plugin of the kept API reads: each answer is stored under a key made with its token's hash, so
 * it is only ever found again for the same token; a request without a token is neither stored nor served;
 * only a 200 is kept; and a kept answer is handed over with its ticket timers aged.
 */
export function tokenCachePlugin(now: () => number = Date.now): WorkboxPlugin {
  return {
    cacheKeyWillBeUsed: async ({ request }) => (await tokenCacheKey(request)) ?? request,
    cacheWillUpdate: async ({ request, response }) => {
      if (response.status !== 200 || requestToken(request) === null) return null;
      const headers = new Headers(response.headers);
      headers.set(CACHED_AT_HEADER, String(now()));
      return rebuilt(response, response.body, headers);
    },
    // `request` is the cache key here: an entry found under a key without a token hash is not ours to serve.
    cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
      if (!cachedResponse || tokenHashOfKey(request.url) === null) return null;
      return withAgedTimers(cachedResponse, now());
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
