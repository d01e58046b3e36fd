/**
 * Rules of module pages (spec 2.4, 3 Module and Venue) that need no database: derived module fields, the
 * relation id lists in module data, and venue distances. Tested without a database.
 */
import { type LatLng, MODULE_RELATION_KEYS, type ModuleRelationKey, milesBetween } from '@trailpass/contract';

/** The rewards module: it shows the offer's reward items, so all of them go into the data map. */
export const REWARDS_MODULE = 'DashboardItemCards';
/**
 * Modules in ascending sort_order. sort_order is stored as written, not renumbered (demo README), so two
 * modules may share one: the assignment's own list order decides between them.
 */
export function orderModules<M extends { id: number; sort_order: number }>(
  modules: readonly M[],
  listed: readonly number[],
): M[] {
  const position = new Map(listed.map((id, index) => [id, index]));
  const at = (module: M) => position.get(module.id) ?? Number.MAX_SAFE_INTEGER;
  return [...modules].sort((a, b) => a.sort_order - b.sort_order || at(a) - at(b) || a.id - b.id);
}

export type RelationIds = Record<ModuleRelationKey, number[]>;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * The ids the modules' relation lists name, per key, each once, in first-seen order. Module data is stored
 * as given, so anything in such a list that is not an id is ignored rather than queried.
 */
export function relationIds(modules: ReadonlyArray<{ data: Record<string, unknown> | null }>): RelationIds {
  const sets = Object.fromEntries(MODULE_RELATION_KEYS.map((key) => [key, new Set<number>()])) as Record<
    ModuleRelationKey,
    Set<number>
  >;
  for (const module of modules) {
    for (const key of MODULE_RELATION_KEYS) {
      const list = module.data?.[key];
      if (!Array.isArray(list)) continue;
      for (const value of list) if (isId(value)) sets[key].add(value);
    }
  }
  return Object.fromEntries(MODULE_RELATION_KEYS.map((key) => [key, [...sets[key]]])) as RelationIds;
}

/** Miles from the user to the venue; null without the user's location or the venue's coordinates. */
export function venueMiles(
  from: LatLng | null,
  venue: { latitude: number | null; longitude: number | null },
): number | null {
  if (!from || venue.latitude === null || venue.longitude === null) return null;
  return milesBetween(from, { latitude: venue.latitude, longitude: venue.longitude });
}

/** The user's location from the query: both coordinates or none (one alone says nothing). */
export function userLocation(query: { latitude?: number | undefined; longitude?: number | undefined }) {
  return query.latitude !== undefined && query.longitude !== undefined
    ? { latitude: query.latitude, longitude: query.longitude }
    : null;
}
