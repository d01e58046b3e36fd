import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { hashToken } from '../src/db/tokens';
import { completionLockSql, completionPlanSql, itemStillPlannedSql } from '../src/modules/cart/completion';
import { orderRowsJsonSql } from '../src/modules/orders/repository';
import { createTestApp, type TestApp, TOKENS } from './helpers';
import { CRUISE, claimCruise, copyDraft, nodesOf, type PlanNode, removeDraftCopies } from './plan-helpers';

/**
 * Every completion reads its plan (completion.ts completionPlanSql) and answers the order it completed
 * (orders/repository.ts orderRowsJsonSql); every claim answers its draft the same way. In a campaign the
 * order items and their media multiply faster than autovacuum analyzes the tables, and with the statistics
 * of a quiet hour (or none yet) Postgres walked the whole order_items table in id order to find one order's
 * first item, read every order item's media in the database to keep one item's, checked the order's item by
 * filtering every order item of the reward, and locked the order by reading every order of its holder. Here
 * the statistics are taken while there is one draft, 5,000 more are made, and the statements, run as the
 * server runs them (prepared, with a generic plan), must read only the rows of the order they are asked for:
 * the plan read, the lock and the change's item check all of it, the answer its media (decision 0016).
 */

let t: TestApp;
const DRAFTS = 5000;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/**
 * The plan nodes of `statement` prepared as the server prepares it and run once with a generic plan, each
 * placeholder given its value from `values` by name (written into EXECUTE as a literal).
 */
async function genericPlan(statement: SQL, values: Record<string, number | string | null>) {
  const query = new PgDialect().sqlToQuery(statement);
  const literals = query.params.map((param) => {
    const value = values[(param as { name: string }).name];
    return value === null ? 'null' : typeof value === 'number' ? String(value) : `'${value}'`;
  });
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare plan_under_test as ${query.sql}`));
    const [explained] = await queryRows<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      tx,
      sql.raw(`explain (analyze, format json) execute plan_under_test(${literals.join(', ')})`),
    );
    await tx.execute(sql`deallocate plan_under_test`);
    return nodesOf(explained?.['QUERY PLAN'][0]?.Plan as PlanNode);
  });
}

/** The nodes that read or threw away more rows than one order has (one item, a few pictures). */
const wideReads = (nodes: PlanNode[]) =>
  nodes
    .filter(
      (node) =>
        node['Actual Rows'] * node['Actual Loops'] > 10 ||
        (node['Rows Removed by Filter'] ?? 0) > 10 ||
        (node['Rows Removed by Index Recheck'] ?? 0) > 10,
    )
    .map((node) => `${node['Node Type']} ${node['Relation Name'] ?? ''}`);

describe.skipIf(!process.env.TEST_DATABASE_URL)('the completion’s reads on Postgres', () => {
  it('read only the asked order’s rows, with statistics from before a campaign’s drafts', async () => {
    const draftId = await claimCruise(t);
    // Statistics as the bench's campaign had them: its order_items were not analyzed yet, and with Postgres'
    // default of 200 distinct values an order of 5,000 items seemed to have 25 to 29. Here 40 distinct
    // orders among the 5,000 items give it the same 27.
    await t.database.db.execute(sql`alter table order_items alter column order_id set (n_distinct = 40)`);
    await t.database.db.execute(sql`analyze orders, order_items, media`);

    // Copies of Ava's draft, its item and the item's media, as a campaign's holders would make them.
    await copyDraft(t, draftId, DRAFTS, { media: true });
    const [last] = await queryRows<{ id: number; media: number }>(
      t.database.db,
      sql`select o.id, (select count(*)::int from media m join order_items i on i.id = m.owner_id
          where m.owner_type = 'order_item' and i.order_id = o.id) as media
        from orders o where o.partner_user_id = 1001 and o.offer_id = 102 and o.status = 'draft'
        order by o.id desc limit 1`,
    );
    // The claimed item has its reward's pictures, so the answer's media part has rows to find.
    expect(last?.media).toBeGreaterThan(0);
    const orderId = Number(last?.id);

    const plan = await genericPlan(
      completionPlanSql({ orderId: sql.placeholder('orderId'), tokenHash: sql.placeholder('tokenHash') }),
      { orderId, tokenHash: hashToken(TOKENS.avaRewards) },
    );
    expect(wideReads(plan)).toEqual([]);

    // The lock of the order row (and of the holder's points and the reward's stock): Ava now has 5,001
    // orders on the offer.
    const lock = await genericPlan(
      completionLockSql({
        orderId: sql.placeholder('orderId'),
        partnerUserId: sql.placeholder('partnerUserId'),
        offerId: sql.placeholder('offerId'),
        dealId: sql.placeholder('dealId'),
        stockLock: sql.placeholder('stockLock'),
        turn: sql.placeholder('turn'),
      }),
      { orderId, partnerUserId: 1001, offerId: 102, dealId: 204, stockLock: 1, turn: 'shared' },
    );
    expect(wideReads(lock)).toEqual([]);

    // The change statement's check that the order still holds the planned item, and only it.
    const [item] = await queryRows<{ id: number; points_paid: number }>(
      t.database.db,
      sql`select id, points_paid from order_items where order_id = ${orderId}`,
    );
    const itemCheck = await genericPlan(
      sql`select ${itemStillPlannedSql({
        itemId: sql.placeholder('itemId'),
        orderId: sql.placeholder('orderId'),
        rewardItemId: sql.placeholder('rewardItemId'),
        points: sql.placeholder('points'),
        attributeId: sql.placeholder('attributeId'),
        deliveryMethod: sql.placeholder('deliveryMethod'),
      })} as ok`,
      {
        itemId: Number(item?.id),
        orderId,
        rewardItemId: CRUISE,
        points: Number(item?.points_paid),
        attributeId: null,
        deliveryMethod: 'picked_up',
      },
    );
    expect(wideReads(itemCheck)).toEqual([]);

    const answer = await genericPlan(sql`select ${orderRowsJsonSql(sql.placeholder('ids'))} as rows`, {
      ids: `{${orderId}}`,
    });
    // Whether the few orders and items are read by index or by a scan is the planner's fair choice at this
    // size; the media are where every order item's were read.
    expect(wideReads(answer.filter((node) => node['Relation Name'] === 'media'))).toEqual([]);

    await removeDraftCopies(t, draftId);
    await t.database.db.execute(sql`alter table order_items alter column order_id reset (n_distinct)`);
    await t.database.db.execute(sql`analyze order_items`);
  });
});
