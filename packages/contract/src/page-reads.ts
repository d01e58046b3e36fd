import type { RouteName } from './analytics';
import { type ApiQueryValue, apiPathWithQuery, fillApiPath } from './api-urls';
import type { AppRouteParams } from './app-routes';
import type { AssignmentType } from './assignments';
import { DEFAULT_ASSIGNMENT_LOCATION, ORDER_HISTORY_DISPLAY } from './constants';
import type { DataResponse } from './data';
import { compareRewardsOrder, isGamified } from './deal-rules';
import { apiPaths } from './paths';

/**
 * The reads a page makes first, once `/data` has answered: a module page's assignment, Rewards' points and
 * catalogue, OrderHistory's first page. One definition for the app, which asks for them, and the server,
 * which answers them with the page itself (decision 0026), so the two cannot drift apart.
 */

/** One API read: its path under API_BASE (parameters filled in) and its own query. */
export interface ApiRead {
  path: string;
  query: Readonly<Record<string, ApiQueryValue>>;
}

/**
 * The name of a read made from a page with query `pageSearch`: path and query as the app sends them,
 * without the token. The server embeds each answer under it and the app looks it up by it.
 */
export function readKey(read: ApiRead, pageSearch: string): string {
  return apiPathWithQuery(read.path, read.query, pageSearch, null);
}

/** A route's numeric id param (dealId, venueId, …), or null when absent or not a positive whole number. */
export function idParamOf(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return Number(value);
}

export function isPreviewPass(data: DataResponse): boolean {
  return data.isPreview || data.offer?.isPreview === true;
}

export function isUnregisteredPass(data: DataResponse): boolean {
  return data.isUnregisteredLink || data.offer?.isUnregisteredLink === true;
}

/** Which form of the spec 7 assignment call a session uses. */
export type AssignmentAudience =
  | { kind: 'holder'; partnerUserId: number; offerId: number }
  | { kind: 'preview' }
  | { kind: 'unregistered' };

/** Holders use /partnerUser/{id}/…, previews /preview/… and unregistered links /unregistered/… (offerId 0). */
export function assignmentAudience(data: DataResponse | undefined): AssignmentAudience | null {
  if (!data) return null;
  if (isUnregisteredPass(data)) return { kind: 'unregistered' };
  if (isPreviewPass(data)) return { kind: 'preview' };
  if (data.partner_user && data.offer) {
    return { kind: 'holder', partnerUserId: data.partner_user.id, offerId: data.offer.id };
  }
  return null;
}

export interface AssignmentRequest {
  type: AssignmentType;
  assignmentId: number;
  location?: string;
  /** The page's deal (spec 7: dealId when the page has it). */
  dealId?: number | null;
}

/** GET the modules of a page and the records they name (spec 7 Assignments), in the audience's form. */
export function assignmentRead(audience: AssignmentAudience, request: AssignmentRequest): ApiRead {
  const segments = {
    type: request.type,
    assignmentId: request.assignmentId,
    location: request.location ?? DEFAULT_ASSIGNMENT_LOCATION,
  };
  const path =
    audience.kind === 'holder'
      ? fillApiPath(apiPaths.assignment, { id: audience.partnerUserId, ...segments })
      : fillApiPath(
          audience.kind === 'preview' ? apiPaths.previewAssignment : apiPaths.unregisteredAssignment,
          segments,
        );
  return {
    path,
    query: {
      offerId: audience.kind === 'holder' ? audience.offerId : 0,
      dealId: request.dealId ?? undefined,
    },
  };
}

/**
 * The assignment a module page shows (spec 7 Assignments), from its route, params and query: one place,
 * so the page, the prefetch that runs before it and the server ask for exactly the same thing.
 */
export function pageAssignmentRequest(
  route: RouteName,
  params: AppRouteParams,
  search: string,
  data: DataResponse,
): AssignmentRequest | null {
  const dealId = idParamOf(params.dealId);
  switch (route) {
    case 'Experiences': {
      if (!data.offer) return null;
      // Spec 7 and demo README ambiguity 9: on Experiences a dealId query is the template context.
      const queryDealId = idParamOf(new URLSearchParams(search).get('dealId') ?? undefined);
      return { type: 'offer', assignmentId: data.offer.id, location: 'pass', dealId: queryDealId };
    }
    case 'Explore':
      return data.offer
        ? { type: 'offer', assignmentId: data.offer.id, location: 'explore', dealId: null }
        : null;
    case 'Deal':
      return dealId === null ? null : { type: 'deal', assignmentId: dealId, location: 'pass', dealId };
    case 'Venue':
    case 'DealVenue': {
      const venueId = idParamOf(params.venueId);
      return venueId === null ? null : { type: 'venue', assignmentId: venueId, location: 'pass', dealId };
    }
    case 'Product':
    case 'VenueProduct':
    case 'DealProduct':
    case 'DealVenueProduct': {
      const productId = idParamOf(params.productId);
      return productId === null
        ? null
        : { type: 'product', assignmentId: productId, location: 'pass', dealId };
    }
    case 'Signup':
      // The visitor's venue page (spec 6: module assignments use the unregistered endpoints).
      return data.venue
        ? { type: 'venue', assignmentId: data.venue.id, location: 'pass', dealId: null }
        : null;
    default:
      return null;
  }
}

