/** API paths relative to API_BASE, shared so that a renamed route fails the type check on both sides. */
export const apiPaths = {
  data: '/data',
  login: '/login',
  logout: '/logout',
  pageView: '/events/page-view',
} as const;
