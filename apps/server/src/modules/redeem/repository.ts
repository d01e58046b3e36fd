import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  check_ins,
  deals,
  offers,
  order_deals,
  order_items,
  order_products,
  orders,
  products,
  tickets,
  venues,
} from '../../db/schema';
import { completedOrdersOf } from '../orders/repository';

const venueColumns = {
  id: venues.id,
  name: venues.name,
  pin: venues.pin,
  latitude: venues.latitude,
  longitude: venues.longitude,
};
export type RedeemVenue = {
  id: number;
  name: string;
  pin: string | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * The holder's order product with what redeeming it needs: its product, venue (with its code), order
 * deal and ticket. Null when it is not theirs on this offer, so another user's id reads as unknown.
 */
export async function findHolderOrderProduct(
  db: DbExecutor,
  ids: { orderProductId: number; partnerUserId: number; offerId: number },
) {
  const [row] = await db
    .select({
      orderProduct: order_products,
      product: products,
      venue: venueColumns,
      orderDealRemaining: order_deals.redemptions_remaining,
      ticketId: tickets.id,
    })
    .from(order_products)
    .innerJoin(orders, eq(orders.id, order_products.order_id))
    .innerJoin(products, eq(products.id, order_products.product_id))
    .leftJoin(venues, eq(venues.id, products.venue_id))
    .leftJoin(order_deals, eq(order_deals.id, order_products.order_deal_id))
    .leftJoin(tickets, eq(tickets.order_product_id, order_products.id))
    .where(and(eq(order_products.id, ids.orderProductId), completedOrdersOf(ids)))
    .limit(1);
  return row ?? null;
}
export type HolderOrderProduct = NonNullable<Awaited<ReturnType<typeof findHolderOrderProduct>>>;

/** A product of the offer with its venue: what a preview redeems. */
export async function findOfferProduct(db: DbExecutor, ids: { productId: number; offerId: number }) {
  const [row] = await db
    .select({ product: products, venue: venueColumns })
    .from(products)
    .leftJoin(venues, eq(venues.id, products.venue_id))
    .where(and(eq(products.id, ids.productId), eq(products.offer_id, ids.offerId)))
    .limit(1);
  return row ?? null;
}

/**
 * Spec 4: one more redemption made and one fewer remaining on the order deal, only while some remain
 * (null = unlimited). The condition is re-checked under the row lock, so of parallel redeems of the last
 * remaining redemption exactly one gets a row back.
 */
export async function takeDealRedemption(tx: DbExecutor, orderDealId: number) {
  const [row] = await tx
    .update(order_deals)
    .set({
      redemptions_made: sql`${order_deals.redemptions_made} + 1`,
      redemptions_remaining: sql`case when ${order_deals.redemptions_remaining} is null then null
        else greatest(${order_deals.redemptions_remaining} - 1, 0) end`,
    })
    .where(
      and(
        eq(order_deals.id, orderDealId),
        or(isNull(order_deals.redemptions_remaining), sql`${order_deals.redemptions_remaining} > 0`),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Marks the order product redeemed at `now` while the availability rule (contract redeemBlock) still
 * holds: not expired, and not yet redeemed, or uses left, or its duplicate_date has come. Re-checked in
 * the UPDATE itself so a repeated or parallel request cannot redeem it twice. Null when it no longer may.
 */
export async function markOrderProductRedeemed(
  tx: DbExecutor,
  change: { orderProductId: number; now: Date; duplicateDate: Date | null },
) {
  const op = order_products;
  // Raw SQL takes timestamps as ISO text: the same on node-postgres and PGlite.
  const now = sql`${change.now.toISOString()}::timestamptz`;
  const [row] = await tx
    .update(op)
    .set({
      redeemed: change.now,
      duplicate_date: change.duplicateDate,
      redemptions: sql`${op.redemptions} + 1`,
      redemptions_remaining_use: sql`case when ${op.redemptions_remaining_use} is null then null
        else greatest(${op.redemptions_remaining_use} - 1, 0) end`,
    })
    .where(
      and(
        eq(op.id, change.orderProductId),
        sql`coalesce(${op.expire_date}, ${op.end_date}, 'infinity'::timestamptz) > ${now}`,
        or(
          isNull(op.redeemed),
          sql`${op.redemptions_remaining_use} > 0`,
          sql`${op.duplicate_date} <= ${now}`,
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** The order product's ticket, created at its first redemption (spec 4: a ticket times a redemption). */
export async function ensureTicket(tx: DbExecutor, orderProductId: number): Promise<number> {
  await tx.insert(tickets).values({ order_product_id: orderProductId }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.order_product_id, orderProductId))
    .limit(1);
  if (!row) throw new Error('Ticket missing after insert.');
  return row.id;
}

/**
 * The deal that earns the points of an order product: its own deal, or for a standalone product (deal
 * 0) the single points deal of a points offer. With whether the offer uses points (credit expiry).
 */
export async function findCreditDeal(db: DbExecutor, ids: { offerId: number; dealId: number }) {
  const rows = await db
    .select({
      id: deals.id,
      use_points: deals.use_points,
      points_valid_until: deals.points_valid_until,
      offerUsesPoints: offers.use_points,
    })
    .from(deals)
    .innerJoin(offers, eq(offers.id, deals.offer_id))
    .where(
      ids.dealId !== 0
        ? and(eq(deals.id, ids.dealId), eq(deals.offer_id, ids.offerId))
        : and(eq(deals.offer_id, ids.offerId), eq(offers.use_points, true), eq(deals.use_points, true)),
    )
    .orderBy(asc(deals.id))
    .limit(1);
  return rows[0] ?? null;
}

/** The holder's order item of a completed order, with its pickup venue. Null when it is not theirs. */
export async function findHolderOrderItem(
  db: DbExecutor,
  ids: { orderItemId: number; partnerUserId: number; offerId: number },
) {
  const [row] = await db
    .select({ item: order_items, venue: venueColumns })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .leftJoin(venues, eq(venues.id, order_items.venue_id))
    .where(and(eq(order_items.id, ids.orderItemId), completedOrdersOf(ids)))
    .limit(1);
  return row ?? null;
}

/**
 * Confirms a pickup once: redeemed and completed become `now` only while both are still empty and the item
 * is not cancelled.
 */
export async function markPickupConfirmed(tx: DbExecutor, change: { orderItemId: number; now: Date }) {
  const [row] = await tx
    .update(order_items)
    .set({ redeemed: change.now, completed: change.now })
    .where(
      and(
        eq(order_items.id, change.orderItemId),
        eq(order_items.delivery_method, 'picked_up'),
        isNull(order_items.redeemed),
        isNull(order_items.completed),
        // Cancelled in the console meanwhile: the caller answers the conflict.
        isNull(order_items.cancelled_at),
      ),
    )
    .returning({
      id: order_items.id,
      order_id: order_items.order_id,
      redeemed: order_items.redeemed,
      completed: order_items.completed,
    });
  return row ?? null;
}

/** One check-in, for the console's check-ins report (schema.ts check_ins), in the check-in's transaction. */
export async function recordCheckIn(
  db: DbExecutor,
  row: {
    offerId: number;
    venueId: number | null;
    productId: number;
    partnerUserId: number;
    orderProductId: number;
    at: Date;
  },
): Promise<void> {
  await db.insert(check_ins).values({
    offer_id: row.offerId,
    venue_id: row.venueId,
    product_id: row.productId,
    partner_user_id: row.partnerUserId,
    order_product_id: row.orderProductId,
    at: row.at,
  });
}