/** Whose points or catalogue: the holder, their offer, and the deal (null: the server's own choice). */
export interface HolderDealRef {
  partnerUserId: number;
  offerId: number;
  dealId: number | null;
}

/** The offer's gamified deals in rewards order (none on a points offer). */
export function rewardsDeals<
  D extends { id: number; use_points: boolean; points_valid_until: string | null },
>(data: { offer: { use_points: boolean } | null; deals: readonly D[] }): D[] {
  return data.deals.filter((deal) => isGamified(deal, data.offer)).sort(compareRewardsOrder);
}

/** The deal named by the URL's dealId when it is one of the rewards deals, else the first of them. */
export function selectedRewardsDeal<D extends { id: number }>(
  deals: readonly D[],
  dealIdParam: string | null,
): D | null {
  const chosen = dealIdParam ? deals.find((deal) => String(deal.id) === dealIdParam) : undefined;
  return chosen ?? deals[0] ?? null;
}

/** GET …/points/current (spec 7): without a dealId the call still carries the page's, else the headline deal. */
export function pointsCurrentRead(ref: HolderDealRef): ApiRead {
  return {
    path: fillApiPath(apiPaths.pointsCurrent, { id: ref.partnerUserId }),
    query: { offerId: ref.offerId, dealId: ref.dealId },
  };
}

/** GET …/rewards (decision 0016): the reward items of a points offer or of one gamified deal. */
export function rewardsRead(ref: HolderDealRef): ApiRead {
  return {
    path: fillApiPath(apiPaths.rewards, { id: ref.partnerUserId }),
    query: { offerId: ref.offerId, dealId: ref.dealId },
  };
}

/** GET …/orders (spec 7 Order history): one page of the holder's orders, ORDER_HISTORY_DISPLAY at a time. */
export function orderHistoryRead(ref: { partnerUserId: number; offerId: number }, page: number): ApiRead {
  return {
    path: fillApiPath(apiPaths.orders, { id: ref.partnerUserId }),
    query: { offerId: ref.offerId, display: ORDER_HISTORY_DISPLAY, page },
  };
}

/** The signed-in holder of a pass (no preview or unregistered link), or null. */
function holderOf(data: DataResponse): { partnerUserId: number; offerId: number } | null {
  const audience = assignmentAudience(data);
  return audience?.kind === 'holder'
    ? { partnerUserId: audience.partnerUserId, offerId: audience.offerId }
    : null;
}

/**
 * Rewards' deal (spec 2.5): a points offer's one points deal is the server's to find (null); on a gamified
 * offer the URL's dealId when it is a rewards deal, else the first rewards deal.
 */
export function rewardsPageRef(data: DataResponse, search: string): HolderDealRef | null {
  const holder = holderOf(data);
  if (!holder || !data.offer) return null;
  const selected = data.offer.use_points
    ? null
    : selectedRewardsDeal(rewardsDeals(data), new URLSearchParams(search).get('dealId'));
  return { ...holder, dealId: selected?.id ?? null };
}

/** Module pages a preview can show (spec 2.2: the guards send a preview anywhere else to its target). */
const PREVIEW_MODULE_ROUTES: ReadonlySet<RouteName> = new Set([
  'Product',
  'Venue',
  'VenueProduct',
  'Deal',
  'DealProduct',
  'DealVenue',
  'DealVenueProduct',
]);

/** Whether the guards (spec 2.2) let this session see the route's page, as far as its first reads go. */
function showsModulePage(route: RouteName, audience: AssignmentAudience): boolean {
  switch (audience.kind) {
    case 'unregistered':
      return route === 'Signup';
    case 'preview':
      return PREVIEW_MODULE_ROUTES.has(route);
    case 'holder':
      return route !== 'Signup';
  }
}

/**
 * The reads a page asks for first, after `/data`, in the order the page asks for them: none for a page
 * the session will not be shown (the guards redirect it) or one without reads of its own.
 */
export function pageFirstReads(
  route: RouteName,
  params: AppRouteParams,
  search: string,
  data: DataResponse,
): ApiRead[] {
  if (route === 'Rewards') {
    const ref = rewardsPageRef(data, search);
    return ref ? [pointsCurrentRead(ref), rewardsRead(ref)] : [];
  }
  if (route === 'OrderHistory') {
    const holder = holderOf(data);
    return holder ? [orderHistoryRead(holder, 1)] : [];
  }
  const request = pageAssignmentRequest(route, params, search, data);
  const audience = assignmentAudience(data);
  if (!request || !audience || !showsModulePage(route, audience)) return [];
  return [assignmentRead(audience, request)];
}
