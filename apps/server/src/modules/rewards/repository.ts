import type { PassLanguage } from '@trailpass/contract';
import { asc, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { venues } from '../../db/schema';
import { localizedFields } from '../language/translate';

/** Name and address of the given venues (the pickup venues of a catalogue), by id. */
export async function listVenueAddresses(
  db: DbExecutor,
  venueIds: readonly number[],
  language: PassLanguage = 'en',
): Promise<Array<{ id: number; name: string; address: string | null }>> {
  if (venueIds.length === 0) return [];
  const rows = await db
    .select({ id: venues.id, name: venues.name, address: venues.address, translations: venues.translations })
    .from(venues)
    .where(inArray(venues.id, [...venueIds]))
    .orderBy(asc(venues.id));
  // The name in the request's language (decision 0049); the address is not translated.
  return rows.map(({ translations, ...row }) => localizedFields(row, translations, language));
}
