import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type Placeholders, preparedQuery } from '../../db/prepared';
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
 *
 * Every query has a fixed shape and is prepared once per database (db/prepared.ts): the inputs are
 * placeholders (`p.offerId`), the values come with each call. Building the queries anew on each request
 * cost more CPU than the database took to answer them.
 */

/** Orders whose deals and products count as the user's (a draft cart does not grant anything yet). */
const COUNTED_ORDER_STATUS = 'completed';

const offerWithPartner = preparedQuery('data_offer_with_partner', ['offerId'], (db, p) =>
  db
    .select({ offer: offers, partner: partners })
    .from(offers)
    .innerJoin(partners, eq(partners.id, offers.partner_id))
    .where(eq(offers.id, p.offerId))
    .limit(1),
);

export async function findOfferWithPartner(db: DbExecutor, offerId: number) {
  const [row] = await offerWithPartner(db, { offerId });
  return row ?? null;
}

export type OfferRow = typeof offers.$inferSelect;
export type PartnerRow = typeof partners.$inferSelect;

const passFaqs = preparedQuery('data_pass_faqs', ['offerId'], (db, p) =>
  db
    .select()
    .from(faqs)
    .where(and(eq(faqs.offer_id, p.offerId), eq(faqs.show_on_mobile_pass, true)))
    .orderBy(asc(faqs.position), asc(faqs.id)),
);

/** FAQs meant for the pass (showOnMobilePass), in their given order. */
export function listPassFaqs(db: DbExecutor, offerId: number) {
  return passFaqs(db, { offerId });
}

const dealsWithProductCounts = preparedQuery('data_deals_with_product_counts', ['offerId'], (db, p) => {
  const productCounts = db
    .select({ deal_id: products.deal_id, n: count().as('n') })
    .from(products)
    .where(eq(products.offer_id, p.offerId))
    .groupBy(products.deal_id)
    .as('product_counts');
  return db
    .select({ deal: deals, productCount: sql<number>`coalesce(${productCounts.n}, 0)::int` })
    .from(deals)
    .leftJoin(productCounts, eq(productCounts.deal_id, deals.id))
    .where(eq(deals.offer_id, p.offerId))
    .orderBy(asc(deals.id));
});

/** The offer's deals with their product counts. */
export function listDeals(db: DbExecutor, offerId: number) {
  return dealsWithProductCounts(db, { offerId });
}

export type DealRow = typeof deals.$inferSelect;

const offerProducts = preparedQuery('data_products', ['offerId'], (db, p) =>
  db
    .select({ product: products, venueName: venues.name })
    .from(products)
    .leftJoin(venues, eq(venues.id, products.venue_id))
    .where(eq(products.offer_id, p.offerId))
    .orderBy(asc(products.id)),
);

/** The offer's products (deal products and standalone ones) with their venue's name. */
export function listProducts(db: DbExecutor, offerId: number) {
  return offerProducts(db, { offerId });
}

export type ProductRow = typeof products.$inferSelect;

const partnerUserById = preparedQuery('data_partner_user', ['partnerUserId'], (db, p) =>
  db.select().from(partner_users).where(eq(partner_users.id, p.partnerUserId)).limit(1),
);

export async function findPartnerUser(db: DbExecutor, partnerUserId: number) {
  const [row] = await partnerUserById(db, { partnerUserId });
  return row ?? null;
}

export type PartnerUserRow = typeof partner_users.$inferSelect;

/** The user's counted orders on the offer, from the placeholders `partnerUserId` and `offerId`. */
const userOrdersOnOffer = (p: Placeholders<'partnerUserId' | 'offerId'>) =>
  and(
    eq(orders.partner_user_id, p.partnerUserId),
    eq(orders.offer_id, p.offerId),
    eq(orders.status, COUNTED_ORDER_STATUS),
  );

const userOrderDeals = preparedQuery('data_user_order_deals', ['partnerUserId', 'offerId'], (db, p) =>
  db
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
    .where(userOrdersOnOffer(p))
    .orderBy(asc(order_deals.id)),
);

export function listUserOrderDeals(db: DbExecutor, partnerUserId: number, offerId: number) {
  return userOrderDeals(db, { partnerUserId, offerId });
}

const userOrderProducts = preparedQuery('data_user_order_products', ['partnerUserId', 'offerId'], (db, p) =>
  db
    .select({ orderProduct: order_products, ticketId: tickets.id })
    .from(order_products)
    .innerJoin(orders, eq(orders.id, order_products.order_id))
    .leftJoin(tickets, eq(tickets.order_product_id, order_products.id))
    .where(userOrdersOnOffer(p))
    .orderBy(asc(order_products.id)),
);

