import { asc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  order_deals,
  order_items,
  order_packages,
  order_products,
  orders,
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
    return { orders: [], items: [], orderDeals: [], orderPackages: [], orderProducts: [], media: [] };
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
  const media = await listMedia(db, { order_item: items.map((item) => item.id) });
  return { orders: orderRows, items, orderDeals, orderPackages, orderProducts, media };
}
export type OrderRows = Awaited<ReturnType<typeof loadOrderRows>>;
