import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { products, venues } from '../../db/schema';

// A product page asks for its product on every visit, from every holder of an offer: prepared once.
const productOfOffer = preparedQuery('products_product_of_offer', ['productId', 'offerId'], (db, p) =>
  db
    .select({ product: products, venue: venues })
    .from(products)
    .leftJoin(venues, eq(venues.id, products.venue_id))
    .where(and(eq(products.id, p.productId), eq(products.offer_id, p.offerId)))
    .limit(1),
);

/** The product with its venue when the product is one of the offer's; null otherwise. */
export async function findProductOfOffer(db: DbExecutor, productId: number, offerId: number) {
  const [row] = await productOfOffer(db, { productId, offerId });
  return row ?? null;
}
