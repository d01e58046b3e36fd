/**
 * API paths relative to API_BASE, shared so that a renamed route fails the type check on both sides.
 * A `:name` segment is a path parameter.
 */
export const apiPaths = {
  data: '/data',
  login: '/login',
  logout: '/logout',
  pageView: '/events/page-view',
  /**
   * The pass's web manifest (spec 7, Manifest; query o and t). Browsers fetch it without custom
   * headers, so it is the one pass route where X-Pass-Api-Version may be left out.
   */
  manifest: '/manifest.webmanifest',
  /** Spec 7, Unread count (query offerId). */
  unreadCount: '/partnerUser/:id/messages/unreadCount',
  /** Liveness and database check; needs no token or version header. */
  health: '/health',
  /** OpenAPI document generated from this contract, and readable docs; no token needed. */
  openapi: '/openapi.json',
  docs: '/docs',
} as const;
