import { fulfilmentPaths } from '@trailpass/contract/console';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_EMAIL_DOMAIN, SeedLoadError, seedLoad } from '../../src/console/holder-import/seed-load';
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
});
