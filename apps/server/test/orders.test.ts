import { ORDER_HISTORY_DISPLAY, orderHistory, order as orderSchema } from '@trailpass/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../src/db/client';
import { orders } from '../src/db/schema';
import { loadOrderHistory } from '../src/modules/orders/service';
import type { HolderSession } from '../src/plugins/session';
import { dumpDatabase } from './db/fixtures';
import { api, createTestApp, expectError, type TestApp, TOKENS } from './helpers';

let t: TestApp;
const T0 = new Date('2026-06-01T12:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({ now: T0 });
});

afterAll(async () => {
  await t?.close();
});

// Demo: completed orders. Ava (1001) on 101: 9002, 9003 (39.00 cash, a deal and a package, 9 order
// products), 9004, 9006, 9008, 9011, 9012; on 102: 9001, 9009. Sam (1002) on 101: 9005, 9007 (a shipped
// pint glass set with no address). Harper (1004) on 103: 9010. Noah (1003): none.
const AVA_101 = [9012, 9011, 9008, 9006, 9004, 9003, 9002];
const DAY = 24 * 3600 * 1000;

type Res = Awaited<ReturnType<typeof api>>;

const history = (token: string, userId: number | string, query = 'offerId=101') =>
  api(t.app, 'GET', `/partnerUser/${userId}/orders?${query}`, token);
const oneOrder = (token: string, userId: number | string, orderId: number | string, query = '') =>
  api(t.app, 'GET', `/partnerUser/${userId}/orders/${orderId}${query}`, token);
const idsOf = (res: Res) => res.json().data.map((o: { id: number }) => o.id);

