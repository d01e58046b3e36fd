import { API_BASE, apiPaths, rootApiPaths } from '@trailpass/contract';

/**
 * The API reads whose last answer is kept for each token, so that an installed pass opens at the venue
 * without a connection: the initial data (with the holder's tickets and their timers), the module pages
 * (Experiences and the deal, venue and product pages under it), the points (Rewards and its history) and the
 * rewards catalogue the points are shown with. Everything else (messages, orders, the cart, the unread
 * count, whose failure spec 8 only logs) needs the network.
 */
const KEPT_TEMPLATES: readonly string[] = [
  `${API_BASE}${apiPaths.data}`,
  `${API_BASE}${apiPaths.assignment}`,
  `${API_BASE}${apiPaths.moduleAssignment}`,
  `${API_BASE}${apiPaths.pointsCurrent}`,
  `${API_BASE}${apiPaths.pointsHistory}`,
  `${API_BASE}${apiPaths.rewards}`,
  rootApiPaths.product,
];

/** A contract path template (`/partnerUser/:id/...`) as an anchored pattern: one segment per `:name`. */
function templatePattern(template: string): RegExp {
  const escaped = template
    .split(/:[A-Za-z]+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}

const KEPT_PATTERNS = KEPT_TEMPLATES.map(templatePattern);

/** True for a GET of this origin that is one of the kept reads (the token is checked by the cache key). */
export function isKeptRead(request: Request, url: URL, origin: string): boolean {
  return (
    request.method === 'GET' &&
    url.origin === origin &&
    KEPT_PATTERNS.some((pattern) => pattern.test(url.pathname))
  );
}

/** The calls that change whose pass a token opens: a success drops the token's kept reads. */
const SESSION_CHANGES = [`${API_BASE}${apiPaths.login}`, `${API_BASE}${apiPaths.logout}`];

export function isSessionChange(request: Request, url: URL, origin: string): boolean {
  return request.method === 'POST' && url.origin === origin && SESSION_CHANGES.includes(url.pathname);
}
