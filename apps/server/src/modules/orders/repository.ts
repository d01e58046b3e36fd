import { and, count, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { fieldsJson, fromJson, type JsonField, rowFromJson, rowJson } from '../../db/json-rows';
import { type Placeholders, preparedQuery, preparedSql } from '../../db/prepared';
import { readsTogether } from '../../db/reads-together';
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
 * Everything an order answer shows, for any number of orders in one statement (decision 0016): the orders,
 * their items, order deals, order packages, order products with product and ticket, the items' media and
 * their chosen pickup slots. Each part is a JSON list built in SQL and mapped back to the rows a Drizzle
 * select of the same table gives (db/json-rows.ts), so toOrders answers byte for byte as before, when these
 * were seven statements (a test compares the two for every demo order). An order answer follows every cart
 * call and every completion, replays included: this is a hot path (decision 0023).
 */
const ofOrders = (column: string, ids: SQLWrapper) => sql`${sql.raw(column)} = any(${ids}::int[])`;
const jsonList = (row: SQL, order: string, from: SQL) =>
  sql`(select coalesce(jsonb_agg(${row} order by ${sql.raw(order)}), '[]'::jsonb) ${from})`;

const SLOT_FIELDS = {
  order_item_id: { column: item_dates.order_item_id, from: 'd' },
  date: { column: item_dates.date, from: 'd' },
  time: { column: item_dates.time, from: 'd' },
  timezone: { column: availability.timezone, from: 'a' },
  pickup_point_id: { column: pickup_points.id, from: 'pp' },
  pickup_point_name: { column: pickup_points.name, from: 'pp' },
  pickup_point_venue_id: { column: pickup_points.venue_id, from: 'pp' },
} satisfies Record<string, JsonField>;
const SLOT_COLUMNS = Object.fromEntries(Object.entries(SLOT_FIELDS).map(([key, f]) => [key, f.column]));

/** The JSON form of OrderRows (orderRowsJsonSql), as the driver parses it. */
export interface OrderRowsJson {
  orders: Record<string, unknown>[];
  items: Record<string, unknown>[];
  order_deals: Record<string, unknown>[];
  order_packages: Record<string, unknown>[];
  order_products: {
    orderProduct: Record<string, unknown>;
    product: Record<string, unknown>;
    ticketId: number | null;
  }[];
  media: Record<string, unknown>[];
  slots: Record<string, unknown>[];
}

/**
 * The rows of loadOrderRows for orders `ids` (an int array, SQL) as one jsonb value, for a statement that
 * reads them with something else. `ordersFrom` is where the order rows themselves are read, as `o` (default
 * the orders table): a statement that has just updated an order passes its UPDATE's RETURNING *, since it
 * does not see its own change in the table (cart completion).
 */
export function orderRowsJsonSql(ids: SQLWrapper, ordersFrom: SQL = sql`${orders} o`): SQL {
  // The media and slots of the orders' items are found item by item, each by its own index entry: the
  // subquery is fenced (`offset 0`) so that Postgres cannot turn it into a join. Joined as a set, with
  // statistics from before a campaign's claims, Postgres read the media of every order item in the database
  // to keep these few: 0.6 ms of a completion's 0.9 ms change statement at 3,000 claims (decision 0016).
  const itemsOfOrders = sql`(select i2.id from ${order_items} i2 where ${ofOrders('i2.order_id', ids)}) it`;
  return sql`jsonb_build_object(
    'orders', ${jsonList(rowJson(orders, 'o'), 'o.id', sql`from ${ordersFrom} where ${ofOrders('o.id', ids)}`)},
    'items', ${jsonList(
      rowJson(order_items, 'i'),
      'i.position, i.id',
      sql`from ${order_items} i where ${ofOrders('i.order_id', ids)}`,
    )},
    'order_deals', ${jsonList(
      rowJson(order_deals, 'od'),
      'od.id',
      sql`from ${order_deals} od where ${ofOrders('od.order_id', ids)}`,
    )},
    'order_packages', ${jsonList(
      rowJson(order_packages, 'pk'),
      'pk.id',
      sql`from ${order_packages} pk where ${ofOrders('pk.order_id', ids)}`,
    )},
    'order_products', ${jsonList(
      sql`jsonb_build_object('orderProduct', ${rowJson(order_products, 'op')},
        'product', ${rowJson(products, 'pr')}, 'ticketId', t.id)`,
      'op.id',
      sql`from ${order_products} op join ${products} pr on pr.id = op.product_id
        left join ${tickets} t on t.order_product_id = op.id where ${ofOrders('op.order_id', ids)}`,
    )},
    'media', ${jsonList(
      rowJson(media, 'm'),
      'm.owner_type, m.owner_id, m.position, m.id',
      sql`from ${itemsOfOrders} cross join lateral (select * from ${media} m
        where m.owner_type = 'order_item' and m.owner_id = it.id offset 0) m`,
    )},
    'slots', ${jsonList(
      fieldsJson(SLOT_FIELDS),
      'd.id',
      sql`from ${itemsOfOrders} cross join lateral (select * from ${item_dates} d
          where d.order_item_id = it.id offset 0) d
        join ${availability} a on a.id = d.availability_id left join ${pickup_points} pp on pp.id = d.pickup_point_id`,
    )})`;
}

/** OrderRows from their JSON form: the rows the Drizzle selects of these tables give. */
export function orderRowsFromJson(json: OrderRowsJson) {
  return {
    orders: json.orders.map((row) => rowFromJson(orders, row)),
    items: json.items.map((row) => rowFromJson(order_items, row)),
    orderDeals: json.order_deals.map((row) => rowFromJson(order_deals, row)),
    orderPackages: json.order_packages.map((row) => rowFromJson(order_packages, row)),
    orderProducts: json.order_products.map(
      (row): OrderProductRow => ({
        orderProduct: rowFromJson(order_products, row.orderProduct),
        product: rowFromJson(products, row.product),
        ticketId: row.ticketId,
      }),
    ),
    media: json.media.map((row) => rowFromJson(media, row)),
    slots: json.slots.map((row) => fromJson<OrderSlotRow>(SLOT_COLUMNS, row)),
  };
}

const orderRowsStatement = preparedSql<'ids', { rows: OrderRowsJson }>(
  'orders_rows_json',
  ['ids'],
  (p) => sql`select ${orderRowsJsonSql(p.ids)} as rows`,
);
/**
 * One order's, as every cart call answers it. Its own statement, with the id in a one-element array that
 * Postgres can count: for an array parameter of unknown length the generic plan looked costlier than the
 * custom ones, so Postgres planned the statement again on every call (0.55 ms, more than running it).
 * (Exported for the test of its query plan.)
 */
export const oneOrderRowsSql = (id: SQLWrapper) =>
  sql`select ${orderRowsJsonSql(sql`array[${id}::int]`)} as rows`;
const oneOrderRowsStatement = preparedSql<'id', { rows: OrderRowsJson }>(
  'orders_rows_json_one',
  ['id'],
  (p) => oneOrderRowsSql(p.id),
);

export async function loadOrderRows(db: DbExecutor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return orderRowsFromJson(NO_ROWS);
  const [row] =
    orderIds.length === 1
      ? await oneOrderRowsStatement(db, { id: orderIds[0] })
      : await orderRowsStatement(db, { ids: [...orderIds] });
  if (!row) throw new Error('The order rows statement answered no row.');
  return orderRowsFromJson(row.rows);
}
const NO_ROWS: OrderRowsJson = {
  orders: [],
  items: [],
  order_deals: [],
  order_packages: [],
  order_products: [],
  media: [],
  slots: [],
};
export interface OrderProductRow {
  orderProduct: typeof order_products.$inferSelect;
  product: typeof products.$inferSelect;
  ticketId: number | null;
}
export interface OrderSlotRow {
  order_item_id: number | null;
  date: string;
  time: string;
  timezone: string;
  pickup_point_id: number | null;
  pickup_point_name: string | null;
  pickup_point_venue_id: number | null;
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
  const [rows, [counted]] = await readsTogether(db, [
    () =>
      db
        .select({ id: orders.id })
        .from(orders)
        .where(completedOrdersOf(ids))
        .orderBy(desc(orders.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ total: count() }).from(orders).where(completedOrdersOf(ids)),
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