describe('GET /partnerUser/{id}/orders (spec 7, Order history)', () => {
  it("answers the holder's completed orders on the offer, highest id first, page 1 of 20", async () => {
    const res = await history(TOKENS.avaBrew, 1001);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = orderHistory.parse(res.json());
    expect(body.data.map((o) => o.id)).toEqual(AVA_101);
    expect(body).toMatchObject({ page: 1, display: ORDER_HISTORY_DISPLAY, total: 7 });
    for (const order of body.data) expect(order).toMatchObject({ offer_id: 101, status: 'completed' });
  });

  it('shows the cash order with its deal and package (+1) as the order details do', async () => {
    const body = (await history(TOKENS.avaBrew, 1001)).json();
    const cash = body.data.find((o: { id: number }) => o.id === 9003);
    expect(cash).toMatchObject({
      price_paid: '39.00',
      points_paid: 0,
      purchased_at: new Date(T0.getTime() - 40 * DAY).toISOString(),
      fields: { heard_about_us: 'Visitor guide' },
      customer: { first_name: 'Ava', city: 'Port Alder', zip_code: '54290' },
      distribute: null,
      orderDeals: [{ id: 9103, deal_id: 201, redemptions_remaining: 2, redemptions_made: 5, type: 'deal' }],
      orderPackages: [{ id: 9201, package_id: 601, type: 'package' }],
    });
    expect(cash.deals.map((i: { id: number }) => i.id)).toEqual([9403]);
    expect(cash.packages.map((i: { id: number }) => i.id)).toEqual([9404]);
    expect(cash.products).toEqual([]);
    expect(cash.orderProducts).toHaveLength(9);
    expect(cash.deals[0].media[0].url).toMatch(/brew-trail-passport\.svg$/);
    // The list reads each order exactly as the single-order call does.
    expect((await oneOrder(TOKENS.avaBrew, 1001, 9003)).json()).toEqual(cash);
  });

  it('pages with display and page; total counts them all; past the end is empty', async () => {
    const page = async (display: number, n: number) =>
      (await history(TOKENS.avaBrew, 1001, `offerId=101&display=${display}&page=${n}`)).json();
    expect(await page(3, 1)).toMatchObject({ page: 1, display: 3, total: 7 });
    expect((await page(3, 1)).data.map((o: { id: number }) => o.id)).toEqual(AVA_101.slice(0, 3));
    expect((await page(3, 2)).data.map((o: { id: number }) => o.id)).toEqual(AVA_101.slice(3, 6));
    expect((await page(3, 3)).data.map((o: { id: number }) => o.id)).toEqual([9002]);
    expect(await page(3, 4)).toEqual({ data: [], page: 4, display: 3, total: 7 });
    expect(await page(999999999, 999999999)).toEqual({
      data: [],
      page: 999999999,
      display: 999999999,
      total: 7,
    });
    expect((await page(1000000, 1)).data).toHaveLength(7);
  });

  it('reads a page in a fixed number of queries, however many orders it holds', async () => {
    const queriesFor = async (display: number) => {
      let selects = 0;
      const counting = new Proxy(t.database.db, {
        get(target, key, receiver) {
          // A Drizzle select, or a fixed statement (db/prepared.ts preparedSql runs on the executor's `_.session`).
          if (key === 'select' || key === '_') selects += 1;
          return Reflect.get(target, key, receiver);
        },
      }) as AppDb;
      const holder = { id: 1, partnerUserId: 1001, offerId: 101 } as HolderSession;
      const body = await loadOrderHistory(counting, holder, { display }, T0);
      return { orders: body.data.length, selects };
    };
    const one = await queriesFor(1);
    const all = await queriesFor(20);
    expect([one.orders, all.orders]).toEqual([1, 7]);
    expect(all.selects).toBe(one.selects);
    expect(all.selects).toBeGreaterThan(2);
    // The page and its count, then the orders with their items, order deals, packages and products, media and
    // pickup slots in one statement (decision 0016).
    expect(all.selects).toBeLessThanOrEqual(3);
  });

  it('answers each holder and offer their own: Ava on 102, Sam, Harper, and Noah none', async () => {
    expect(idsOf(await history(TOKENS.avaRewards, 1001, 'offerId=102'))).toEqual([9009, 9001]);
    expect(idsOf(await history(TOKENS.samStaff, 1002))).toEqual([9007, 9005]);
    expect(idsOf(await history(TOKENS.harperCheckin, 1004, 'offerId=103'))).toEqual([9010]);
    expect((await history(TOKENS.noahEmpty, 1003)).json()).toEqual({
      data: [],
      page: 1,
      display: 20,
      total: 0,
    });
  });

  it('applies the holder guard: 404 for another user or offer and signed out, 403 preview, 401', async () => {
    for (const [token, userId, query] of [
      [TOKENS.avaBrew, 1002, 'offerId=101'],
      [TOKENS.avaBrew, 1001, 'offerId=102'],
      [TOKENS.avaRewards, 1001, 'offerId=101'],
      [TOKENS.samStaff, 1001, 'offerId=101'],
      [TOKENS.guestBrew, 1001, 'offerId=101'],
    ] as const) {
      expectError(await history(token, userId, query), 404, 'not_found');
    }
    expectError(await history(TOKENS.previewProduct, 1001), 403, 'forbidden');
    expectError(await history(TOKENS.unregVenue301, 1001), 403, 'forbidden');
    expectError(await history('no-such-token', 1001), 401, 'unauthorized');
  });

  it('answers 400 for a missing offerId, a display or page that is not a positive number, unknown keys', async () => {
    for (const query of [
      '',
      'offerId=abc',
      'offerId=101&display=0',
      'offerId=101&display=-1',
      'offerId=101&display=abc',
      'offerId=101&display=1.5',
      'offerId=101&page=0',
      'offerId=101&page=1e3',
      'offerId=101&page=1234567890',
      'offerId=101&status=draft',
    ]) {
      expectError(await history(TOKENS.avaBrew, 1001, query), 400, 'invalid_input');
    }
    expect(
      (await history(TOKENS.avaBrew, 1001, `offerId=101&dealId=201&t=${TOKENS.avaBrew}`)).statusCode,
    ).toBe(200);
  });
});

