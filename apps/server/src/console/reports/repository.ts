import { type SQL, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { ticketsLeftSql } from '../../modules/cart/stock';

/**
 * The console's report queries (issue 31 item 4). A range is two instants, [start, end), the partner's
 * calendar days turned into instants in SQL (`rangeOf`); days are grouped in the partner's zone. Each query
 * reads one offer through an index that starts with the offer id: page_views_offer_id_idx,
 * check_ins_offer_at_idx, orders_offer_* and the ledger's offer scans (decision 0045).
 */
export interface ReportRange {
  /** Calendar days, both included. */
  from: string;
  to: string;
  timezone: string;
}

/** The range's first instant and the instant after it, in the partner's zone. */
function rangeOf(range: ReportRange): { start: SQL; end: SQL } {
  return {
    start: sql`((${range.from}::date)::timestamp at time zone ${range.timezone})`,
    end: sql`((${range.to}::date + 1)::timestamp at time zone ${range.timezone})`,
  };
}

/** A timestamptz column's calendar day in the partner's zone, as YYYY-MM-DD. */
const dayOf = (column: SQL, timezone: string) =>
  sql`to_char((${column} at time zone ${timezone})::date, 'YYYY-MM-DD')`;

/** Holders with a page view on the offer in the 7 and 30 days up to the range's end, or `now` if sooner. */
export async function activeHolders(
  db: DbExecutor,
  offerId: number,
  range: ReportRange,
  now: Date,
): Promise<{ last7: number; last30: number }> {
  const until = sql`least(${now.toISOString()}::timestamptz, ${rangeOf(range).end})`;
  const [row] = await queryRows<{ last7: number | string; last30: number | string }>(
    db,
    sql`select count(distinct partner_user_id) filter (where created_at >= ${until} - interval '7 days') as last7,
        count(distinct partner_user_id) as last30
      from page_views
      where offer_id = ${offerId} and created_at >= ${until} - interval '30 days' and created_at < ${until}
        and partner_user_id is not null and is_preview is not true`,
  );
  return { last7: Number(row?.last7 ?? 0), last30: Number(row?.last30 ?? 0) };
}

export async function pageViewsByDay(db: DbExecutor, offerId: number, range: ReportRange) {
  const { start, end } = rangeOf(range);
  const day = dayOf(sql`created_at`, range.timezone);
  return queryRows<{ day: string; page: string; views: number | string }>(
    db,
    sql`select ${day} as day, coalesce(route_name, 'unknown') as page, count(*) as views
      from page_views
      where offer_id = ${offerId} and created_at >= ${start} and created_at < ${end} and is_preview is not true
      group by 1, 2 order by 1, 2`,
  );
}

export async function checkInsByDay(db: DbExecutor, offerId: number, range: ReportRange) {
  const { start, end } = rangeOf(range);
  const day = dayOf(sql`c.at`, range.timezone);
  return queryRows<{
    day: string;
    venue_id: number | null;
    venue: string | null;
    check_ins: number | string;
  }>(
    db,
    sql`select ${day} as day, c.venue_id, v.name as venue, count(*) as check_ins
      from check_ins c left join venues v on v.id = c.venue_id
      where c.offer_id = ${offerId} and c.at >= ${start} and c.at < ${end}
      group by 1, 2, 3 order by 1, 3, 2`,
  );
}

/**
 * Points by day: credits and debits booked that day, and what is left, first-in first-out, of the credits
 * that expire that day. First-in first-out from the front means a credit's points left are its running total
 * (oldest first, by value date) less all the history's debits, kept between 0 and the credit
 * (data/domain.ts summarisePoints counts the same).
 */
export async function pointsByDay(db: DbExecutor, offerId: number, range: ReportRange) {
  const { start, end } = rangeOf(range);
  const bookedDay = dayOf(sql`value_date`, range.timezone);
  const expiryDay = dayOf(sql`c.expires_at`, range.timezone);
  return queryRows<{
    day: string;
    earned: number | string;
    spent: number | string;
    expiring: number | string;
  }>(
    db,
    sql`with booked as (
        select ${bookedDay} as day, sum(points) filter (where points > 0) as earned,
          -sum(points) filter (where points < 0) as spent
        from points_ledger
        where offer_id = ${offerId} and value_date >= ${start} and value_date < ${end}
        group by 1),
      credits as (
        select partner_user_id, deal_id, points, expires_at,
          sum(points) over (partition by partner_user_id, deal_id order by value_date, id) as running
        from points_ledger where offer_id = ${offerId} and points > 0),
      debits as (
        select partner_user_id, deal_id, -sum(points) as used
        from points_ledger where offer_id = ${offerId} and points < 0 group by 1, 2),
      expiring as (
        select ${expiryDay} as day,
          sum(least(c.points, greatest(0, c.running - coalesce(d.used, 0)))) as expiring
        from credits c left join debits d on d.partner_user_id = c.partner_user_id and d.deal_id = c.deal_id
        where c.expires_at >= ${start} and c.expires_at < ${end}
        group by 1)
      select coalesce(b.day, e.day) as day, coalesce(b.earned, 0) as earned, coalesce(b.spent, 0) as spent,
        coalesce(e.expiring, 0) as expiring
      from booked b full join expiring e on e.day = b.day
      order by 1`,
  );
}

/** Every reward of the offer: items claimed in the range (completed orders, not cancelled) and stock left. */
export async function rewardsClaimed(db: DbExecutor, offerId: number, range: ReportRange) {
  const { start, end } = rangeOf(range);
  return queryRows<{
    reward_id: number;
    reward: string;
    claimed: number | string;
    tickets_left: Record<string, number | null> | null;
  }>(
    db,
    sql`select r.id as reward_id, r.name as reward, ${ticketsLeftSql('r')} as tickets_left,
        (select count(*) from order_items i join orders o on o.id = i.order_id
          where i.reward_item_id = r.id and o.offer_id = ${offerId} and o.status = 'completed'
            and i.cancelled_at is null and o.purchased_at >= ${start} and o.purchased_at < ${end}) as claimed
      from reward_items r where r.offer_id = ${offerId}
      order by lower(r.name), r.id`,
  );
}

export async function ordersByStatus(db: DbExecutor, offerId: number, range: ReportRange) {
  const { start, end } = rangeOf(range);
  return queryRows<{ status: string; orders: number | string }>(
    db,
    sql`select status, count(*) as orders from orders
      where offer_id = ${offerId} and created_at >= ${start} and created_at < ${end}
      group by 1 order by 1`,
  );
}

/** The partner's time zone of an offer, or undefined when there is no such offer. */
export async function offerTimeZone(db: DbExecutor, offerId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ timezone: string }>(
    db,
    sql`select p.timezone from offers o join partners p on p.id = o.partner_id where o.id = ${offerId}`,
  );
  return row?.timezone;
}
