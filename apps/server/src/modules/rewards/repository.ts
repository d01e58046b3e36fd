import { asc, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { venues } from '../../db/schema';

/** Name and address of the given venues (the pickup venues of a catalogue), by id. */
export async function listVenueAddresses(
  db: DbExecutor,
  venueIds: readonly number[],
): Promise<Array<{ id: number; name: string; address: string | null }>> {
  if (venueIds.length === 0) return [];
  return db
    .select({ id: venues.id, name: venues.name, address: venues.address })
    .from(venues)
    .where(inArray(venues.id, [...venueIds]))
    .orderBy(asc(venues.id));
}
