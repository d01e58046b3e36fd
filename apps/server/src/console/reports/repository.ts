import { type SQL, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { ticketsLeftSql } from '../../modules/cart/stock';

/**
 * The console's report queries (issue 31 item 4). A range is two instants, [start, end), the partner's
 * calendar days turned into instants in SQL (`rangeOf`); days are grouped in the partner's zone. Each query
 * reads one offer through an index that starts with the offer id, or the page views' daily counts
 * (page_view_days): see each query, and decision 0045's "On real volumes" for the plans.
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

/**
 * Holders with a page view on the offer in the 7 and 30 days up to the range's end, or `now` if sooner: read
 * from page_views_offer_holder_idx alone (offer, time and holder, previews left out; migration 0022).
 */
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

/**
 * Folds the changes the triggers on page_views and points_ledger appended since the last fold into
 * page_view_days and points_days (migration 0022): the writers append rather than update a day's row, so that
 * they never wait on each other; a report folds its offer's before reading, and `foldAllReportDays` runs every
 * minute (fold.ts) so that the changes of offers nobody reports on do not pile up. Its own statement: a
 * report's reads see what it folded.
 */
export async function foldReportDays(db: DbExecutor, offerId: number | null): Promise<void> {
  await db.execute(sql`select fold_report_days(${offerId}::int)`);
}

/**
 * Page views by the partner's day and page. A year at seed-load volume is 1,800,000 page views, too many to
 * count per request (issue 31 item 5, decision 0045), so they are read from page_view_days, the page views of
 * each offer, page and day in the partner's zone, which triggers on page_views keep exact (migration 0022):
 * a year is at most 366 rows per page. Its rows carry the zone they were counted in, which the triggers keep
 * the partner's; a range in another zone (none today: the range's zone is the partner's) counts the page
 * views themselves, as the first slice did. The check is a statement of its own: in one statement with both
 * counts, the planner costs the page views' branch too and compiles the whole with JIT (290 ms of 480).
 */
export async function pageViewsByDay(db: DbExecutor, offerId: number, range: ReportRange) {
  const { start, end } = rangeOf(range);
  const tz = range.timezone;
  await foldReportDays(db, offerId);
  const [counted] = await queryRows<{ other_zone: boolean }>(
    db,
    sql`select exists (
        select 1 from page_view_days where offer_id = ${offerId} and timezone <> ${tz}
      ) as other_zone`,
  );
  const days = counted?.other_zone
    ? sql`select (created_at at time zone ${tz})::date as d, coalesce(route_name, 'unknown') as page,
          count(*) as views
        from page_views
        where offer_id = ${offerId} and created_at >= ${start} and created_at < ${end} and is_preview is not true
        group by 1, 2`
    : sql`select day as d, page, views from page_view_days
        where offer_id = ${offerId} and timezone = ${tz} and day >= ${range.from}::date and day <= ${range.to}::date`;
  return queryRows<{ day: string; page: string; views: number | string }>(
    db,
    sql`select to_char(v.d, 'YYYY-MM-DD') as day, v.page, v.views from (${days}) v order by 1, 2`,
  );
}

/**
 * Check-ins by the partner's day and venue: counted by day and venue id first, from check_ins_offer_at_idx
 * alone (it holds the venue, migration 0022), then named, so that the day's text and the venue's name are
 * made once per row of the answer, not once per check-in (a year is 180,000 at seed-load volume).
 */
export async function checkInsByDay(db: DbExecutor, offerId: number, range: ReportRange) {
  const { start, end } = rangeOf(range);
  return queryRows<{
    day: string;
    venue_id: number | null;
    venue: string | null;
    check_ins: number | string;
  }>(
    db,
    sql`select to_char(c.d, 'YYYY-MM-DD') as day, c.venue_id, v.name as venue, c.check_ins
      from (
        select (at at time zone ${range.timezone})::date as d, venue_id, count(*) as check_ins
        from check_ins
        where offer_id = ${offerId} and at >= ${start} and at < ${end}
        group by 1, 2
      ) c left join venues v on v.id = c.venue_id
      order by 1, 3, 2`,
  );
}

/**
 * Points by day: credits and debits booked that day, and what is left, first-in first-out, of the credits
 * that expire that day. First-in first-out from the front means a credit's points left are its running total
 * (oldest first, by value date) less all the history's debits, kept between 0 and the credit
 * (data/domain.ts summarisePoints counts the same).
 *
 * At seed-load volume (issue 31 item 5, decision 0045) the first slice's window over every credit of the
 * offer took most of a second, and summing a year's 300,000 entries by day 150 ms, so: the booked points are
 * read from points_days, the points booked by offer and day in the partner's zone that triggers on
 * points_ledger keep exact (migration 0022), or, for a range in another zone than its rows' (none today),
 * summed from points_ledger_offer_value_date_idx alone (it holds the points); the
 * credits expiring in the range come from points_ledger_offer_expires_idx alone, and the debits from
 * points_ledger_offer_debits_idx; and a credit of a history (holder and deal) with no debit has all its
 * points left (its running total is at least itself), so the running totals are computed only for the
 * histories with both a debit and a credit expiring in the range. (Joins of the credits with the debits
 * and a window over them cost more than JIT's threshold and sorts that spill; these do neither.)
 */
export async function pointsByDay(db: DbExecutor, offerId: number, range: ReportRange) {
  const { start, end } = rangeOf(range);
  const tz = range.timezone;
  await foldReportDays(db, offerId);
  const [counted] = await queryRows<{ other_zone: boolean }>(
    db,
    sql`select exists (select 1 from points_days where offer_id = ${offerId} and timezone <> ${tz}) as other_zone`,
  );
  const booked = counted?.other_zone
    ? sql`select to_char(d, 'YYYY-MM-DD') as day, earned, spent from (
          select (value_date at time zone ${tz})::date as d, sum(points) filter (where points > 0) as earned,
            -sum(points) filter (where points < 0) as spent
          from points_ledger
          where offer_id = ${offerId} and value_date >= ${start} and value_date < ${end}
          group by 1) b`
    : sql`select to_char(day, 'YYYY-MM-DD') as day, earned, spent from points_days
        where offer_id = ${offerId} and timezone = ${tz} and day >= ${range.from}::date and day <= ${range.to}::date`;
  return queryRows<{
    day: string;
    earned: number | string;
    spent: number | string;
    expiring: number | string;
  }>(
    db,
    sql`with booked as (${booked}),
      debts as (
        select partner_user_id, deal_id, -sum(points) as used
        from points_ledger where offer_id = ${offerId} and points < 0 group by 1, 2),
      expiring as (
        select to_char(d, 'YYYY-MM-DD') as day, expiring from (
          select (x.expires_at at time zone ${tz})::date as d, sum(x.left_points) as expiring from (
            -- A history with no debit keeps each credit whole (its running total is at least itself).
            select c.expires_at, c.points as left_points
            from points_ledger c
            where c.offer_id = ${offerId} and c.points > 0 and c.expires_at >= ${start} and c.expires_at < ${end}
              and not exists (
                select 1 from debts d where d.partner_user_id = c.partner_user_id and d.deal_id = c.deal_id)
            union all
            -- A history with debits and a credit expiring in the range: its running totals, history by
            -- history through points_ledger_scope_idx.
            select w.expires_at, least(w.points, greatest(0, w.running - d.used))
            from debts d cross join lateral (
              select l.points, l.expires_at, sum(l.points) over (order by l.value_date, l.id) as running
              from points_ledger l
              where l.partner_user_id = d.partner_user_id and l.offer_id = ${offerId} and l.deal_id = d.deal_id
                and l.points > 0) w
            where w.expires_at >= ${start} and w.expires_at < ${end}
              and exists (
                select 1 from points_ledger e
                where e.offer_id = ${offerId} and e.points > 0 and e.expires_at >= ${start} and e.expires_at < ${end}
                  and e.partner_user_id = d.partner_user_id and e.deal_id = d.deal_id)
          ) x
          group by 1) e)
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
