import type { AssignmentVenue, Category, PageModule } from '@trailpass/contract';
import { heroUrl, mediaUrl } from '../../../lib/media';
import type { ModulePageContext } from '../context';
import { dataIds } from '../types';

type VenueContext = Pick<ModulePageContext, 'page' | 'index' | 'appData' | 'dealId'>;

/** Records for ids, in the listed order; ids the data map does not hold are left out. */
export function pick<T>(ids: readonly number[], records: ReadonlyMap<number, T>): T[] {
  const found: T[] = [];
  for (const id of ids) {
    const record = records.get(id);
    if (record) found.push(record);
  }
  return found;
}

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

/** The venues of the data map that belong to a category, in data-map order. */
export function venuesInCategory(venues: Iterable<AssignmentVenue>, categoryId: number): AssignmentVenue[] {
  return [...venues].filter((venue) => venue.categories.includes(categoryId));
}

export function moduleCategories(module: PageModule, ctx: Pick<ModulePageContext, 'index'>): Category[] {
  return pick(dataIds(module, 'categories'), ctx.index.categories);
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
