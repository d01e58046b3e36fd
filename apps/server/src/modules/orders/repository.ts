import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  availability,
  item_dates,
  order_deals,
  order_items,
  order_packages,
  order_products,
  orders,
  pickup_points,
  products,
  tickets,
} from '../../db/schema';
import { listMedia } from '../data/repository';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof order_items.$inferSelect;

/**
 * Everything an order answer shows, for several orders in a fixed number of queries (the orders, their
 * items, order deals, order packages, order products with product and ticket, and the items' media).
 */
export async function loadOrderRows(db: DbExecutor, orderIds: readonly number[]) {
  const ids = [...orderIds];
  if (ids.length === 0) {
    return {
      orders: [],
      items: [],
      orderDeals: [],
      orderPackages: [],
      orderProducts: [],
      media: [],
      slots: [],
    };
  }
  const [orderRows, items, orderDeals, orderPackages, orderProducts] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db
      .select()
      .from(order_items)
      .where(inArray(order_items.order_id, ids))
      .orderBy(asc(order_items.position), asc(order_items.id)),
    db.select().from(order_deals).where(inArray(order_deals.order_id, ids)).orderBy(asc(order_deals.id)),
    db
      .select()
      .from(order_packages)
      .where(inArray(order_packages.order_id, ids))
      .orderBy(asc(order_packages.id)),
    db
      .select({ orderProduct: order_products, product: products, ticketId: tickets.id })
      .from(order_products)
      .innerJoin(products, eq(products.id, order_products.product_id))
      .leftJoin(tickets, eq(tickets.order_product_id, order_products.id))
      .where(inArray(order_products.order_id, ids))
      .orderBy(asc(order_products.id)),
  ]);
  const itemIds = items.map((item) => item.id);
  const [media, slots] = await Promise.all([
    listMedia(db, { order_item: itemIds }),
    listItemSlots(db, itemIds),
  ]);
  return { orders: orderRows, items, orderDeals, orderPackages, orderProducts, media, slots };
}
export type OrderRows = Awaited<ReturnType<typeof loadOrderRows>>;

/** The pickup slots chosen for these order items (itemDates), with their time zone and pickup point. */
function listItemSlots(db: DbExecutor, orderItemIds: readonly number[]) {
  if (orderItemIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      order_item_id: item_dates.order_item_id,
      date: item_dates.date,
      time: item_dates.time,
      timezone: availability.timezone,
      pickup_point_id: pickup_points.id,
      pickup_point_name: pickup_points.name,
      pickup_point_venue_id: pickup_points.venue_id,
    })
    .from(item_dates)
    .innerJoin(availability, eq(availability.id, item_dates.availability_id))
    .leftJoin(pickup_points, eq(pickup_points.id, item_dates.pickup_point_id))
    .where(inArray(item_dates.order_item_id, [...orderItemIds]));
}

/**
 * The holder's completed orders on the offer: what an order history lists and what holds something to
 * use, pick up or book (spec 4: a draft is the cart; expired and cancelled orders were never bought).
 */
export const completedOrdersOf = (ids: { partnerUserId: number; offerId: number }) =>
  and(
    eq(orders.partner_user_id, ids.partnerUserId),
    eq(orders.offer_id, ids.offerId),
    eq(orders.status, 'completed'),
  );

/**
 * One page of the holder's completed orders on the offer, newest (highest id) first (spec 9), and how
 * many there are: two queries whatever the page.
 */
export async function listHistoryOrderIds(
  db: DbExecutor,
  ids: { partnerUserId: number; offerId: number },
  page: { limit: number; offset: number },
): Promise<{ orderIds: number[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(completedOrdersOf(ids))
      .orderBy(desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).where(completedOrdersOf(ids)),
  ]);
  return { orderIds: rows.map((row) => row.id), total: Number(counted?.total ?? 0) };
}

/**
 * The holder's order on the offer (any status); null for another's or an unknown one. `lock` row-locks
 * it for the rest of the transaction (the cart's changes and completion take turns on one order).
 */
export async function findHolderOrder(
  db: DbExecutor,
  ids: { orderId: number; partnerUserId: number; offerId: number },
  lock = false,
): Promise<OrderRow | null> {
  const query = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, ids.orderId),
        eq(orders.partner_user_id, ids.partnerUserId),
        eq(orders.offer_id, ids.offerId),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}