describe('GET /partnerUser/{id}/orders/{orderId} (spec 7, Order)', () => {
  it("answers one of the holder's orders with its items, deals and products", async () => {
    const res = await oneOrder(TOKENS.avaBrew, 1001, 9012);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const order = orderSchema.parse(res.json());
    expect(order).toMatchObject({
      id: 9012,
      offer_id: 101,
      deal_id: 203,
      status: 'completed',
      points_paid: 30,
    });
    expect(order.products).toHaveLength(1);
    expect((await oneOrder(TOKENS.avaRewards, 1001, 9001)).json()).toMatchObject({ id: 9001, offer_id: 102 });
  });

  it("shows Sam's shipped order with no address as stored", async () => {
    const res = await oneOrder(TOKENS.samStaff, 1002, 9007, `?t=${TOKENS.samStaff}&dealId=201`);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order.customer).toMatchObject({
      first_name: 'Sam',
      address: null,
      city: null,
      zip_code: null,
      country: 'GB',
    });
    expect(order.distribute).toBeNull();
    expect(order.products).toEqual([
      expect.objectContaining({ id: 9408, delivery_method: 'shipped', redeemed: null, completed: null }),
    ]);
  });

  it("answers 404 for another holder's or offer's order, or one that does not exist, and 400 for bad ids", async () => {
    const before = await dumpDatabase(t.database.db);
    const messages = new Set<string>();
    for (const [token, userId, orderId] of [
      [TOKENS.avaBrew, 1001, 9005], // Sam's
      [TOKENS.avaBrew, 1001, 9007],
      [TOKENS.avaBrew, 1001, 9010], // Harper's, offer 103
      [TOKENS.avaBrew, 1001, 9001], // Ava's own, on offer 102
      [TOKENS.avaBrew, 1001, 9009],
      [TOKENS.avaRewards, 1001, 9003], // Ava's own, on offer 101
      [TOKENS.avaBrew, 1001, 999999],
      [TOKENS.samStaff, 1002, 9003],
      [TOKENS.noahEmpty, 1003, 9003],
      [TOKENS.avaBrew, 1002, 9005], // Sam's id in the path
      [TOKENS.guestBrew, 1001, 9003],
    ] as const) {
      messages.add(expectError(await oneOrder(token, userId, orderId), 404, 'not_found').message);
    }
    expect(messages.size).toBe(1);
    expectError(await oneOrder(TOKENS.previewProduct, 1001, 9003), 403, 'forbidden');
    expectError(await oneOrder(TOKENS.unregVenue301, 1001, 9003), 403, 'forbidden');
    expectError(await oneOrder('no-such-token', 1001, 9003), 401, 'unauthorized');
    for (const orderId of ['abc', '0', '-1', '2147483648']) {
      expectError(await oneOrder(TOKENS.avaBrew, 1001, orderId), 400, 'invalid_input');
    }
    expectError(await oneOrder(TOKENS.avaBrew, 1001, 9003, '?offerId=101&x=1'), 400, 'invalid_input');
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('leaves the cart (a draft) to /cart and expired or cancelled carts out of the history', async () => {
    const base = { offer_id: 101, partner_user_id: 1001, customer: {} };
    const inserted = await t.database.db
      .insert(orders)
      .values([
        { ...base, status: 'draft' as const, expires_at: new Date(T0.getTime() + 600_000) },
        { ...base, status: 'expired' as const },
        { ...base, status: 'cancelled' as const },
      ])
      .returning({ id: orders.id, status: orders.status });
    const [draft, expired, cancelled] = inserted;
    if (!draft || !expired || !cancelled) throw new Error('insert failed');
    expect(Math.min(draft.id, expired.id, cancelled.id)).toBeGreaterThan(9012);

    const list = (await history(TOKENS.avaBrew, 1001)).json();
    expect(list.data.map((o: { id: number }) => o.id)).toEqual(AVA_101);
    expect(list.total).toBe(7);
    expectError(await oneOrder(TOKENS.avaBrew, 1001, draft.id), 404, 'not_found');
    for (const other of [expired, cancelled]) {
      const res = await oneOrder(TOKENS.avaBrew, 1001, other.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: other.id,
        status: other.status,
        products: [],
        orderProducts: [],
      });
    }
  });
});
