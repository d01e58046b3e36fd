import { type AssignmentResponse, assignmentResponse } from '@trailpass/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_products, reward_items } from '../src/db/schema';
import { renderAssignment } from '../src/modules/assignments/render';
import {
  AssignmentPageCache,
  type AssignmentRequest,
  assembleAssignment,
  loadAssignment,
} from '../src/modules/assignments/service';
import {
  api,
  createTestApp,
  firstOpenOrderProduct,
  reimportDemo,
  type SecondInstance,
  startSecondInstance,
  type TestApp,
  TOKENS,
} from './helpers';

/**
 * The assignments API keeps each page's records per server (decision 0023). Held to: a re-import seen on
 * the next call by this instance and a second one on the same database; reward stock and the holder's
 * redemptions seen at once; the per-request parts (counts) never carried from one holder to another; and
 * the answer's text, made from templates encoded once per page (render.ts), the same as the contract's own
 * encoding of the answer.
 */

let t: TestApp;
let second: SecondInstance;

beforeAll(async () => {
  t = await createTestApp();
  second = await startSecondInstance(t, { rateLimit: { apiPerMinute: 10_000 } });
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

const REWARDS_PAGE = '/partnerUser/1001/modules/assignment/offer/assignmentId/102/location/pass?offerId=102';
const dealPage = (user: number) =>
  `/partnerUser/${user}/modules/assignment/deal/assignmentId/201/location/pass?offerId=101`;

async function getPage(
  token: string,
  url: string,
  app: FastifyInstance = t.app,
): Promise<AssignmentResponse> {
  const res = await api(app, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The contract's own encoding of the answer, as the route sent it before render.ts. */
const contractText = (body: unknown) => JSON.stringify(assignmentResponse.encode(body as AssignmentResponse));

describe('assignment text', () => {
  const page = (type: 'offer' | 'deal' | 'venue' | 'product', assignmentId: number) =>
    ({ by: 'page', type, assignmentId, location: 'pass' }) as const;
  const holder = {
    offerId: 101,
    partnerUserId: 1001,
    unregisteredVenueId: null,
    dealId: null,
    location: null,
  };
  const requests: Array<[string, AssignmentRequest]> = [
    ['Experiences', { ...holder, lookup: page('offer', 101) }],
    [
      'Experiences with a location',
      { ...holder, lookup: page('offer', 101), location: { latitude: 43.07, longitude: -87.9 } },
    ],
    ['a deal page', { ...holder, lookup: page('deal', 201) }],
    ['a venue page in a deal', { ...holder, lookup: page('venue', 301), dealId: 201 }],
    ['a product page', { ...holder, lookup: page('product', 504) }],
    ['Rewards (live stock)', { ...holder, offerId: 102, lookup: page('offer', 102) }],
    ['a module assignment by id', { ...holder, lookup: { by: 'id', id: 3901 } }],
    ['a preview (no holder)', { ...holder, partnerUserId: null, lookup: page('product', 504) }],
    [
      'an unregistered link (no offer)',
      { ...holder, offerId: null, partnerUserId: null, unregisteredVenueId: 301, lookup: page('venue', 301) },
    ],
  ];

  it.each(requests)('is the contract encoding of the same answer: %s', async (_name, request) => {
    const pages = new AssignmentPageCache();
    // Twice: the second time from the kept page and its texts.
    for (let round = 0; round < 2; round++) {
      const loaded = await loadAssignment(t.database.db, request, pages);
      const expected = contractText(assembleAssignment(loaded.page, loaded.live, loaded.request));
      expect(renderAssignment(loaded)).toBe(expected);
    }
  });

  it('is what the route sends, as JSON', async () => {
    const res = await api(t.app, 'GET', dealPage(1001), TOKENS.avaBrew);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(contractText(res.json()));
  });
});

describe('assignment pages kept per server', () => {
  it('show a re-import on the next call, on this instance and on a second one', async () => {
    const name = (page: AssignmentResponse) => page.data.products.find((p) => p.id === 504)?.name;
    const before = await getPage(TOKENS.avaBrew, dealPage(1001));
    expect(name(before)).toBeDefined();
    await getPage(TOKENS.avaBrew, dealPage(1001), second.app);

    await reimportDemo(t, (doc) => {
      const product = doc.products.find((p) => p.id === 504);
      if (!product) throw new Error('the demo file changed');
      product.name = 'Renamed flight';
    });
    for (const app of [t.app, second.app]) {
      expect(name(await getPage(TOKENS.avaBrew, dealPage(1001), app))).toBe('Renamed flight');
    }
    await reimportDemo(t, () => {});
    for (const app of [t.app, second.app]) {
      expect(name(await getPage(TOKENS.avaBrew, dealPage(1001), app))).toBe(name(before));
    }
  });

  it('show the stored reward stock as it is now', async () => {
    const stock = (page: AssignmentResponse) =>
      page.data.rewardItems.find((r) => r.id === 1211)?.ticketsAvailable;
    expect(stock(await getPage(TOKENS.avaRewards, REWARDS_PAGE))).toEqual({ 0: 8 });
    await t.database.db
      .update(reward_items)
      .set({ tickets_available: { 0: 7 } })
      .where(eq(reward_items.id, 1211));
    try {
      expect(stock(await getPage(TOKENS.avaRewards, REWARDS_PAGE))).toEqual({ 0: 7 });
      expect(stock(await getPage(TOKENS.avaRewards, REWARDS_PAGE, second.app))).toEqual({ 0: 7 });
    } finally {
      await t.database.db
        .update(reward_items)
        .set({ tickets_available: { 0: 8 } })
        .where(eq(reward_items.id, 1211));
    }
  });

  it("show the holder's redemption at once, and only to that holder", async () => {
    const open = await firstOpenOrderProduct(t.database, { partnerUserId: 1001, offerId: 101, dealId: 201 });
    const counts = (page: AssignmentResponse) => {
      const product = page.data.products.find((p) => p.id === open.productId);
      return [product?.redeemedCount, product?.unRedeemedCount];
    };
    const ava = counts(await getPage(TOKENS.avaBrew, dealPage(1001)));
    const noah = counts(await getPage(TOKENS.noahEmpty, dealPage(1003)));
    expect(noah).toEqual([0, 0]);
    expect(ava[1]).toBeGreaterThan(0);

    await t.database.db
      .update(order_products)
      .set({ redeemed: new Date() })
      .where(eq(order_products.id, open.id));
    for (const app of [t.app, second.app]) {
      expect(counts(await getPage(TOKENS.avaBrew, dealPage(1001), app))).toEqual([
        (ava[0] ?? 0) + 1,
        (ava[1] ?? 0) - 1,
      ]);
      // Noah reads the same kept page, with his own (empty) counts.
      expect(counts(await getPage(TOKENS.noahEmpty, dealPage(1003), app))).toEqual([0, 0]);
    }
  });
});