export function listUserOrderProducts(db: DbExecutor, partnerUserId: number, offerId: number) {
  return userOrderProducts(db, { partnerUserId, offerId });
}

export type OrderProductRow = typeof order_products.$inferSelect;

const userLedger = preparedQuery('data_user_ledger', ['partnerUserId', 'offerId'], (db, p) =>
  db
    .select({
      id: points_ledger.id,
      deal_id: points_ledger.deal_id,
      points: points_ledger.points,
      value_date: points_ledger.value_date,
      expires_at: points_ledger.expires_at,
    })
    .from(points_ledger)
    .where(and(eq(points_ledger.partner_user_id, p.partnerUserId), eq(points_ledger.offer_id, p.offerId)))
    .orderBy(asc(points_ledger.value_date), asc(points_ledger.id)),
);

/** Every ledger entry of the user on the offer (all deals), oldest first. */
export function listUserLedger(db: DbExecutor, partnerUserId: number, offerId: number) {
  return userLedger(db, { partnerUserId, offerId });
}

const messageListsForOffer = preparedQuery('data_message_lists', ['offerId', 'partnerUserId'], (db, p) =>
  db
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
        eq(subscriptions.partner_user_id, p.partnerUserId),
      ),
    )
    .where(
      inArray(
        message_lists.partner_id,
        db.select({ partner_id: offers.partner_id }).from(offers).where(eq(offers.id, p.offerId)),
      ),
    )
    .orderBy(asc(message_lists.id)),
);

/** The mailing lists of the offer's partner with the user's flag (no row, or no user, counts as 0). */
export function listMessageListsForOffer(db: DbExecutor, offerId: number, partnerUserId: number | null) {
  // No user: match no subscription row, so every list reads 0.
  return messageListsForOffer(db, { offerId, partnerUserId: partnerUserId ?? -1 });
}

const providerEmailDomain = preparedQuery('data_provider_email_domain', [], (db) =>
  db.select({ domain: provider_settings.email_domain }).from(provider_settings).limit(1),
);

export async function findProviderEmailDomain(db: DbExecutor): Promise<string | null> {
  const [row] = await providerEmailDomain(db, {});
  return row?.domain ?? null;
}

export type MediaRow = typeof media.$inferSelect;

// The owners come as two parallel arrays, (types[i], ids[i]) one owner each, so that any set of owners
// is the same statement.
const mediaOfOwners = preparedQuery('data_media_of_owners', ['ownerTypes', 'ownerIds'], (db, p) =>
  db
    .select()
    .from(media)
    .where(
      sql`(${media.owner_type}, ${media.owner_id}) in (select * from unnest(${p.ownerTypes}::text[], ${p.ownerIds}::int[]))`,
    )
    .orderBy(asc(media.owner_type), asc(media.owner_id), asc(media.position), asc(media.id)),
);

/** Media of many owners in one query, in their given order. */
export async function listMedia(
  db: DbExecutor,
  owners: Partial<Record<MediaOwnerType, readonly number[]>>,
): Promise<MediaRow[]> {
  const ownerTypes: MediaOwnerType[] = [];
  const ownerIds: number[] = [];
  for (const [type, ids] of Object.entries(owners)) {
    for (const id of ids ?? []) {
      ownerTypes.push(type as MediaOwnerType);
      ownerIds.push(id);
    }
  }
  if (ownerIds.length === 0) return [];
  return mediaOfOwners(db, { ownerTypes, ownerIds });
}

const venueById = preparedQuery('data_venue', ['venueId'], (db, p) =>
  db.select().from(venues).where(eq(venues.id, p.venueId)).limit(1),
);

export async function findVenue(db: DbExecutor, venueId: number) {
  const [row] = await venueById(db, { venueId });
  return row ?? null;
}

export type VenueRow = typeof venues.$inferSelect;

const offersIncludingVenue = preparedQuery('data_offers_including_venue', ['venueId'], (db, p) =>
  db
    .select({ offer: offers, partner: partners })
    .from(offers)
    .innerJoin(partners, eq(partners.id, offers.partner_id))
    .where(
      inArray(
        offers.id,
        db
          .select({ offer_id: deals.offer_id })
          .from(deals)
          .where(sql`${p.venueId} = any(${deals.venue_ids})`),
      ),
    )
    .orderBy(asc(partners.id), asc(offers.id)),
);

/** Offers that have a deal including the venue, with their partner (unregistered sign-up page). */
export function listOffersIncludingVenue(db: DbExecutor, venueId: number) {
  return offersIncludingVenue(db, { venueId });
}
