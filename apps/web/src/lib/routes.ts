import { appRoutePaths, type RouteName } from '@trailpass/contract';
import { generatePath } from 'react-router';
import { TOKEN_QUERY } from './session';

export type { RouteName };

/** Spec 2.1 route table, relative to the /pass basename (the contract's, which the server reads pages by). */
export const routePaths = appRoutePaths;

/** Parent groupings of spec 2.1 (used for the active bottom tab). */
export const routeParents: Partial<Record<RouteName, RouteName>> = {
  Deal: 'Experiences',
  DealVenue: 'Experiences',
  Product: 'Experiences',
  VenueProduct: 'Experiences',
  DealProduct: 'Experiences',
  DealVenueProduct: 'Experiences',
  Venue: 'Experiences',
  Messages: 'More',
  OrderHistory: 'More',
  RewardsHistory: 'More',
  CommonQuestions: 'More',
  ReviewOrder: 'Cart',
  OrderDetails: 'Cart',
  ClaimReward: 'Rewards',
  ShippingInfo: 'Rewards',
  RewardsClaimed: 'Rewards',
};

export type RouteParams = Record<string, string | number | null | undefined>;
export type RouteQuery = Record<string, string | number | boolean | null | undefined>;

/** A place in the app: a route name with its params and extra query (t is added for you). */
export interface RouteTarget {
  name: RouteName;
  params?: RouteParams;
  query?: RouteQuery;
}

export function pathFor(name: RouteName, params: RouteParams = {}): string {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) clean[key] = String(value);
  }
  // generatePath's typing wants the literal param names; the table above is the source of truth.
  return generatePath(routePaths[name] as string, clean);
}

/**
 * The one way to build an in-app href (spec 2.1: every navigation keeps query t): the target's
 * path and query, plus t taken from the current page query.
 */
export function buildHref(target: RouteTarget | RouteName, currentSearch: string): string {
  const { name, params, query } = typeof target === 'string' ? { name: target } : target;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && key !== TOKEN_QUERY) search.set(key, String(value));
  }
  const token = new URLSearchParams(currentSearch).get(TOKEN_QUERY);
  if (token) search.set(TOKEN_QUERY, token);
  const qs = search.toString();
  return `${pathFor(name, params)}${qs ? `?${qs}` : ''}`;
}
