import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  deals,
  faqs,
  type MediaOwnerType,
  media,
  message_lists,
  offers,
  order_deals,
  order_products,
  orders,
  partner_users,
  partners,
  points_ledger,
  products,
  provider_settings,
  subscriptions,
  tickets,
  venues,
} from '../../db/schema';

/**
 * Reads for GET /data. Each function is one query whose size does not depend on the number of items, so
 * a signed-in /data costs a fixed dozen queries however many deals, products and orders there are.
 */

/** Orders whose deals and products count as the user's (a draft cart does not grant anything yet). */
const COUNTED_ORDER_STATUS = 'completed';

export async function findOfferWithPartner(db: DbExecutor, offerId: number) {
  const [row] = await db
    .select({ offer: offers, partner: partners })
    .from(offers)
    .innerJoin(partners, eq(partners.id, offers.partner_id))
    .where(eq(offers.id, offerId))
    .limit(1);
  return row ?? null;
}

export type OfferRow = typeof offers.$inferSelect;
export type PartnerRow = typeof partners.$inferSelect;

/** FAQs meant for the pass (showOnMobilePass), in their given order. */
export function listPassFaqs(db: DbExecutor, offerId: number) {
  return db
    .select()
    .from(faqs)
    .where(and(eq(faqs.offer_id, offerId), eq(faqs.show_on_mobile_pass, true)))
    .orderBy(asc(faqs.position), asc(faqs.id));
}

/** The offer's deals with their product counts. */
export function listDeals(db: DbExecutor, offerId: number) {
  const productCounts = db
    .select({ deal_id: products.deal_id, n: count().as('n') })
    .from(products)
    .where(eq(products.offer_id, offerId))
    .groupBy(products.deal_id)
    .as('product_counts');
  return db
    .select({ deal: deals, productCount: sql<number>`coalesce(${productCounts.n}, 0)::int` })
    .from(deals)
    .leftJoin(productCounts, eq(productCounts.deal_id, deals.id))
    .where(eq(deals.offer_id, offerId))
    .orderBy(asc(deals.id));
}

export type DealRow = typeof deals.$inferSelect;

/** The offer's products (deal products and standalone ones) with their venue's name. */
export function listProducts(db: DbExecutor, offerId: number) {
  return db
    .select({ product: products, venueName: venues.name })
    .from(products)
    .leftJoin(venues, eq(venues.id, products.venue_id))
    .where(eq(products.offer_id, offerId))
    .orderBy(asc(products.id));
}

export type ProductRow = typeof products.$inferSelect;

export async function findPartnerUser(db: DbExecutor, partnerUserId: number) {
  const [row] = await db.select().from(partner_users).where(eq(partner_users.id, partnerUserId)).limit(1);
  return row ?? null;
}

export type PartnerUserRow = typeof partner_users.$inferSelect;

const userOrdersOnOffer = (partnerUserId: number, offerId: number) =>
  and(
    eq(orders.partner_user_id, partnerUserId),
    eq(orders.offer_id, offerId),
    eq(orders.status, COUNTED_ORDER_STATUS),
  );

export function listUserOrderDeals(db: DbExecutor, partnerUserId: number, offerId: number) {
  return db
    .select({
      id: order_deals.id,
      deal_id: order_deals.deal_id,
      order_id: order_deals.order_id,
      redemptions_remaining: order_deals.redemptions_remaining,
      redemptions_made: order_deals.redemptions_made,
      added_max_redemptions: order_deals.added_max_redemptions,
    })
    .from(order_deals)
    .innerJoin(orders, eq(orders.id, order_deals.order_id))
    .where(userOrdersOnOffer(partnerUserId, offerId))
    .orderBy(asc(order_deals.id));
}

export function listUserOrderProducts(db: DbExecutor, partnerUserId: number, offerId: number) {
  return db
    .select({ orderProduct: order_products, ticketId: tickets.id })
    .from(order_products)
    .innerJoin(orders, eq(orders.id, order_products.order_id))
    .leftJoin(tickets, eq(tickets.order_product_id, order_products.id))
    .where(userOrdersOnOffer(partnerUserId, offerId))
    .orderBy(asc(order_products.id));
}

export type OrderProductRow = typeof order_products.$inferSelect;

/** Every ledger entry of the user on the offer (all deals), oldest first. */
export function listUserLedger(db: DbExecutor, partnerUserId: number, offerId: number) {
  return db
    .select({
      id: points_ledger.id,
      deal_id: points_ledger.deal_id,
      points: points_ledger.points,
      value_date: points_ledger.value_date,
      expires_at: points_ledger.expires_at,
    })
    .from(points_ledger)
    .where(and(eq(points_ledger.partner_user_id, partnerUserId), eq(points_ledger.offer_id, offerId)))
    .orderBy(asc(points_ledger.value_date), asc(points_ledger.id));
}

/** The mailing lists of the offer's partner with the user's flag (no row, or no user, counts as 0). */
export function listMessageListsForOffer(db: DbExecutor, offerId: number, partnerUserId: number | null) {
  return db
    .select({
      id: message_lists.id,
      name: message_lists.name,
      description: message_lists.description,
      subscribed: sql<number>`coalesce(${subscriptions.subscribed}, 0)::int`,
    })
    .from(message_lists)
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.message_list_id, message_lists.id),
        // No user: match no subscription row, so every list reads 0.
        eq(subscriptions.partner_user_id, partnerUserId ?? -1),
      ),
    )
    .where(
      inArray(
        message_lists.partner_id,
        db.select({ partner_id: offers.partner_id }).from(offers).where(eq(offers.id, offerId)),
      ),
    )
    .orderBy(asc(message_lists.id));
}

export async function findProviderEmailDomain(db: DbExecutor): Promise<string | null> {
  const [row] = await db.select({ domain: provider_settings.email_domain }).from(provider_settings).limit(1);
  return row?.domain ?? null;
}

export type MediaRow = typeof media.$inferSelect;

/** Media of many owners in one query, in their given order. */
export async function listMedia(
  db: DbExecutor,
  owners: Partial<Record<MediaOwnerType, readonly number[]>>,
): Promise<MediaRow[]> {
  const conditions: SQL[] = [];
  for (const [type, ids] of Object.entries(owners)) {
    if (ids && ids.length > 0) {
      const condition = and(eq(media.owner_type, type as MediaOwnerType), inArray(media.owner_id, [...ids]));
      if (condition) conditions.push(condition);
    }
  }
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(or(...conditions))
    .orderBy(asc(media.owner_type), asc(media.owner_id), asc(media.position), asc(media.id));
}

export async function findVenue(db: DbExecutor, venueId: number) {
  const [row] = await db.select().from(venues).where(eq(venues.id, venueId)).limit(1);
  return row ?? null;
}

export type VenueRow = typeof venues.$inferSelect;

/** Offers that have a deal including the venue, with their partner (unregistered sign-up page). */
export function listOffersIncludingVenue(db: DbExecutor, venueId: number) {
  return db
    .select({ offer: offers, partner: partners })
    .from(offers)
    .innerJoin(partners, eq(partners.id, offers.partner_id))
    .where(
      inArray(
        offers.id,
        db.select({ offer_id: deals.offer_id }).from(deals).where(sql`${venueId} = any(${deals.venue_ids})`),
      ),
    )
    .orderBy(asc(partners.id), asc(offers.id));
}
