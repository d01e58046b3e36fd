import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQueue, queuePageSql } from '../../src/console/fulfilment/repository';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestApp } from '../helpers';
import { nodesOf, type PlanNode } from '../plan-helpers';

/**
 * The fulfilment queue reads an offer whose completed orders grow with every claim (100,000 holders in the
 * load seed), while the items still to send stay few. On Postgres, with 20,000 fulfilled claims and 40
 * still open, the page must come from the partial indexes (order_items_unfulfilled_idx, and the offer's
 * completed orders by orders_offer_completed_idx or their primary key), never a scan of either table.
 */
const FULFILLED = 20_000;
const OPEN = 40;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function addClaims(count: number, redeemed: boolean) {
  await t.database.db.execute(sql`
    with made as (
      insert into orders (offer_id, partner_user_id, status, purchased_at, points_paid)
      select 101, 1002, 'completed', now() - (g * interval '1 minute'), 100 from generate_series(1, ${count}) g
      returning id)
    insert into order_items (order_id, type, name, parent_id, parent_type, points_paid, delivery_method, redeemed)
    select id, 'product', 'Lakeshore Pint Glass Set', 1203, 'product', 100, 'shipped',
      ${redeemed ? sql`now()` : sql`null`}
    from made`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the fulfilment queue on Postgres', () => {
  it('pages the open items of a large offer from its indexes', async () => {
    await addClaims(FULFILLED, true);
    await addClaims(OPEN, false);
    await t.database.db.execute(sql`analyze orders, order_items`);
    const filter = {
      offerId: 101,
      kind: 'shipped' as const,
      sort: 'claimedAt' as const,
      order: 'asc' as const,
      limit: 25,
      offset: 0,
    };
    const page = await listQueue(t.database.db, filter);
    // The demo's one open shipped item of offer 101 and the 40 made here.
    expect(page.total).toBe(OPEN + 1);
    expect(page.rows).toHaveLength(25);

    for (const query of [filter, { ...filter, sort: 'holder' as const, q: 'sam' }]) {
      const [explained] = await queryRows<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        t.database.db,
        sql`explain (analyze, format json) ${queuePageSql(query)}`,
      );
      const nodes = nodesOf(explained?.['QUERY PLAN'][0]?.Plan as PlanNode);
      const seqScans = nodes.filter(
        (node) =>
          node['Node Type'] === 'Seq Scan' && ['orders', 'order_items'].includes(node['Relation Name'] ?? ''),
      );
      expect(seqScans, JSON.stringify(query)).toEqual([]);
      const indexes = nodes.map((node) => node['Index Name']).filter(Boolean);
      expect(indexes, JSON.stringify(query)).toContain('order_items_unfulfilled_idx');
    }
  });
});
