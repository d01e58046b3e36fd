import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { listLiveHolds, liveHoldsQuery } from '../src/modules/cart/stock';
import { createTestApp, type TestApp } from './helpers';
import { CRUISE, claimCruise, copyDraft, nodesOf, type PlanNode, removeDraftCopies } from './plan-helpers';

/**
 * The live holds of a reward are read for every claim (under the reward's stock lock) and every Rewards
 * page. In a campaign the drafts multiply faster than autovacuum analyzes the tables, and with the
 * statistics of a quiet hour Postgres joined the reward's items to the drafts item by draft: 30 to 110 ms a
 * read at 1,500 holds. Here the statistics are taken while there is one draft, 600 more are made, and the
 * read must still find each draft's item by the draft's id (stock.ts listLiveHolds), never comparing items
 * and drafts pairwise nor walking the reward's whole history.
 */

let t: TestApp;
const DRAFTS = 600;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the live holds read on Postgres', () => {
  it('finds each live draft’s item by the draft, with statistics from before the drafts', async () => {
    const draftId = await claimCruise(t);
    await t.database.db.execute(sql`analyze orders, order_items`);

    // Copies of Ava's draft and its item, as a campaign's holders would make them.
    await copyDraft(t, draftId, DRAFTS);

    const now = new Date();
    expect(await listLiveHolds(t.database.db, [CRUISE], now)).toEqual([
      { reward_item_id: CRUISE, attribute_id: null, key: null, count: DRAFTS + 1 },
    ]);

    const [explained] = await queryRows<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      t.database.db,
      sql`explain (analyze, format json) ${liveHoldsQuery([CRUISE], now, null)}`,
    );
    const nodes = nodesOf(explained?.['QUERY PLAN'][0]?.Plan as PlanNode);
    expect(nodes.filter((node) => node['Join Filter'])).toEqual([]);
    const itemScans = nodes.filter((node) => node['Index Name']?.startsWith('order_items_'));
    expect(itemScans.map((node) => node['Index Name'])).toEqual(['order_items_order_id_idx']);
    // One probe per live draft, each finding its one item.
    expect(itemScans[0]?.['Actual Loops']).toBe(DRAFTS + 1);
    expect(itemScans[0]?.['Actual Rows']).toBe(1);

    await removeDraftCopies(t, draftId);
  });
});
