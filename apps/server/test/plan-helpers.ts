import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { passHeaders, type TestApp, TOKENS } from './helpers';

/**
 * For the Postgres tests of query plans under a campaign's growth (live-holds-plan, completion-plans): the
 * nodes of an `explain (analyze, format json)`, and Ava's claim of the cruise copied as many holders would
 * make it.
 */

export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Join Filter'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** A plan's nodes, the root first. */
export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The Lighthouse Sunset Cruise for Two: a pickup reward of Lakeshore Rewards. */
export const CRUISE = 1211;

/** Ava claims the cruise on her Lakeshore Rewards pass; answers the draft order's id. */
export async function claimCruise(t: TestApp): Promise<number> {
  const claim = await t.app.inject({
    method: 'POST',
    url: '/pass/api/cart',
    headers: passHeaders(TOKENS.avaRewards),
    payload: {
      offerId: 102,
      partnerUserId: 1001,
      qty: 1,
      itemId: CRUISE,
      itemType: 'product',
      deliveryMethod: 'picked_up',
      payWithPoints: true,
    },
  });
  expect(claim.statusCode, claim.body).toBe(200);
  return claim.json().orderId as number;
}

/** `count` copies of draft `draftId` with its items (and, with `media`, the items' media). */
export async function copyDraft(t: TestApp, draftId: number, count: number, { media = false } = {}) {
  const copyMedia = sql`insert into media (owner_type, owner_id, position, location, name, url)
    select 'order_item', items.id, m.position, m.location, m.name, m.url
    from items, media m
    where m.owner_type = 'order_item' and m.owner_id in (select id from order_items where order_id = ${draftId})`;
  await t.database.db.execute(sql`
    with copies as (
      insert into orders (offer_id, partner_user_id, status, expires_at)
      select offer_id, partner_user_id, status, expires_at
      from orders, generate_series(1, ${count}) where id = ${draftId}
      returning id),
    items as (
      insert into order_items (order_id, position, type, name, parent_id, parent_type, points_paid,
        reward_item_id, attribute_id, delivery_method)
      select c.id, i.position, i.type, i.name, i.parent_id, i.parent_type, i.points_paid, i.reward_item_id,
        i.attribute_id, i.delivery_method
      from copies c, order_items i where i.order_id = ${draftId}
      returning id)
    ${media ? copyMedia : sql`select count(*) from items`}`);
}

/** Removes the copies copyDraft made of `draftId` (every draft after it), with their items and media. */
export async function removeDraftCopies(t: TestApp, draftId: number) {
  const copies = sql`select id from orders where id > ${draftId} and status = 'draft'`;
  await t.database.db.execute(sql`delete from media where owner_type = 'order_item'
    and owner_id in (select id from order_items where order_id in (${copies}))`);
  await t.database.db.execute(sql`delete from order_items where order_id in (${copies})`);
  await t.database.db.execute(sql`delete from orders where id in (${copies})`);
}
