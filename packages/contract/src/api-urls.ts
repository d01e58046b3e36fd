/**
 * How a call's URL is made from a path template, its query and the page it is made for (spec 7). The app
 * sends every call this way, and the server builds the same URLs for a page's first reads (page-reads.ts),
 * so an answer the server embeds in a page is found under exactly the URL the app would have asked for.
 */

/** The query parameter of the page and API URLs that may carry the pass token (spec 7: `?t=`). */
export const TOKEN_QUERY = 't';

export type ApiQueryValue = string | number | boolean | null | undefined;

/** An API path template of the contract (`/partnerUser/:id/...`) with each `:name` segment filled in. */
export function fillApiPath(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/:([A-Za-z]+)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * `path?query` of a call made from a page whose query is `pageSearch`: the call's own parameters (null and
 * undefined left out), then `t` when `token` is given, then the page's `dealId` when the call has none
 * (spec 7: every request carries t, and dealId when the page has it). With `token` null this is the call
 * as the app and the service worker name it without its token.
 */
export function apiPathWithQuery(
  path: string,
  query: Readonly<Record<string, ApiQueryValue>> | undefined,
  pageSearch: string,
  token: string | null,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  if (token) params.set(TOKEN_QUERY, token);
  const dealId = new URLSearchParams(pageSearch).get('dealId');
  if (dealId && !params.has('dealId')) params.set('dealId', dealId);
  const qs = params.toString();
  return `${path}${qs ? `?${qs}` : ''}`;
}

/** The page's token as the app reads it (`t`; an empty one is none). */
export function pageToken(pageSearch: string): string | null {
  return new URLSearchParams(pageSearch).get(TOKEN_QUERY) || null;
}
