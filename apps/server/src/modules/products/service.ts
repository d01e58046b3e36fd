import type { PassLanguage, ProductResponse } from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { notFound } from '../../plugins/errors';
import { countRedemptions, MediaIndex, type RedemptionCounts, toProduct, toVenue } from '../data/mappers';
import { listMedia, listUserOrderProducts } from '../data/repository';
import { localized, localizedVenue } from '../language/translate';
import type { PassSession } from '../sessions/repository';
import { findProductOfOffer } from './repository';

/**
 * GET /products/{productId}: a product of the session's offer and its venue, as /data and the assignments
 * serve them. Any session with an offer may read it (a holder, a signed-out pass, a preview); an
 * unregistered link has no offer, so every product is 404 for it, as is another offer's.
 */
export async function loadProduct(
  db: DbExecutor,
  session: PassSession,
  productId: number,
  language: PassLanguage = 'en',
): Promise<ProductResponse> {
  const offerId = session.offerId;
  if (offerId === null || session.isUnregisteredLink) throw notFound();
  const row = await findProductOfOffer(db, productId, offerId);
  if (!row) throw notFound();
  // Decision 0049: the texts in the request's language, each field falling back to the original.
  const product = localized(row.product, language);
  const venue = row.venue ? localizedVenue(row.venue, language) : null;
  const [mediaRows, counts] = await readsTogether(db, [
    () => listMedia(db, { product: [product.id], venue: venue ? [venue.id] : [] }),
    () => userRedemptionCounts(db, session.partnerUserId, offerId),
  ]);
  const mediaIndex = new MediaIndex(mediaRows);
  return {
    product: toProduct(product, venue?.name ?? null, mediaIndex, counts),
    venue: venue ? toVenue(venue, mediaIndex) : null,
  };
}

/** The signed-in user's counts, from the same order products /data counts; nobody signed in: none. */
async function userRedemptionCounts(
  db: DbExecutor,
  partnerUserId: number | null,
  offerId: number,
): Promise<Map<number, RedemptionCounts>> {
  if (partnerUserId === null) return new Map();
  const rows = await listUserOrderProducts(db, partnerUserId, offerId);
  return countRedemptions(rows.map((row) => row.orderProduct));
}
