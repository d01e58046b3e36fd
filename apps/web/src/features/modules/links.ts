import type { RouteTarget } from '../../lib/routes';
import type { ModulePageContext } from './context';

/**
 * Where a venue card leads: DealVenue on a deal's page (the deal stays in the route), else Venue.
 */
export function venueTarget(ctx: Pick<ModulePageContext, 'dealId'>, venueId: number): RouteTarget {
  return ctx.dealId !== null
    ? { name: 'DealVenue', params: { dealId: ctx.dealId, venueId } }
    : { name: 'Venue', params: { venueId } };
}

/**
 * Where a product card leads, keeping the deal and venue of the page in the route (spec 2.1:
 * DealVenueProduct, DealProduct, VenueProduct, else Product).
 */
export function productTarget(
  ctx: Pick<ModulePageContext, 'dealId' | 'venueId'>,
  productId: number,
): RouteTarget {
  const { dealId, venueId } = ctx;
  if (dealId !== null && venueId !== null) {
    return { name: 'DealVenueProduct', params: { dealId, venueId, productId } };
  }
  if (dealId !== null) return { name: 'DealProduct', params: { dealId, productId } };
  if (venueId !== null) return { name: 'VenueProduct', params: { venueId, productId } };
  return { name: 'Product', params: { productId } };
}

export function dealTarget(dealId: number): RouteTarget {
  return { name: 'Deal', params: { dealId } };
}
