import type { AssignmentVenue, Category, PageModule } from '@trailpass/contract';
import { heroUrl, mediaUrl } from '../../../lib/media';
import { compareNames } from '../../../lib/sorting';
import type { ModulePageContext } from '../context';
import { dataIds } from '../types';
import { pick } from './records';

type VenueContext = Pick<ModulePageContext, 'page' | 'index' | 'appData' | 'dealId'>;

/**
 * A venue list module's venues, in the order data.venues lists them. A list on a deal page that names
 * none shows the deal's own venues (its venue_ids), so a deal page without configured data still lists
 * where the deal can be used.
 */
export function moduleVenues(module: PageModule, ctx: VenueContext): AssignmentVenue[] {
  const listed = dataIds(module, 'venues');
  if (listed.length > 0) return pick(listed, ctx.index.venues);
  if (ctx.page !== 'deal' || ctx.dealId === null) return [];
  const deal = ctx.index.deals.get(ctx.dealId) ?? ctx.appData.deals.find((item) => item.id === ctx.dealId);
  return pick(deal?.venue_ids ?? [], ctx.index.venues);
}

export interface CategoryGroup {
  category: Category;
  venues: AssignmentVenue[];
}

/**
 * The module's categories (data.categories, in order), each with the data map's venues in it, by name.
 * The server adds the offer's venues of the named categories to the data map. Categories with no venue
 * are left out: an empty heading helps no one.
 */
export function categoryGroups(module: PageModule, ctx: Pick<ModulePageContext, 'index'>): CategoryGroup[] {
  const venues = [...ctx.index.venues.values()].sort((a, b) => compareNames(a.name, b.name));
  return pick(dataIds(module, 'categories'), ctx.index.categories)
    .map((category) => ({
      category,
      venues: venues.filter((venue) => venue.categories.includes(category.id)),
    }))
    .filter((group) => group.venues.length > 0);
}

/** A venue's picture: its Header (the gallery background, spec 2.4), else its first image. */
export function venueImageUrl(venue: Pick<AssignmentVenue, 'media'>): string | null {
  return mediaUrl('Header', venue.media) ?? heroUrl(venue.media) ?? venue.media[0]?.url ?? null;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export function hasCoordinates<V extends { latitude: number | null; longitude: number | null }>(
  venue: V,
): venue is V & Coordinates {
  return (
    venue.latitude !== null &&
    venue.longitude !== null &&
    Number.isFinite(venue.latitude) &&
    Number.isFinite(venue.longitude)
  );
}
