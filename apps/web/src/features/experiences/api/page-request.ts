import type { DataResponse } from '@trailpass/contract';
import type { RouteName } from '../../../lib/routes';
import { idParamOf } from '../components/route-ids';
import type { AssignmentRequest } from './assignment';

export type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * The assignment a module page shows (spec 7 Assignments), from its route, params and query: one place,
 * so the page and the prefetch that runs before it (prefetch.ts) ask for exactly the same thing.
 */
export function pageAssignmentRequest(
  route: RouteName,
  params: RouteParams,
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
