import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { ad_events, assignments, deals, perks, products } from '../../db/schema';

export interface AdEventTargets {
  moduleId: number;
  dealId: number | null;
  venueId: number | null;
  productId: number | null;
}

export interface AdEventTargetCheck {
  module: boolean;
  deal: boolean;
  venue: boolean;
  product: boolean;
}

/**
 * In one round trip: is the module on a pass page of the offer (in an assignment that serves it: one for
 * this offer or for any offer, as the assignments calls serve them, and not an unregistered link's), and
 * does each given deal, venue and product belong to the offer (an id that is not given passes)? A venue
 * belongs to the offer when one of its deals includes it or one of its products or perks is there.
 */
export async function checkAdEventTargets(
  db: DbExecutor,
  offerId: number,
  targets: AdEventTargets,
): Promise<AdEventTargetCheck> {
  const given = (id: number | null, check: (id: number) => SQL) => (id === null ? sql`true` : check(id));
  const [row] = await queryRows<Record<keyof AdEventTargetCheck, boolean>>(
    db,
    sql`select
      exists (
        select 1 from ${assignments}
        where ${targets.moduleId} = any(${assignments.modules})
          and (${assignments.offer_id} = ${offerId} or ${assignments.offer_id} is null)
          and not ${assignments.unregistered}
      ) as "module",
      ${given(
        targets.dealId,
        (id) =>
          sql`exists (select 1 from ${deals} where ${and(eq(deals.id, id), eq(deals.offer_id, offerId))})`,
      )} as "deal",
      ${given(
        targets.venueId,
        (id) => sql`(
          exists (select 1 from ${deals} where ${eq(deals.offer_id, offerId)} and ${id} = any(${deals.venue_ids}))
          or exists (select 1 from ${products} where ${and(eq(products.offer_id, offerId), eq(products.venue_id, id))})
          or exists (select 1 from ${perks} where ${and(eq(perks.offer_id, offerId), eq(perks.venue_id, id))})
        )`,
      )} as "venue",
      ${given(
        targets.productId,
        (id) =>
          sql`exists (select 1 from ${products} where ${and(eq(products.id, id), eq(products.offer_id, offerId))})`,
      )} as "product"`,
  );
  return {
    module: row?.module === true,
    deal: row?.deal === true,
    venue: row?.venue === true,
    product: row?.product === true,
  };
}

export type AdEventRow = typeof ad_events.$inferInsert;

export async function insertAdEvent(db: DbExecutor, event: AdEventRow): Promise<void> {
  await db.insert(ad_events).values(event);
}
