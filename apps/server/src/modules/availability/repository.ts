import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import {
  availability,
  availability_dates,
  item_dates,
  order_items,
  order_products,
  orders,
  pickup_points,
  products,
  reward_items,
  type Translations,
  venues,
} from '../../db/schema';
import { completedOrdersOf } from '../orders/repository';

/**
 * Reads and writes of the availability calls. Every read takes a list of ids as one array parameter, so
 * a call costs the same few queries however many items it names.
 */

export type AvailabilityItemKind = 'product' | 'reward_item';

/** Which of these products or reward items belong to the offer. */
export async function listOfferItemIds(
  db: DbExecutor,
  offerId: number,
  kind: AvailabilityItemKind,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const table = kind === 'product' ? products : reward_items;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.offer_id, offerId), inArray(table.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export interface ItemAvailabilityRows {
  entries: Array<{ id: number; item_id: number; timezone: string }>;
  dates: Array<{
    availability_id: number;
    position: number;
    date: string;
    pickup_point_id: number | null;
    times: string[];
  }>;
  pickupPoints: Array<{
    id: number;
    availability_id: number;
    position: number;
    name: string;
    venue_id: number;
    venue_name: string;
    address: string | null;
    /** Decision 0049: the pickup point's and its venue's translations. */
    translations: Translations | null;
    venue_translations: Translations | null;
  }>;
}

/**
 * The availability entries of these products or reward items (by entry id), their date rows (by date,
 * then row order) and their pickup points with the venue's name and address (in the partner's order).
 * Three queries, run side by side.
 */
export async function listItemAvailability(
  db: DbExecutor,
  kind: AvailabilityItemKind,
  itemIds: readonly number[],
): Promise<ItemAvailabilityRows> {
  if (itemIds.length === 0) return { entries: [], dates: [], pickupPoints: [] };
  const itemColumn = kind === 'product' ? availability.product_id : availability.reward_item_id;
  const ofItems = inArray(itemColumn, [...itemIds]);
  const [entries, dates, pickupPoints] = await readsTogether(db, [
    () =>
      db
        .select({ id: availability.id, item_id: sql<number>`${itemColumn}`, timezone: availability.timezone })
        .from(availability)
        .where(ofItems)
        .orderBy(asc(availability.id)),
    () =>
      db
        .select({
          availability_id: availability_dates.availability_id,
          position: availability_dates.position,
          date: availability_dates.date,
          pickup_point_id: availability_dates.pickup_point_id,
          times: availability_dates.times,
        })
        .from(availability_dates)
        .innerJoin(availability, eq(availability.id, availability_dates.availability_id))
        .where(ofItems)
        .orderBy(asc(availability_dates.date), asc(availability_dates.position), asc(availability_dates.id)),
    () =>
      db
        .select({
          id: pickup_points.id,
          availability_id: pickup_points.availability_id,
          position: pickup_points.position,
          name: pickup_points.name,
          venue_id: pickup_points.venue_id,
          venue_name: venues.name,
          address: venues.address,
          translations: pickup_points.translations,
          venue_translations: venues.translations,
        })
        .from(pickup_points)
        .innerJoin(availability, eq(availability.id, pickup_points.availability_id))
        .innerJoin(venues, eq(venues.id, pickup_points.venue_id))
        .where(ofItems)
        .orderBy(asc(pickup_points.availability_id), asc(pickup_points.position), asc(pickup_points.id)),
  ]);
  return {
    entries: entries.map((row) => ({ ...row, item_id: Number(row.item_id) })),
    dates,
    pickupPoints,
  };
}

/**
 * Those of the order items that are the holder's, in completed orders of the offer, locked until the
 * transaction ends (so a pickup confirmed meanwhile waits for the choice, or the choice sees it).
 */
export async function lockHolderOrderItems(
  tx: DbExecutor,
  holder: { partnerUserId: number; offerId: number },
  ids: readonly number[],
) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: order_items.id,
      reward_item_id: order_items.reward_item_id,
      delivery_method: order_items.delivery_method,
      completed: order_items.completed,
    })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(and(inArray(order_items.id, [...ids]), completedOrdersOf(holder)))
    .for('update', { of: order_items });
}

/** Those of the order products that are the holder's, in completed orders of the offer, locked likewise. */
export async function lockHolderOrderProducts(
  tx: DbExecutor,
  holder: { partnerUserId: number; offerId: number },
  ids: readonly number[],
) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: order_products.id,
      product_id: order_products.product_id,
      redeemed: order_products.redeemed,
      duplicate_date: order_products.duplicate_date,
      redemptions_remaining_use: order_products.redemptions_remaining_use,
      expire_date: order_products.expire_date,
      end_date: order_products.end_date,
    })
    .from(order_products)
    .innerJoin(orders, eq(orders.id, order_products.order_id))
    .where(and(inArray(order_products.id, [...ids]), completedOrdersOf(holder)))
    .for('update', { of: order_products });
}

export interface ItemDateWrite {
  partnerUserId: number;
  orderItemId: number | null;
  orderProductId: number | null;
  availabilityId: number;
  date: string;
  time: string;
  pickupPointId: number | null;
  now: Date;
}

export type ItemDateRow = typeof item_dates.$inferSelect;

/** Stores the choice for its item, replacing an earlier one. */
export async function upsertItemDate(tx: DbExecutor, write: ItemDateWrite): Promise<ItemDateRow> {
  const values = {
    availability_id: write.availabilityId,
    date: write.date,
    time: write.time,
    pickup_point_id: write.pickupPointId,
    updated_at: write.now,
  };
  const [row] = await tx
    .insert(item_dates)
    .values({
      ...values,
      partner_user_id: write.partnerUserId,
      order_item_id: write.orderItemId,
      order_product_id: write.orderProductId,
      created_at: write.now,
    })
    .onConflictDoUpdate({
      target: write.orderItemId !== null ? item_dates.order_item_id : item_dates.order_product_id,
      set: values,
    })
    .returning();
  if (!row) throw new Error('item_dates upsert returned no row.');
  return row;
}
