import { and, asc, count, desc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import { type Placeholders, preparedQuery } from '../../db/prepared';
import {
  availability,
  item_dates,
  media,
  order_deals,
  order_items,
  order_packages,
  order_products,
  orders,
  pickup_points,
  products,
  tickets,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof order_items.$inferSelect;

/**
 * Everything an order answer shows, for several orders in a fixed number of queries (the orders, their
 * items, order deals, order packages, order products with product and ticket, and the items' media).
 */
// Prepared once per database (db/prepared.ts), each for any number of orders (`ids`, an int array), and all
// run in one round: the items' media and pickup slots are found through the orders, not the item ids. An
// order answer follows every cart completion, replays included, so this is a hot path (decision 0023).
const ofOrders = (column: AnyPgColumn, ids: Placeholder) => sql`${column} = any(${ids}::int[])`;
const itemsOfOrders = (ids: Placeholder) =>
  sql`(select ${order_items.id} from ${order_items} where ${ofOrders(order_items.order_id, ids)})`;

const ordersByIds = preparedQuery('orders_by_ids', ['ids'], (db, p) =>
  db.select().from(orders).where(ofOrders(orders.id, p.ids)),
);
const itemsByOrders = preparedQuery('orders_items', ['ids'], (db, p) =>
  db
    .select()
    .from(order_items)
    .where(ofOrders(order_items.order_id, p.ids))
    .orderBy(asc(order_items.position), asc(order_items.id)),
);
const orderDealsByOrders = preparedQuery('orders_order_deals', ['ids'], (db, p) =>
  db.select().from(order_deals).where(ofOrders(order_deals.order_id, p.ids)).orderBy(asc(order_deals.id)),
);
const orderPackagesByOrders = preparedQuery('orders_order_packages', ['ids'], (db, p) =>
  db
    .select()
    .from(order_packages)
    .where(ofOrders(order_packages.order_id, p.ids))
    .orderBy(asc(order_packages.id)),
);
const orderProductsByOrders = preparedQuery('orders_order_products', ['ids'], (db, p) =>
  db
    .select({ orderProduct: order_products, product: products, ticketId: tickets.id })
    .from(order_products)
    .innerJoin(products, eq(products.id, order_products.product_id))
    .leftJoin(tickets, eq(tickets.order_product_id, order_products.id))
    .where(ofOrders(order_products.order_id, p.ids))
    .orderBy(asc(order_products.id)),
);
// In the order listMedia gives (owner, then position, then id).
const itemMediaByOrders = preparedQuery('orders_item_media', ['ids'], (db, p) =>
  db
    .select()
    .from(media)
    .where(and(eq(media.owner_type, 'order_item'), sql`${media.owner_id} in ${itemsOfOrders(p.ids)}`))
    .orderBy(asc(media.owner_type), asc(media.owner_id), asc(media.position), asc(media.id)),
);
/** The pickup slots chosen for the orders' items (itemDates), with their time zone and pickup point. */
const itemSlotsByOrders = preparedQuery('orders_item_slots', ['ids'], (db, p) =>
  db
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
    .where(sql`${item_dates.order_item_id} in ${itemsOfOrders(p.ids)}`),
);

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
  const [orderRows, items, orderDeals, orderPackages, orderProducts, mediaRows, slots] = await Promise.all([
    ordersByIds(db, { ids }),
    itemsByOrders(db, { ids }),
    orderDealsByOrders(db, { ids }),
    orderPackagesByOrders(db, { ids }),
    orderProductsByOrders(db, { ids }),
    itemMediaByOrders(db, { ids }),
    itemSlotsByOrders(db, { ids }),
  ]);
  return { orders: orderRows, items, orderDeals, orderPackages, orderProducts, media: mediaRows, slots };
}
export type OrderRows = Awaited<ReturnType<typeof loadOrderRows>>;

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

const holderOrderWhere = (p: Placeholders<'orderId' | 'partnerUserId' | 'offerId'>) =>
  and(eq(orders.id, p.orderId), eq(orders.partner_user_id, p.partnerUserId), eq(orders.offer_id, p.offerId));

// The unlocked read is prepared: it answers every order view and every replayed completion.
const holderOrder = preparedQuery('orders_holder_order', ['orderId', 'partnerUserId', 'offerId'], (db, p) =>
  db.select().from(orders).where(holderOrderWhere(p)).limit(1),
);

/**
 * The holder's order on the offer (any status); null for another's or an unknown one. `lock` row-locks
 * it for the rest of the transaction (the cart's changes and completion take turns on one order).
 */
export async function findHolderOrder(
  db: DbExecutor,
  ids: { orderId: number; partnerUserId: number; offerId: number },
  lock = false,
): Promise<OrderRow | null> {
  const [row] = lock
    ? await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.id, ids.orderId),
            eq(orders.partner_user_id, ids.partnerUserId),
            eq(orders.offer_id, ids.offerId),
          ),
        )
        .limit(1)
        .for('update')
    : await holderOrder(db, ids);
  return row ?? null;
}
