/**
 * Reward stock (decision 0016). `reward_items.tickets_available` is the stored count: attribute id (or "0"
 * for all) -> count, null = unlimited, a null map = no limit. What is left after completed orders is that
 * count less the reward's pending takes (`reward_stock_takes`, completions not yet subtracted from the
 * stored count; usually none). A draft order holds its item for 10 minutes without writing anything: what
 * others can claim is what is left less the live holds on the same key, so a hold that runs out frees its
 * item by itself, with no sweeper. Completing an order takes the item: from the stored count, or as a
 * pending take when another completion is writing the count (cart/completion.ts).
 *
 * Claims and completions of one reward agree through a transaction-scoped advisory lock on the reward
 * (stockLockKey): a claim takes it exclusively, a completion shares it with the other completions, so a
 * claim never counts a hold as lapsed while that hold's completion is committing.
 */
import { inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { order_items, orders, reward_stock_takes } from '../../db/schema';

/**
 * The advisory lock key of a reward's stock (the one-bigint key space, which the ledger's two-int locks do
 * not share; far from the migrations' key).
 */
export const STOCK_LOCK_BASE = 2 ** 40;
export const stockLockKey = (rewardItemId: number): number => STOCK_LOCK_BASE + rewardItemId;

/**
 * A claim's turn on the reward's stock: waits for the completions of the reward in flight to commit, and
 * makes new ones wait until the claim's transaction ends. Take it before the reward's row lock.
 */
export async function lockStockForClaim(tx: DbExecutor, rewardItemId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${stockLockKey(rewardItemId)}::bigint)`);
}

/**
 * `tickets` (a jsonb map, SQL) less `counts` (SQL rows of key `k` and count `n`), on the keys the map has:
 * the stored count less pending takes. Null stays null (unlimited).
 */
export function ticketsLess(tickets: SQLWrapper, counts: SQL): SQL {
  return sql`(${tickets} || coalesce((select jsonb_object_agg(c.k, (${tickets} ->> c.k)::int - c.n)
    from (${counts}) c where ${tickets} ? c.k), '{}'::jsonb))`;
}

/** What is left of reward `r` (SQL alias) after completed orders: its stored map less its pending takes. */
export function ticketsLeftSql(rewardAlias: string): SQL {
  const tickets = sql.raw(`${rewardAlias}.tickets_available`);
  return ticketsLess(
    tickets,
    sql`select t.stock_key as k, count(*)::int as n from ${reward_stock_takes} t
      where t.reward_item_id = ${sql.raw(`${rewardAlias}.id`)} group by t.stock_key`,
  );
}

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

/**
 * What availableTickets takes from a reward's stored map: a live hold (an item of a draft order whose hold
 * has not run out), counted against its option's key, or a pending take (`key` set: the key it took from).
 */
export interface Hold {
  reward_item_id: number;
  attribute_id: number | null;
  /** A pending take's key; null for a live hold. */
  key?: string | null;
  /** Holds (or takes) of this item and option. */
  count: number;
}

/**
 * The stored map less the pending takes and the live holds of other carts: what the Rewards page and
 * ClaimReward show, and what a new hold must find above 0. Counts never go below 0.
 */
export function availableTickets(tickets: TicketsMap | null, holds: readonly Hold[]): TicketsMap | null {
  if (!tickets) return null;
  const left: TicketsMap = { ...tickets };
  for (const hold of holds) {
    const key = hold.key ?? stockKey(tickets, hold.attribute_id);
    const count = key === null ? undefined : left[key];
    if (key !== null && typeof count === 'number') left[key] = Math.max(0, count - hold.count);
  }
  return left;
}

/**
 * Live holds on these reward items at `now`, optionally leaving out one order (the holder's own cart,
 * which should not count against itself), and their pending takes (always counted): everything that
 * availableTickets takes from the stored maps.
 *
 * The holds are found from the live drafts (`orders_draft_expires_idx`), each draft's items by its id, in a
 * LATERAL subquery that `offset 0` keeps the planner from flattening into a join of its own choosing (the
 * reward filter stays outside it, or the planner also scans the reward's index for every draft). A
 * campaign makes drafts faster than autovacuum analyzes the tables: with the statistics of a quiet hour
 * (a handful of drafts) Postgres joined the reward's items to a rescanned list of the drafts, item by draft,
 * and with 1,500 holds of one reward this read took 30 to 110 ms (1.1 million rows compared), under the
 * reward's stock lock, for every claim and every Rewards page. This way the cost is one index probe per live
 * draft, whatever the statistics say, and the reward's completed history is never read.
 */
export async function listLiveHolds(
  db: DbExecutor,
  rewardItemIds: readonly number[],
  now: Date,
  exceptOrderId: number | null = null,
): Promise<Hold[]> {
  if (rewardItemIds.length === 0) return [];
  const rows = await queryRows<{
    reward_item_id: number;
    attribute_id: number | null;
    key: string | null;
    count: number;
  }>(db, liveHoldsQuery(rewardItemIds, now, exceptOrderId));
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** listLiveHolds' statement (the rewards must be at least one); exported for its plan's test. */
export function liveHoldsQuery(
  rewardItemIds: readonly number[],
  now: Date,
  exceptOrderId: number | null,
): SQL {
  const ids = [...rewardItemIds];
  return sql`select i.reward_item_id, i.attribute_id, null::text as key, count(*)::int as count
      from ${orders} o
      cross join lateral (
        select it.reward_item_id, it.attribute_id from ${order_items} it where it.order_id = o.id offset 0) i
      where o.status = 'draft' and o.expires_at > ${now.toISOString()}::timestamptz
        and ${inArray(sql`i.reward_item_id`, ids)}
        ${exceptOrderId === null ? sql`` : sql`and o.id <> ${exceptOrderId}`}
      group by i.reward_item_id, i.attribute_id
      union all
      select t.reward_item_id, null::int, t.stock_key, count(*)::int
      from ${reward_stock_takes} t where ${inArray(sql`t.reward_item_id`, ids)}
      group by t.reward_item_id, t.stock_key`;
}
