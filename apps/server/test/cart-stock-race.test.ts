import { SOLD_OUT_MESSAGE } from '@trailpass/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, points_ledger, reward_items } from '../src/db/schema';
import { appendLedgerEntry } from '../src/modules/points/ledger';
import { copyDraft, passHeaders, type TestApp, TOKENS, testScopedApp } from './helpers';

// A completion takes the reward's stock as its last statement, sent with its COMMIT on node-postgres
// (cart/repository.ts takeStockAndCommit, decision 0023 round two). These check that the stock is still
// never oversold, that a completion that finds nothing left changes nothing, and that the connection it
// ran on is clean for the next request. Lakeshore Rewards (offer 102): Ava (1001) claims the cruise 1211
// (pickup, 1000 points on deal 204).
const AVA = 1001;
const CRUISE = 1211;

function complete(t: TestApp, orderId: number) {
  return t.app.inject({
    method: 'PUT',
    url: `/pass/api/cart/${orderId}/complete`,
    headers: passHeaders(TOKENS.avaRewards),
    payload: { orderId },
  });
}

/** Ava's points on deal 204 raised by `points`, her draft of the cruise copied to `count` live drafts. */
async function drafts(t: TestApp, count: number, points: number): Promise<number[]> {
  const db = t.database.db;
  await db.transaction((tx) =>
    appendLedgerEntry(tx, {
      partnerUserId: AVA,
      offerId: 102,
      dealId: 204,
      reasonText: 'test credit',
      points,
      valueDate: t.importedAt,
    }),
  );
  const created = await t.app.inject({
    method: 'POST',
    url: '/pass/api/cart',
    headers: passHeaders(TOKENS.avaRewards),
    payload: {
      offerId: 102,
      partnerUserId: AVA,
      qty: 1,
      itemId: CRUISE,
      itemType: 'product',
      deliveryMethod: 'picked_up',
      payWithPoints: true,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const orderId: number = created.json().orderId;
  return copyDraft(t.database, orderId, count - 1);
}

async function setStock(t: TestApp, left: number) {
  await t.database.db
    .update(reward_items)
    .set({ tickets_available: { 0: left } })
    .where(eq(reward_items.id, CRUISE));
}

async function stock(t: TestApp) {
  const [row] = await t.database.db
    .select({ tickets: reward_items.tickets_available })
    .from(reward_items)
    .where(eq(reward_items.id, CRUISE));
  return row?.tickets;
}

async function debitsOf(t: TestApp, orderIds: number[]) {
  return t.database.db
    .select()
    .from(points_ledger)
    .where(and(eq(points_ledger.partner_user_id, AVA), inArray(points_ledger.order_id, orderIds)))
    .orderBy(asc(points_ledger.id));
}

describe('completions taking the last of a reward', () => {
  it('in parallel: exactly the stock left completes, the rest is sold out and charged nothing', async () => {
    const t = await testScopedApp();
    const ids = await drafts(t, 12, 100_000);
    await setStock(t, 3);
    const responses = await Promise.all(ids.map((id) => complete(t, id)));
    const statuses = responses.map((res) => res.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([200, 200, 200, ...Array(9).fill(409)]);
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json().error.message).toBe(SOLD_OUT_MESSAGE);
    }
    expect(await stock(t)).toEqual({ 0: 0 });
    const completed = responses.flatMap((res, i) => (res.statusCode === 200 ? [ids[i] as number] : []));
    const debits = await debitsOf(t, ids);
    expect(debits.map((d) => [d.order_id, d.points]).sort()).toEqual(
      completed.map((id) => [id, -1000]).sort(),
    );
    const rows = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(
      rows
        .filter((o) => o.status === 'completed')
        .map((o) => o.id)
        .sort(),
    ).toEqual(completed.sort());
    expect(rows.filter((o) => o.status === 'draft')).toHaveLength(9);

    // The connections that ran the sold-out completions were rolled back: each serves the next request, and
    // a draft completes once stock is back.
    await setStock(t, 1);
    const rest = ids.filter((id) => !completed.includes(id));
    const again = await Promise.all(rest.map((id) => complete(t, id)));
    expect(again.map((r) => r.statusCode).sort()).toEqual([200, ...Array(8).fill(409)]);
    expect(await stock(t)).toEqual({ 0: 0 });
    expect(await debitsOf(t, ids)).toHaveLength(4);
  });

  it('one at a time: nothing left is sold out and changes nothing; too few points leaves the stock', async () => {
    const t = await testScopedApp();
    // Two drafts of 1000 points against 1200 + 700 points: the first completes, the second then lacks points.
    const [first, second] = await drafts(t, 2, 700);
    if (first === undefined || second === undefined) throw new Error('drafts missing');
    await setStock(t, 0);
    const soldOut = await complete(t, first);
    expect(soldOut.statusCode, soldOut.body).toBe(409);
    expect(soldOut.json().error.message).toBe(SOLD_OUT_MESSAGE);
    expect(await debitsOf(t, [first, second])).toEqual([]);
    await setStock(t, 2);
    expect((await complete(t, first)).statusCode).toBe(200);
    const short = await complete(t, second);
    expect(short.statusCode, short.body).toBe(422);
    expect(short.json().error.message).not.toBe(SOLD_OUT_MESSAGE);
    expect(await stock(t)).toEqual({ 0: 1 });
    expect(await debitsOf(t, [first, second])).toHaveLength(1);
  });
});
