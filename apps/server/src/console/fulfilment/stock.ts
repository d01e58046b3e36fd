import { sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { lockStockForClaim, stockKey, type TicketsMap } from '../../modules/cart/stock';

/**
 * Gives a cancelled item's unit back to its reward's stock (decision 0016's model): when the item's take
 * is still pending (a reward_stock_takes row), deleting that row is the return; otherwise the stored count
 * of the item's key goes up by one. Under the reward's stock lock taken as a claim takes it (exclusive), so
 * no completion is changing the count meanwhile. False when the reward's stock is not limited for the item
 * (nothing to return) or the reward is gone.
 */
export async function returnStock(
  tx: DbExecutor,
  item: { id: number; reward_item_id: number | null; attribute_id: number | null },
): Promise<boolean> {
  if (item.reward_item_id === null) return false;
  await lockStockForClaim(tx, item.reward_item_id);
  const [reward] = await queryRows<{ tickets_available: TicketsMap | null }>(
    tx,
    sql`select tickets_available from reward_items where id = ${item.reward_item_id} for update`,
  );
  if (!reward) return false;
  const pending = await queryRows<{ order_item_id: number }>(
    tx,
    sql`delete from reward_stock_takes where order_item_id = ${item.id} returning order_item_id`,
  );
  if (pending.length > 0) return true;
  const key = stockKey(reward.tickets_available, item.attribute_id);
  // An unlimited key (null) stays unlimited.
  if (key === null || typeof reward.tickets_available?.[key] !== 'number') return false;
  await tx.execute(
    sql`update reward_items set tickets_available = jsonb_set(tickets_available, array[${key}::text],
        to_jsonb((tickets_available ->> ${key}::text)::int + 1))
      where id = ${item.reward_item_id}`,
  );
  return true;
}
