import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { deals, offers, type Translations } from '../../db/schema';

export interface ShareOfferRow {
  name: string;
  description: string | null;
  signup_url: string | null;
  translations: Translations | null;
}

export async function findShareOffer(db: DbExecutor, offerId: number): Promise<ShareOfferRow | null> {
  const [row] = await db
    .select({
      name: offers.name,
      description: offers.description,
      signup_url: offers.signup_url,
      translations: offers.translations,
    })
    .from(offers)
    .where(eq(offers.id, offerId))
    .limit(1);
  return row ?? null;
}

export interface ShareDealRow {
  name: string;
  description: string | null;
  short_description: string | null;
  translations: Translations | null;
}

/** The deal when it is one of the offer's; null otherwise (another offer's deal reads as unknown). */
export async function findShareDeal(
  db: DbExecutor,
  dealId: number,
  offerId: number,
): Promise<ShareDealRow | null> {
  const [row] = await db
    .select({
      name: deals.name,
      description: deals.description,
      short_description: deals.short_description,
      translations: deals.translations,
    })
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.offer_id, offerId)))
    .limit(1);
  return row ?? null;
}
