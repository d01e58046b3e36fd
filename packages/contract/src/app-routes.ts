import type { RouteName } from './analytics';

/**
 * Spec 2.1 route table, relative to APP_BASE, in React Router's path syntax. The app routes by it, and the
 * server reads a page's route from it when it answers the page with its first reads (page-reads.ts).
 */
export const appRoutePaths = {
  Login: '/login',
  Experiences: '/experiences',
  Deal: '/experiences/deal/:dealId',
  DealVenue: '/experiences/deal/:dealId/venue/:venueId',
  Product: '/experiences/product/:productId',
  VenueProduct: '/experiences/venue/:venueId/product/:productId',
  DealProduct: '/experiences/deal/:dealId/product/:productId',
  DealVenueProduct: '/experiences/deal/:dealId/venue/:venueId/product/:productId',
  Venue: '/experiences/venue/:venueId/:tab?',
  Messages: '/account/messages',
  Subscriptions: '/subscriptions',
  Explore: '/explore',
  ReviewOrder: '/revieworder',
  OrderHistory: '/orderhistory',
  OrderDetails: '/orderdetails/:orderId',
  Cart: '/cart',
  Rewards: '/rewards',
  ClaimReward: '/rewards/:type/:typeId',
  RewardsHistory: '/account/rewards',
  ShippingInfo: '/rewards/shippingInfo/:type/:typeId',
  RewardsClaimed: '/account/rewards/claimed',
  CommonQuestions: '/support/questions',
  More: '/account',
  Signup: '/signup',
} as const satisfies Record<RouteName, string>;

export type AppRouteParams = Readonly<Record<string, string | undefined>>;

export interface AppRouteMatch {
  name: RouteName;
  params: AppRouteParams;
}

interface CompiledRoute {
  name: RouteName;
  segments: { name: string | null; text: string; optional: boolean }[];
  /** Static segments: the more, the more specific (React Router ranks them above parameters). */
  staticCount: number;
}

const compiled: CompiledRoute[] = (Object.entries(appRoutePaths) as [RouteName, string][]).map(
  ([name, path]) => {
    const segments = path
      .split('/')
      .filter(Boolean)
      .map((segment) =>
        segment.startsWith(':')
          ? { name: segment.slice(1).replace(/\?$/, ''), text: '', optional: segment.endsWith('?') }
          : { name: null, text: segment.toLowerCase(), optional: false },
      );
    return { name, segments, staticCount: segments.filter((segment) => segment.name === null).length };
  },
);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchOne(route: CompiledRoute, parts: readonly string[]): AppRouteParams | null {
  const params: Record<string, string | undefined> = {};
  let index = 0;
  for (const segment of route.segments) {
    const part = parts[index];
    if (part === undefined) {
      if (!segment.optional) return null;
      continue;
    }
    if (segment.name === null) {
      // React Router matches paths case-insensitively by default.
      if (part.toLowerCase() !== segment.text) return null;
    } else {
      params[segment.name] = decoded(part);
    }
    index += 1;
  }
  return index === parts.length ? params : null;
}

/**
 * The route of a path under APP_BASE (`/experiences/venue/302`), as the app's router would pick it: the
 * whole path must match, a trailing slash is ignored, and a static segment beats a parameter. Null for a
 * path outside the table (the app sends those to Experiences).
 */
export function matchAppRoute(pathInApp: string): AppRouteMatch | null {
  const parts = pathInApp.split('/').filter(Boolean);
  let best: (AppRouteMatch & { staticCount: number }) | null = null;
  for (const route of compiled) {
    const params = matchOne(route, parts);
    if (params && (!best || route.staticCount > best.staticCount)) {
      best = { name: route.name, params, staticCount: route.staticCount };
    }
  }
  return best && { name: best.name, params: best.params };
}
