import { TOKEN_HEADER } from '@trailpass/contract';

/**
 * Cache keys of the holder's API reads. Every holder of an offer asks for the same URL (the token travels in
 * the X-Pass-Token header), so a key made of the URL alone would hand one holder's /data to the next one on
 * the same device. The key is the URL with the token replaced by its SHA-256: one token's answers can only
 * be found again with that token, and the token itself is never written into Cache Storage.
 */

/** The query parameter of the page and API URLs that may carry the token (spec 7: `?t=`). */
export const TOKEN_QUERY = 't';
/** The query parameter of a cache key that names the token's hash. */
export const TOKEN_HASH_PARAM = 'sw-token-sha256';

/** The request's token, read as the server reads it: the header first, then `?t=`. Null when there is none. */
export function requestToken(request: Request): string | null {
  const header = request.headers.get(TOKEN_HEADER);
  if (header) return header;
  return new URL(request.url).searchParams.get(TOKEN_QUERY) || null;
}

/** Lower-case hex SHA-256 of the token. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The cache key of a request: its URL without the token (and without a fragment), with the token's hash
 * added and the query sorted so the order the app happened to build it in does not matter. Null for a
 * request without a token: such a request is never cached.
 */
export async function tokenCacheKey(request: Request): Promise<string | null> {
  const token = requestToken(request);
  if (!token) return null;
  const url = new URL(request.url);
  url.hash = '';
  url.searchParams.delete(TOKEN_QUERY);
  url.searchParams.set(TOKEN_HASH_PARAM, await hashToken(token));
  url.searchParams.sort();
  return url.href;
}

/** The token hash a cache key was made with, or null for a key not made by tokenCacheKey. */
export function tokenHashOfKey(key: string): string | null {
  return new URL(key).searchParams.get(TOKEN_HASH_PARAM);
}
