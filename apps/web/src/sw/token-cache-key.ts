import { asPassLanguage, LANGUAGE_HEADER, TOKEN_HEADER } from '@trailpass/contract';

/**
 * Cache keys of the holder's API reads. Every holder of an offer asks for the same URL (the token travels in
 * the X-Pass-Token header), so a key made of the URL alone would hand one holder's /data to the next one on
 * the same device. The key is the URL with the token replaced by its SHA-256: one token's answers can only
 * be found again with that token, and the token itself is never written into Cache Storage.
 *
 * The answer's content is in the language of the request's X-Pass-Language (issue 32, decision 0049), which
 * is not in the URL either, so the key names it too: a read kept in Spanish is another entry than the same
 * read kept in German. A request without a usable header (none, or not a pass language, which the server
 * ignores) is a key of its own, with the language left empty: the server answered it in the holder's saved
 * language, else English, which the request does not say. What is served when the asked language was never
 * kept is token-cache-plugin.ts's.
 */

/** The query parameter of the page and API URLs that may carry the token (spec 7: `?t=`). */
export const TOKEN_QUERY = 't';
/** The query parameter of a cache key that names the token's hash. */
export const TOKEN_HASH_PARAM = 'sw-token-sha256';

/** The query parameter of a cache key that names the request's language; empty for none. */
export const LANGUAGE_PARAM = 'sw-language';

/**
 * The request's language as the server reads it: X-Pass-Language when it is one of PASS_LANGUAGES, else
 * empty (no header, or one the server ignores: `ES`, `es-MX`, a repeated one).
 */
export function requestLanguageOf(request: Request): string {
  return asPassLanguage(request.headers.get(LANGUAGE_HEADER)) ?? '';
}

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
 * The cache key of a request: its URL without the token (and without a fragment), with the token's hash and
 * the request's language added and the query sorted so the order the app happened to build it in does not
 * matter. Null for a request without a token: such a request is never cached.
 */
export async function tokenCacheKey(request: Request): Promise<string | null> {
  const token = requestToken(request);
  if (!token) return null;
  const url = new URL(request.url);
  url.hash = '';
  url.searchParams.delete(TOKEN_QUERY);
  url.searchParams.set(TOKEN_HASH_PARAM, await hashToken(token));
  url.searchParams.set(LANGUAGE_PARAM, requestLanguageOf(request));
  url.searchParams.sort();
  return url.href;
}

/** The token hash a cache key was made with, or null for a key not made by tokenCacheKey. */
export function tokenHashOfKey(key: string): string | null {
  return new URL(key).searchParams.get(TOKEN_HASH_PARAM);
}

/**
 * The read a cache key is of, whatever its language: the key without its language. The same for the same
 * URL and token in every language, and for a key kept before the language was in it.
 */
export function readOfKey(key: string): string {
  const url = new URL(key);
  url.searchParams.delete(LANGUAGE_PARAM);
  return url.href;
}
