import { routeNames } from '@trailpass/contract';
import { fulfilmentPaths, REPORT_NAMES, reportPaths } from '@trailpass/contract/console';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEED_EMAIL_DOMAIN,
  SeedLoadError,
  seedActivity,
  seedLoad,
} from '../../src/console/holder-import/seed-load';
import { foldReportDays, pageViewsByDay } from '../../src/console/reports/repository';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestApp } from '../helpers';
import { makeStaff, pathOf, signIn } from './console-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(t.database.db, query);
  if (!row) throw new Error('no row');
  return row;
}

describe('npm run seed:load', () => {
  it('seeds holders with passes, points, page views and orders in batches, then refuses a second run', async () => {
    const seeded = `load-%@${SEED_EMAIL_DOMAIN}`;
    const lines: string[] = [];
    const result = await seedLoad(t.database.db, {
      holders: 200,
      offerId: 101,
      batch: 80,
      log: (l) => lines.push(l),
    });
    expect(result).toEqual({ offerId: 101, partnerId: 1, holders: 200, orders: 20 });
    expect(lines).toEqual([
      'seeded holders 1-80 of 200',
      'seeded holders 81-160 of 200',
      'seeded holders 161-200 of 200',
    ]);
    const counts = await one<Record<string, number | string>>(
      sql`select
        (select count(*) from partner_users where partner_id = 1 and email like ${seeded}) as users,
        (select count(*) from passes ps join partner_users pu on pu.id = ps.partner_user_id
          where ps.offer_id = 101 and pu.email like ${seeded}) as passes,
        (select count(*) from points_ledger l join partner_users pu on pu.id = l.partner_user_id
          where l.offer_id = 101 and pu.email like ${seeded}) as entries,
        (select count(*) from page_views v join partner_users pu on pu.id = v.partner_user_id
          where pu.email like ${seeded}) as views,
        (select count(*) from order_items i join orders o on o.id = i.order_id
          join partner_users pu on pu.id = o.partner_user_id
          where pu.email like ${seeded} and i.delivery_method = 'shipped' and i.redeemed is null) as to_ship,
        (select count(*) from order_items i join orders o on o.id = i.order_id
          join partner_users pu on pu.id = o.partner_user_id
          where pu.email like ${seeded} and i.delivery_method = 'picked_up' and i.redeemed is null) as to_pick_up,
        (select count(*) from order_items i join orders o on o.id = i.order_id
          join partner_users pu on pu.id = o.partner_user_id
          where pu.email like ${seeded} and i.redeemed is not null) as fulfilled`,
    );
    // 200 credits and 20 debits; one in three seen; of the 20 orders, 10 shipped and 10 picked up, half done.
    expect(Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)]))).toEqual({
      users: 200,
      passes: 200,
      entries: 220,
      views: 66,
      to_ship: 5,
      to_pick_up: 5,
      fulfilled: 10,
    });
    // Each debit's balance is the credit less the reward, as the points append would have written it.
    const wrong = await one<{ n: number | string; debits: number | string }>(
      sql`select count(*) filter (where d.balance <> c.balance + d.points) as n, count(*) as debits
        from points_ledger d
          join points_ledger c on c.partner_user_id = d.partner_user_id and c.offer_id = d.offer_id and c.points > 0
          join partner_users pu on pu.id = d.partner_user_id
        where d.points < 0 and d.offer_id = 101 and pu.email like ${seeded} and d.redeemed_item_id is not null`,
    );
    expect([Number(wrong.n), Number(wrong.debits)]).toEqual([0, 20]);

    await expect(seedLoad(t.database.db, { holders: 10, offerId: 101 })).rejects.toThrow(
      /seeded already: partner 1 has 200 seeded holders/,
    );
    await expect(seedLoad(t.database.db, { holders: 10, offerId: 999 })).rejects.toBeInstanceOf(
      SeedLoadError,
    );
    const after = await one<{ n: number | string }>(
      sql`select count(*) as n from partner_users where email like ${seeded}`,
    );
    expect(Number(after.n)).toBe(200);
  });

  it('puts the seeded holders and their unsent items where the console reads them', async () => {
    await makeStaff(t, 'owner@lakeshore.test', { partnerId: 1, role: 'owner' });
    const owner = await signIn(t.app, 'owner@lakeshore.test');
    const list = await owner.request({
      method: 'GET',
      url: '/console/api/offers/101/holders?q=load-000010&perPage=5',
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toMatchObject([{ email: `load-000010@${SEED_EMAIL_DOMAIN}`, hasLink: false }]);
    expect(list.json().items[0].points).toBeGreaterThan(0);
    const queue = await owner.request({
      method: 'GET',
      url: `${pathOf(fulfilmentPaths.queue, { offerId: 101 })}?kind=shipped&perPage=100`,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().total).toBeGreaterThanOrEqual(5);
  });

  it('adds page views and check-ins over 400 days that every report counts (issue 31 item 5)', async () => {
    const seeded = `load-%@${SEED_EMAIL_DOMAIN}`;
    const now = new Date();
    const lines: string[] = [];
    await expect(
      seedActivity(t.database.db, { offerId: 101, pageViews: -1, checkIns: 0 }),
    ).rejects.toBeInstanceOf(SeedLoadError);
    await seedActivity(t.database.db, {
      offerId: 101,
      pageViews: 1000,
      checkIns: 300,
      batch: 400,
      now,
      log: (l) => lines.push(l),
    });
    expect(lines).toEqual([
      'seeded page views 1-400 of 1000',
      'seeded page views 401-800 of 1000',
      'seeded page views 801-1000 of 1000',
      'seeded check-ins 1-300 of 300',
      'recomputed the seeded holders’ point balances',
    ]);
    // The seed's own view of each holder (last seen, within 30 days) comes first: 66 of those.
    const views = await one<Record<string, number | string>>(
      sql`select count(*) as n, count(distinct v.partner_user_id) as holders, count(distinct v.route_name) as routes,
          count(*) filter (where v.is_preview or v.is_unregistered) as flagged,
          min(v.created_at) >= ${now}::timestamptz - interval '400 days' as after_start,
          max(v.created_at) < ${now}::timestamptz as before_now,
          count(distinct (v.created_at at time zone 'UTC')::date)
            filter (where v.created_at >= ${now}::timestamptz - interval '366 days') as days
        from page_views v join partner_users pu on pu.id = v.partner_user_id
        where v.offer_id = 101 and pu.email like ${seeded} and v.route_name <> 'home'`,
    );
    expect(views).toMatchObject({ after_start: true, before_now: true });
    expect(Number(views.n)).toBe(1000);
    expect(Number(views.holders)).toBe(200);
    expect(Number(views.flagged)).toBe(0);
    expect(Number(views.routes)).toBeGreaterThan(20);
    expect(Number(views.days)).toBeGreaterThanOrEqual(366);
    const routes = await queryRows<{ route_name: string }>(
      t.database.db,
      sql`select distinct route_name from page_views v join partner_users pu on pu.id = v.partner_user_id
        where pu.email like ${seeded} and v.route_name <> 'home'`,
    );
    for (const { route_name } of routes) expect(routeNames).toContain(route_name);

    // Each check-in at a check-in product of the offer and its venue; a credit for those whose deal earned
    // points then, with the reason and expiry the redeem service writes.
    const checkIns = await one<Record<string, number | string>>(
      sql`select count(*) as n,
          count(*) filter (where p.type <> 'check-in' or p.offer_id <> 101 or c.venue_id is distinct from p.venue_id) as wrong,
          count(distinct c.product_id) as products
        from check_ins c join products p on p.id = c.product_id join partner_users pu on pu.id = c.partner_user_id
        where pu.email like ${seeded}`,
    );
    expect(Number(checkIns.n)).toBe(300);
    expect(Number(checkIns.wrong)).toBe(0);
    expect(Number(checkIns.products)).toBeGreaterThan(1);
    const credits = await one<Record<string, number | string>>(
      sql`select count(*) as n,
          count(*) filter (where l.reason_text not like 'checked in %') as wrong_reason,
          count(*) filter (where l.expires_at is distinct from d.points_valid_until) as wrong_expiry
        from points_ledger l join deals d on d.id = l.deal_id join partner_users pu on pu.id = l.partner_user_id
        where l.offer_id = 101 and pu.email like ${seeded} and l.reason_text like 'checked in%'`,
    );
    const earning = await one<{ n: number | string }>(
      sql`select count(*) as n from check_ins c join products p on p.id = c.product_id join deals d on d.id = p.deal_id
        join partner_users pu on pu.id = c.partner_user_id
        where pu.email like ${seeded} and p.points_to_be_earned > 0 and d.use_points
          and (d.points_valid_until is null or d.points_valid_until > c.at)`,
    );
    expect(Number(credits.n)).toBe(Number(earning.n));
    expect(Number(credits.n)).toBeGreaterThan(0);
    expect([Number(credits.wrong_reason), Number(credits.wrong_expiry)]).toEqual([0, 0]);
    // Every balance is the running sum of its holder's history on the deal, as the points append keeps it.
    const balances = await one<{ wrong: number | string; n: number | string }>(
      sql`select count(*) filter (where balance <> running) as wrong, count(*) as n from (
          select l.balance, sum(l.points) over (partition by l.partner_user_id, l.deal_id order by l.value_date, l.id)
            as running
          from points_ledger l join partner_users pu on pu.id = l.partner_user_id
          where l.offer_id = 101 and pu.email like ${seeded}) x`,
    );
    expect(Number(balances.wrong)).toBe(0);
    expect(Number(balances.n)).toBe(220 + Number(credits.n));

    // Every report has rows over the longest range, the 366 days up to today in the partner's zone.
    const owner = await signIn(t.app, 'owner@lakeshore.test');
    const to = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(now);
    const from = new Date(Date.parse(`${to}T12:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
    for (const report of REPORT_NAMES) {
      const res = await owner.request({
        method: 'GET',
        url: `${pathOf(reportPaths.report, { offerId: 101, report })}?from=${from}&to=${to}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().rows as Record<string, unknown>[];
      expect(rows.length, report).toBeGreaterThan(0);
    }
  });

  it('keeps page_view_days the daily count of the page views in the partner’s zone, and the report with it', async () => {
    const db = t.database.db;
    // What page_view_days must hold, as a report reads it (after folding the changes the triggers appended):
    // the page views of each offer, page and day in its partner's zone, previews left out.
    const fold = () => foldReportDays(db, null);
    const drift = async () => {
      await fold();
      return one<{ n: number | string }>(
        sql`with live as (
            select v.offer_id, p.timezone, (v.created_at at time zone p.timezone)::date as day,
              coalesce(v.route_name, 'unknown') as page, count(*)::int as views
            from page_views v join offers o on o.id = v.offer_id join partners p on p.id = o.partner_id
            where v.is_preview is not true group by 1, 2, 3, 4)
          select count(*) as n from (
            (select offer_id, timezone, day, page, views from page_view_days except select * from live)
            union all
            (select * from live except select offer_id, timezone, day, page, views from page_view_days)) d`,
      );
    };
    // And points_days, the points booked by offer and day in the partner's zone.
    const pointsDrift = async () => {
      await fold();
      return one<{ n: number | string }>(
        sql`with live as (
            select l.offer_id, p.timezone, (l.value_date at time zone p.timezone)::date as day, count(*)::int as entries,
              coalesce(sum(l.points) filter (where l.points > 0), 0)::bigint as earned,
              coalesce(-sum(l.points) filter (where l.points < 0), 0)::bigint as spent
            from points_ledger l join offers o on o.id = l.offer_id join partners p on p.id = o.partner_id
            group by 1, 2, 3)
          select count(*) as n from (
            (select offer_id, timezone, day, entries, earned, spent from points_days except select * from live)
            union all
            (select * from live except select offer_id, timezone, day, entries, earned, spent from points_days)) d`,
      );
    };
    expect(Number((await drift()).n)).toBe(0);
    expect(Number((await pointsDrift()).n)).toBe(0);
    await db.execute(
      sql`delete from points_ledger where id in (select id from points_ledger where points > 0 order by id desc limit 5)`,
    );
    await db.execute(
      sql`update points_ledger set value_date = value_date - interval '3 days' where id in (select id from points_ledger order by id desc limit 5)`,
    );
    expect(Number((await pointsDrift()).n)).toBe(0);
    await fold();
    const rolled = await one<{ n: number | string }>(sql`select count(*) as n from page_view_days`);
    expect(Number(rolled.n)).toBeGreaterThan(100);
    // A preview, a view without a route, an update and a delete, in statements of several rows.
    await db.execute(
      sql`insert into page_views (created_at, route_name, offer_id, partner_id, is_preview) values
        (now(), 'Rewards', 101, 1, true), (now(), null, 101, 1, false), (now(), 'Rewards', 101, 1, null)`,
    );
    await db.execute(
      sql`update page_views set route_name = 'More' where id in (select id from page_views order by id limit 7)`,
    );
    await db.execute(
      sql`delete from page_views where id in (select id from page_views order by id desc limit 40)`,
    );
    expect(Number((await drift()).n)).toBe(0);

    // The partner's zone changes (whole hours, a half and a quarter hour off UTC): the days are counted again,
    // and the report is the count of the page views by the zone's day and page.
    for (const timezone of [
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'UTC',
      'America/Chicago',
    ]) {
      await db.execute(sql`update partners set timezone = ${timezone} where id = 1`);
      expect(Number((await drift()).n), timezone).toBe(0);
      expect(Number((await pointsDrift()).n), timezone).toBe(0);
      const range = { from: '2025-10-01', to: '2026-10-01', timezone };
      const live = await queryRows<{ day: string; page: string; views: string | number }>(
        db,
        sql`select to_char((created_at at time zone ${timezone})::date, 'YYYY-MM-DD') as day,
            coalesce(route_name, 'unknown') as page, count(*) as views
          from page_views
          where offer_id = 101 and is_preview is not true
            and created_at >= ('2025-10-01'::date::timestamp at time zone ${timezone})
            and created_at < ('2026-10-02'::date::timestamp at time zone ${timezone})
          group by 1, 2 order by 1, 2`,
      );
      const numbers = (rows: { day: string; page: string; views: string | number }[]) =>
        rows.map((r) => ({ ...r, views: Number(r.views) }));
      const report = await pageViewsByDay(db, 101, range);
      expect(numbers(report), timezone).toEqual(numbers(live));
      expect(report.length).toBeGreaterThan(100);
      // A range in another zone than the counts' is counted from the page views themselves.
      const other = timezone === 'UTC' ? 'Asia/Kolkata' : 'UTC';
      const otherLive = await queryRows<{ day: string; page: string; views: string | number }>(
        db,
        sql`select to_char((created_at at time zone ${other})::date, 'YYYY-MM-DD') as day,
            coalesce(route_name, 'unknown') as page, count(*) as views
          from page_views
          where offer_id = 101 and is_preview is not true
            and created_at >= ('2025-10-01'::date::timestamp at time zone ${other})
            and created_at < ('2026-10-02'::date::timestamp at time zone ${other})
          group by 1, 2 order by 1, 2`,
      );
      expect(numbers(await pageViewsByDay(db, 101, { ...range, timezone: other }))).toEqual(
        numbers(otherLive),
      );
    }
    await db.execute(sql`truncate page_views`);
    const cleared = await one<{ n: number | string }>(sql`select count(*) as n from page_view_days`);
    expect(Number(cleared.n)).toBe(0);
  });
});
