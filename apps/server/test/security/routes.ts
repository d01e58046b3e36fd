import { API_BASE, apiPaths, rootApiPaths } from '@trailpass/contract';
import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The route catalogue of the security suites: every API route the app registers, as Fastify saw it
 * (an onRoute hook on the app the suite then calls), with the zod schemas of its params, query, body and
 * headers. Built from the app rather than a hand-written list, so that a new route is in the authorisation
 * matrix and the fuzzing suite without editing them; routes.test.ts checks it against the contract.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteSchemas {
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  headers?: ZodType;
}

export interface CatalogueRoute {
  method: Method;
  /** As registered, with `:name` parameters, e.g. /pass/api/cart/:orderId. */
  url: string;
  /** The contract path it serves (relative to API_BASE for apiPaths, to the site root for rootApiPaths). */
  contractPath: string;
  schemas: RouteSchemas;
  /** It acts for the signed-in pass holder: 403 for a preview or unregistered link, 404 for another user. */
  holder: boolean;
  /** `METHOD url`, the route's name in messages. */
  name: string;
}

/**
 * Holder routes whose path names no partner user (every /partnerUser/:id route is one too): the cart acts
 * for the session's own user, the availability reads serve the holder's claim and booking (decision
 * 0017), and the saved language is the session's user's (decision 0049). A new route of this kind must be added here, or to the authorisation matrix's allow-list.
 */
export const HOLDER_ROUTES_WITHOUT_USER_ID: ReadonlySet<string> = new Set([
  apiPaths.cart,
  apiPaths.cartOrder,
  apiPaths.cartItems,
  apiPaths.cartItem,
  apiPaths.cartKeepAlive,
  apiPaths.cartComplete,
  apiPaths.availableDates,
  apiPaths.availableTimes,
  apiPaths.pickupPoints,
  // The holder's saved language (decision 0049): the session's own user's.
  apiPaths.language,
]);

const ROOT_PATHS: ReadonlySet<string> = new Set(Object.values(rootApiPaths));
const DOCS_BASE = `${API_BASE}${apiPaths.docs}`;

/** The web app and its media (registerStatic): the only routes that are no API route. */
function isStaticUrl(url: string): boolean {
  return (
    url === '/' ||
    url === '/pass' ||
    // The 404 of an unknown API path (plugins/static.ts): no route of the API.
    url === `${API_BASE}/*` ||
    (url.startsWith('/pass/') && !url.startsWith(`${API_BASE}/`))
  );
}

/**
 * The partner console's routes (its pages and /console/api): not the pass API's, so not in this catalogue.
 * They have a catalogue and suites of their own (console-routes.ts, issue 30).
 */
export function isConsoleUrl(url: string): boolean {
  return url === '/console' || url.startsWith('/console/');
}

/**
 * The contract path a served URL stands for, or null when it is none. The readable docs are a tree of
 * routes of @fastify/swagger-ui (index, assets, json, yaml) under the one contract path apiPaths.docs.
 */
export function contractPathOf(url: string): string | null {
  if (ROOT_PATHS.has(url)) return url;
  if (url === DOCS_BASE || url.startsWith(`${DOCS_BASE}/`)) return apiPaths.docs;
  if (!url.startsWith(`${API_BASE}/`)) return null;
  const path = url.slice(API_BASE.length);
  return (Object.values(apiPaths) as string[]).includes(path) ? path : null;
}

/** Every route registered, less HEAD (Fastify adds one per GET) and the web app's static routes. */
export function apiRoutesOf(
  registered: readonly RouteOptions[],
): { method: Method; url: string; route: RouteOptions }[] {
  const out: { method: Method; url: string; route: RouteOptions }[] = [];
  for (const route of registered) {
    if (isStaticUrl(route.url) || isConsoleUrl(route.url)) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      out.push({ method: method as Method, url: route.url, route });
    }
  }
  return out;
}

/** The catalogue of the routes an app registered; a served API route outside the contract throws. */
export function catalogueOf(registered: readonly RouteOptions[]): CatalogueRoute[] {
  return apiRoutesOf(registered).map(({ method, url, route }) => {
    const contractPath = contractPathOf(url);
    if (contractPath === null) throw new Error(`${method} ${url} is served but is no contract path.`);
    const schema = (route.schema ?? {}) as RouteSchemas;
    const schemas: RouteSchemas = {};
    for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
      if (schema[part]) schemas[part] = schema[part];
    }
    const holder =
      contractPath.startsWith('/partnerUser/:id/') || HOLDER_ROUTES_WITHOUT_USER_ID.has(contractPath);
    return { method, url, contractPath, schemas, holder, name: `${method} ${url}` };
  });
}

export interface CataloguedApp extends TestApp {
  routes: CatalogueRoute[];
  /** What the onRoute hook saw, as it saw it. */
  registered: readonly RouteOptions[];
}

/** A test app on the demo data (createTestApp) and the catalogue of its routes. */
export async function createCataloguedApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<CataloguedApp> {
  const registered: RouteOptions[] = [];
  const t = await createTestApp({ ...options, onRoute: (route) => registered.push(route) });
  return Object.assign(t, { routes: catalogueOf(registered), registered });
}
