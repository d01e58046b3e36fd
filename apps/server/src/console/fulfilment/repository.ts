import type { FULFILMENT_SORT_FIELDS, FulfilmentKind } from '@trailpass/contract/console';
import { type SQL, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import type { Address, AttributeSnapshot } from '../../db/schema';
import { containsPattern } from '../audit/repository';

/** An item of the queue as the list reads it. */
export interface QueueDbRow {
  item_id: number;
  order_id: number;
  delivery_method: 'shipped' | 'picked_up';
  name: string;
  attribute: AttributeSnapshot | null;
  points_paid: number;
  purchased_at: Date | string | null;
  holder_id: number;
  holder_name: string;
  holder_email: string;
  customer: Address | null;
  distribute: Address | null;
  pickup_instructions: string | null;
  parent_pickup_instructions: string | null;
  venue_name: string | null;
  slot_date: string | null;
  slot_time: string | null;
  slot_timezone: string | null;
  slot_point: string | null;
}

export type QueueSortField = (typeof FULFILMENT_SORT_FIELDS)[number];

const SORT_SQL: Record<QueueSortField, string> = {
  claimedAt: 'o.purchased_at',
  holder: 'lower(pu.name)',
  reward: 'lower(i.name)',
};

export interface QueueFilter {
  offerId: number;
  kind: FulfilmentKind;
  q?: string | undefined;
  sort: QueueSortField;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const METHOD: Record<FulfilmentKind, 'shipped' | 'picked_up'> = { shipped: 'shipped', pickup: 'picked_up' };

/**
 * The queue's rows: the items of the offer's completed orders that are neither fulfilled nor cancelled,
 * of one delivery method. The offer's completed orders come from orders_offer_completed_idx (in claim
 * order, which is the default sort) and their unfulfilled items from order_items_unfulfilled_idx, whose
 * condition this one implies (decision 0041; EXPLAIN in test/console/fulfilment-plan.test.ts).
 */
function queueFrom(filter: QueueFilter): SQL {
  const search = filter.q
    ? sql`and (pu.name ilike ${containsPattern(filter.q)} or pu.email ilike ${containsPattern(filter.q)}
        or i.name ilike ${containsPattern(filter.q)})`
    : sql``;
  return sql`from orders o
    join order_items i on i.order_id = o.id and i.redeemed is null and i.cancelled_at is null
      and i.delivery_method = ${METHOD[filter.kind]}
    join partner_users pu on pu.id = o.partner_user_id
    where o.offer_id = ${filter.offerId} and o.status = 'completed' ${search}`;
}

/** A page of the queue, sorted on the server (ties by item id), and how many items match. */
export async function listQueue(db: DbExecutor, filter: QueueFilter) {
  const direction = sql.raw(filter.order === 'desc' ? 'desc' : 'asc');
  const [rows, counted] = await readsTogether(db, [
    () =>
      queryRows<QueueDbRow & Record<string, () => unknown>>(
        db,
        sql`select i.id as item_id, o.id as order_id, i.delivery_method, i.name, i.attribute, i.points_paid,
          o.purchased_at, pu.id as holder_id, pu.name as holder_name, pu.email as holder_email,
          o.customer, o.distribute, i.pickup_instructions, i.parent_pickup_instructions,
          v.name as venue_name, d.date::text as slot_date, d.time as slot_time, a.timezone as slot_timezone,
          pp.name as slot_point
        from (select i.id, o.purchased_at ${queueFrom(filter)}
          order by ${sql.raw(SORT_SQL[filter.sort])} ${direction} nulls last, i.id ${direction}
          limit ${filter.limit} offset ${filter.offset}) page
        join order_items i on i.id = page.id
        join orders o on o.id = i.order_id
        join partner_users pu on pu.id = o.partner_user_id
        left join venues v on v.id = i.venue_id
        left join item_dates d on d.order_item_id = i.id
        left join availability a on a.id = d.availability_id
        left join pickup_points pp on pp.id = d.pickup_point_id
        order by ${sql.raw(SORT_SQL[filter.sort])} ${direction} nulls last, i.id ${direction}`,
      ),
    () => queryRows<{ n: number | string }>(db, sql`select count(*) as n ${queueFrom(filter)}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** The queue's page statement alone, for its plan's test. */
export function queuePageSql(filter: QueueFilter): SQL {
  const direction = sql.raw(filter.order === 'desc' ? 'desc' : 'asc');
  return sql`select i.id ${queueFrom(filter)}
    order by ${sql.raw(SORT_SQL[filter.sort])} ${direction} nulls last, i.id ${direction}
    limit ${filter.limit} offset ${filter.offset}`;
}

/** An order item of the offer as an action on it needs it, locked for the action's transaction. */
export interface LockedItem {
  id: number;
  order_id: number;
  name: string;
  attribute: AttributeSnapshot | null;
  attribute_id: number | null;
  reward_item_id: number | null;
  delivery_method: 'shipped' | 'picked_up' | null;
  points_paid: number;
  redeemed: Date | string | null;
  cancelled_at: Date | string | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  order_status: string;
  order_deal_id: number | null;
  partner_user_id: number;
  customer: Address | null;
  distribute: Address | null;
  holder_first_name: string;
  holder_last_name: string;
  holder_email: string;
  /** The holder's saved language (decision 0049), or null: their e-mails are written in it. */
  holder_language: string | null;
}

/**
 * The item, when it is one of the offer's, with its row locked (FOR UPDATE) until the transaction ends: a
 * second action on the same item waits here, then reads the item as the first left it (READ COMMITTED
 * reads the newest row version after the wait), so it sees that the item is no longer in the queue.
 */
export async function lockItem(tx: DbExecutor, offerId: number, itemId: number): Promise<LockedItem | null> {
  const [row] = await queryRows<LockedItem & Record<string, unknown>>(
    tx,
    sql`select i.id, i.order_id, i.name, i.attribute, i.attribute_id, i.reward_item_id, i.delivery_method,
        i.points_paid, i.redeemed, i.cancelled_at, i.carrier, i.tracking_number, i.tracking_url,
        o.status as order_status, o.deal_id as order_deal_id, o.partner_user_id, o.customer, o.distribute,
        pu.first_name as holder_first_name, pu.last_name as holder_last_name, pu.email as holder_email,
        pu.language as holder_language
      from order_items i
        join orders o on o.id = i.order_id
        join partner_users pu on pu.id = o.partner_user_id
      where i.id = ${itemId} and o.offer_id = ${offerId}
      for update of i`,
  );
  return row ?? null;
}

/** Marks the locked item fulfilled (shipped with its tracking, or picked up) at `at`. */
export async function markFulfilled(
  tx: DbExecutor,
  itemId: number,
  at: Date,
  tracking: { carrier: string; trackingNumber: string | null; trackingUrl: string | null } | null,
): Promise<void> {
  await tx.execute(
    sql`update order_items set redeemed = ${at.toISOString()}::timestamptz,
        carrier = ${tracking?.carrier ?? null}, tracking_number = ${tracking?.trackingNumber ?? null},
        tracking_url = ${tracking?.trackingUrl ?? null}
      where id = ${itemId}`,
  );
}

export async function markCancelled(tx: DbExecutor, itemId: number, at: Date): Promise<void> {
  await tx.execute(
    sql`update order_items set cancelled_at = ${at.toISOString()}::timestamptz where id = ${itemId}`,
  );
}

/**
 * The points the item was paid with, per deal: its debits in the ledger (the completion books one per item,
 * with redeemed_item_id), less whatever was credited back for it already (none, while it is not
 * cancelled; kept for safety, so a refund is never paid twice).
 */
export async function itemDebits(tx: DbExecutor, offerId: number, partnerUserId: number, itemId: number) {
  const rows = await queryRows<{ deal_id: number; points: number | string }>(
    tx,
    sql`select deal_id, -sum(points) as points from points_ledger
      where redeemed_item_id = ${itemId} and offer_id = ${offerId} and partner_user_id = ${partnerUserId}
      group by deal_id having sum(points) < 0 order by deal_id`,
  );
  return rows.map((row) => ({ dealId: Number(row.deal_id), points: Number(row.points) }));
}
