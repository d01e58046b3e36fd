/**
 * Reward stock (decision 0016). `reward_items.tickets_available` holds what is left after completed
 * orders: attribute id (or "0" for all) -> count, null = unlimited, a null map = no limit. A draft order
 * holds its item for 10 minutes without writing the map: what others can claim is the stored count minus
 * the live holds on the same key, so a hold that runs out frees its item by itself, with no sweeper.
 * Completing an order takes the item from the stored count.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { order_items, orders } from '../../db/schema';

export type TicketsMap = Record<string, number | null>;

/**
 * The key of the map an item with this option counts against: the option's own key when the map has
 * one, else "0" (all) when it has that; null when the map does not limit it.
 */
export function stockKey(tickets: TicketsMap | null, attributeId: number | null): string | null {
  if (!tickets) return null;
  if (attributeId !== null && String(attributeId) in tickets) return String(attributeId);
  return '0' in tickets ? '0' : null;
}

/** A live hold: an item of a draft order whose hold has not run out. */
export interface Hold {
  reward_item_id: number;
  attribute_id: number | null;
  /** Holds of this item and option. */
  count: number;
}

/**
 * The stored map less the live holds of other carts: what the Rewards page and ClaimReward show, and
 * what a new hold must find above 0. Counts never go below 0.
 */
export function availableTickets(tickets: TicketsMap | null, holds: readonly Hold[]): TicketsMap | null {
  if (!tickets) return null;
  const left: TicketsMap = { ...tickets };
  for (const hold of holds) {
    const key = stockKey(tickets, hold.attribute_id);
    const count = key === null ? undefined : left[key];
    if (key !== null && typeof count === 'number') left[key] = Math.max(0, count - hold.count);
  }
  return left;
}

/**
 * Live holds on these reward items at `now`, optionally leaving out one order (the holder's own cart,
 * which should not count against itself).
 */
export async function listLiveHolds(
  db: DbExecutor,
  rewardItemIds: readonly number[],
  now: Date,
  exceptOrderId: number | null = null,
): Promise<Hold[]> {
  if (rewardItemIds.length === 0) return [];
  const rows = await db
    .select({
      reward_item_id: order_items.reward_item_id,
      attribute_id: order_items.attribute_id,
      count: sql<number>`count(*)::int`,
    })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(
      and(
        inArray(order_items.reward_item_id, [...rewardItemIds]),
        eq(orders.status, 'draft'),
        gt(orders.expires_at, now),
        exceptOrderId === null ? undefined : sql`${orders.id} <> ${exceptOrderId}`,
      ),
    )
    .groupBy(order_items.reward_item_id, order_items.attribute_id);
  return rows.flatMap((row) =>
    row.reward_item_id === null
      ? []
      : [{ ...row, reward_item_id: row.reward_item_id, count: Number(row.count) }],
  );
}
