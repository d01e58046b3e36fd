import { TOKEN_QUERY } from '../../../lib/session';

/** The router's basename: partners write item urls as the full /pass/... path a browser would show. */
const APP_BASE = '/pass';

/**
 * The in-app path of an ItemCards url (`/pass/experiences/deal/203` -> `/experiences/deal/203`), with
 * its own query and hash; null for anything that is not under /pass/. A full URL on this site counts as
 * in-app too, so a partner who pasted the address bar still gets an in-app link (and keeps the token).
 */
export function inAppPath(url: string | null | undefined): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  let parsed: URL;
  try {
    // Relative urls are read against this site; `//host/...` and absolute urls keep their own origin.
    parsed = new URL(trimmed, window.location.origin);
  } catch {
    return null;
  }
  if (parsed.origin !== window.location.origin) return null;
  const { pathname } = parsed;
  if (pathname !== APP_BASE && !pathname.startsWith(`${APP_BASE}/`)) return null;
  const path = pathname.slice(APP_BASE.length) || '/';
  return `${path}${parsed.search}${parsed.hash}`;
}

/**
 * The in-app path with the current page's t (spec 2.1: every navigation keeps query t). A t written into
 * the item url is replaced: the pass being viewed is the one the visitor holds.
 */
export function withToken(path: string, currentSearch: string): string {
  const url = new URL(path, 'http://in-app.invalid');
  const token = new URLSearchParams(currentSearch).get(TOKEN_QUERY);
  url.searchParams.delete(TOKEN_QUERY);
  if (token) url.searchParams.set(TOKEN_QUERY, token);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** An http(s) url that leaves the app; anything else (mailto:, javascript:, text) is no link at all. */
export function externalUrl(url: string | null | undefined): string | null {
  const trimmed = url?.trim();
  if (!trimmed || !/^https?:\/\//i.test(trimmed)) return null;
  try {
    return new URL(trimmed).href;
  } catch {
    return null;
  }
}
