import { matchAppRoute } from '@trailpass/contract';
import type { RouteName, RouteTarget } from '../lib/routes';

/**
 * What a signed-out visitor may open: Login, and Common Questions, which spec 6 keeps visible without a
 * partner user (the demo's signed-out link: "Common Questions still visible"). Spec 2.2 sends every
 * other page to Login.
 */
const SIGNED_OUT_ROUTES: readonly RouteName[] = ['Login', 'CommonQuestions'];

/** Spec 2.2: once a preview page has loaded, only these routes can be reached. */
export const PREVIEW_ALLOWED_ROUTES: readonly RouteName[] = [
  'Login',
  'Product',
  'Venue',
  'VenueProduct',
  'Deal',
  'DealProduct',
  'DealVenue',
  'DealVenueProduct',
];

export interface GuardSession {
  loggedIn: boolean;
  isPreview: boolean;
  isUnregistered: boolean;
  preview: { type: 'product' | 'venue' | null; typeId: number | null; dealId: number | null };
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: RouteTarget };

const ALLOW: GuardDecision = { kind: 'allow' };
const redirect = (to: RouteTarget): GuardDecision => ({ kind: 'redirect', to });

/**
 * The spec 2.1 route name of a path inside the /pass basename, or null for an unknown path: the contract's
 * matcher, which picks as the router does (the server reads pages by it too). React Router's matchRoutes
 * would flatten and rank the whole table again on every call, and this runs on every render of the shell.
 */
export function routeNameOf(pathname: string): RouteName | null {
  return matchAppRoute(pathname)?.name ?? null;
}

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const parsed = Number(value);
  return parsed > 0 ? parsed : null;
}

/**
 * Spec 2.2: the preview target. Product or venue; a submissionVenueId query turns a product preview
 * into that venue's preview; a preview deal id gives the Deal-prefixed variant.
 */
export function previewTarget(preview: GuardSession['preview'], search: string): RouteTarget | null {
  const { type, typeId, dealId } = preview;
  const submissionVenueId = positiveInt(new URLSearchParams(search).get('submissionVenueId'));
  if (type === 'product' && submissionVenueId !== null) {
    return dealId
      ? { name: 'DealVenue', params: { dealId, venueId: submissionVenueId } }
      : { name: 'Venue', params: { venueId: submissionVenueId } };
  }
  if (typeId === null) return null;
  if (type === 'product') {
    return dealId
      ? { name: 'DealProduct', params: { dealId, productId: typeId } }
      : { name: 'Product', params: { productId: typeId } };
  }
  if (type === 'venue') {
    return dealId
      ? { name: 'DealVenue', params: { dealId, venueId: typeId } }
      : { name: 'Venue', params: { venueId: typeId } };
  }
  return null;
}

/**
 * Where a page may be shown once the initial data is known (spec 2.2). `route` is null for a path
 * outside the route table (the catch-all route handles those).
 */
export function decideLanding(route: RouteName | null, session: GuardSession, search: string): GuardDecision {
  if (route === null) return ALLOW;

  // Unregistered links show only the sign-up page.
  if (session.isUnregistered) return route === 'Signup' ? ALLOW : redirect({ name: 'Signup' });

  // The sign-up page belongs to unregistered links; anyone else is treated as arriving on Login.
  if (route === 'Signup') {
    const onLogin = decideLanding('Login', session, search);
    return onLogin.kind === 'allow' ? redirect({ name: 'Login' }) : onLogin;
  }

  if (session.isPreview) {
    const target = previewTarget(session.preview, search);
    if (route === 'Login') return target ? redirect(target) : ALLOW;
    // A preview has no pass holder: anything outside the previewable pages goes to the target.
    if (!PREVIEW_ALLOWED_ROUTES.includes(route)) return target ? redirect(target) : ALLOW;
    return ALLOW;
  }

  if (session.loggedIn && route === 'Login') return redirect({ name: 'Experiences' });
  if (!session.loggedIn && !SIGNED_OUT_ROUTES.includes(route)) return redirect({ name: 'Login' });
  return ALLOW;
}

/** Spec 2.2: in preview, once a page has loaded, navigation outside the allowed routes is blocked. */
export function isNavigationBlocked(args: {
  isPreview: boolean;
  pageLoaded: boolean;
  to: RouteName | null;
}): boolean {
  if (!args.isPreview || !args.pageLoaded) return false;
  return args.to === null || !PREVIEW_ALLOWED_ROUTES.includes(args.to);
}
