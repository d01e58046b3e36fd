import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_products, points_ledger } from '../src/db/schema';
import { api, createTestApp, expectOk, type TestApp, TOKENS } from './helpers';

// Demo (demo/README.md): Ava (1001) on points offer 102 has 1200 points on deal 204. Her order product 9301
// (check-in 513 at venue 301, code 4821, 100 points) is the template of fresh check-ins. The tumbler (reward
// 1210) costs 450 points.
const AVA = 1001;
const SECOND = 1000;

let t: TestApp;
let now = new Date();

beforeAll(async () => {
  t = await createTestApp({ now, clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

async function freshCheckIn(): Promise<number> {
  const db = t.database.db;
  const [template] = await db.select().from(order_products).where(eq(order_products.id, 9301));
  if (!template) throw new Error('demo order product 9301 missing');
  const [row] = await db
    .insert(order_products)
    .values({
      ...template,
      id: undefined,
      redeemed: null,
      duplicate_date: null,
      redemptions: 0,
      redemptions_remaining_use: 1,
    })
    .returning({ id: order_products.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

const checkIn = (orderProductId: number) =>
  api(t.app, 'POST', `/partnerUser/${AVA}/checkIn`, TOKENS.avaRewards, {
    payload: { partnerUserId: AVA, orderProductIds: [orderProductId], pinNumber: '4821' },
  });

function call(method: 'POST' | 'PUT', url: string, payload: object) {
  return api(t.app, method as 'POST', url, TOKENS.avaRewards, { payload });
}

describe('the points ledger under requests that commit out of clock order', () => {
  // Found by scripts/crash-test.mjs: a request reads the clock, then waits for the history's lock while a
  // later one appends. Dated by its own clock reading, its entry sorted before the entry it followed, the
  // balance read back (the latest entry's) left its points out, and the next append dropped them for good.
  it('dates an entry no earlier than the one before it, so every balance counts every entry', async () => {
    const [first, second] = [await freshCheckIn(), await freshCheckIn()];
    const start = now;
    expect((await checkIn(first)).statusCode).toBe(200);
    now = new Date(start.getTime() - 5 * SECOND);
    expect((await checkIn(second)).statusCode).toBe(200);
    now = new Date(start.getTime() - 10 * SECOND);
    const created = await call('POST', '/cart', {
      offerId: 102,
      partnerUserId: AVA,
      qty: 1,
      itemId: 1210,
      itemType: 'product',
      deliveryMethod: 'shipped',
      payWithPoints: true,
    });
    const { orderId } = expectOk(created);
    expect(expectOk(await call('PUT', `/cart/${orderId}/complete`, { orderId })).order.current_points).toBe(
      950,
    );

    const history = await t.database.db
      .select()
      .from(points_ledger)
      .where(and(eq(points_ledger.partner_user_id, AVA), eq(points_ledger.deal_id, 204)))
      .orderBy(asc(points_ledger.value_date), asc(points_ledger.id));
    let running = 0;
    for (const entry of history) {
      running += entry.points;
      expect(entry.balance, `entry ${entry.id}`).toBe(running);
    }
    expect(history.slice(-3).map((entry) => [entry.points, entry.balance])).toEqual([
      [100, 1300],
      [100, 1400],
      [-450, 950],
    ]);
    const current = await api(
      t.app,
      'GET',
      `/partnerUser/${AVA}/points/current?offerId=102`,
      TOKENS.avaRewards,
    );
    expect(expectOk(current).current_points).toBe(950);
  });
});
