import { type DataResponse, dataResponse } from '@trailpass/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, offers, order_products, orders, points_ledger } from '../src/db/schema';
import { hashToken } from '../src/db/tokens';
import { loadOfferContent } from '../src/modules/data/offer-content';
import { findHolderRow } from '../src/modules/data/repository';
import { assembleData, holderView, renderData } from '../src/modules/data/service';
import { findSessionByTokenHash } from '../src/modules/sessions/repository';
import {
  api,
  createTestApp,
  firstOpenOrderProduct,
  passHeaders,
  reimportDemo,
  type SecondInstance,
  startSecondInstance,
  type TestApp,
  TOKENS,
} from './helpers';

/**
 * GET /data keeps each offer's content per server (decision 0023). These tests hold it to: the same bytes
 * as the contract's own encoding; a re-import (or any write to the offer row) seen on the next request, by
 * this instance and by a second one on the same database; the holder's own changes seen at once; and one
 * holder's data never in another's answer.
 */

const NOW = new Date();
let t: TestApp;
let second: SecondInstance;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  second = await startSecondInstance(t, { rateLimit: { apiPerMinute: 10_000 }, now: NOW });
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

async function getData(token: string, app: FastifyInstance = t.app): Promise<DataResponse> {
  const res = await api(app, 'GET', '/data', token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return dataResponse.parse(res.json());
}

describe('GET /data text', () => {
  it('is byte for byte the contract encoding of the same answer, for every kind of session', async () => {
    for (const token of Object.values(TOKENS)) {
      const res = await api(t.app, 'GET', '/data', token);
      expect(res.statusCode, res.body).toBe(200);
      const session = await findSessionByTokenHash(t.database.db, hashToken(token));
      if (!session || session.offerId === null || session.isUnregisteredLink) {
        // Sessions without an offer are answered by the plain serialiser.
        expect(res.body).toBe(JSON.stringify(dataResponse.encode(res.json())));
        continue;
      }
      const content = await loadOfferContent(t.database.db, session.offerId);
      const row = await findHolderRow(t.database.db, session.offerId, session.partnerUserId);
      if (!content || !row) throw new Error(`no content for ${token}`);
      const view = holderView(content, row, session, NOW);
      const expected = JSON.stringify(dataResponse.encode(assembleData(content, view, session)));
      // Twice: the second rendering comes from the kept texts of simple values.
      expect(renderData(content, view, session)).toBe(expected);
      expect(renderData(content, view, session)).toBe(expected);
      expect(res.body).toBe(expected);
    }
  });
});

describe('GET /data after a re-import', () => {
  it('shows the new offer content on the next call, on this instance and on a second one', async () => {
    // Both instances have the offer's content kept.
    expect((await getData(TOKENS.avaBrew)).offer?.name).toBe('Lakeshore Brew Trail');
    expect((await getData(TOKENS.avaBrew, second.app)).offer?.name).toBe('Lakeshore Brew Trail');

    await reimportDemo(t, (doc) => {
      const offer = doc.offers.find((o) => o.id === 101);
      const product = doc.products.find((p) => p.id === 504);
      const deal = doc.deals.find((d) => d.id === 201);
      if (!offer || !product || !deal) throw new Error('the demo file changed');
      offer.name = 'Lakeshore Brew Trail 2027';
      product.name = 'Renamed flight';
      deal.description = 'A new description';
    });

    for (const app of [t.app, second.app]) {
      const data = await getData(TOKENS.avaBrew, app);
      expect(data.offer?.name).toBe('Lakeshore Brew Trail 2027');
      expect(data.products.find((p) => p.id === 504)?.name).toBe('Renamed flight');
      expect(data.deals.find((d) => d.id === 201)?.description).toBe('A new description');
      // The holder's part is read as before.
      expect(data.partner_user?.id).toBe(1001);
      expect(data.current_points).toBe(205);
    }

    // Back to the demo as it was, for the other tests of this file.
    await reimportDemo(t, () => {});
    expect((await getData(TOKENS.avaBrew)).offer?.name).toBe('Lakeshore Brew Trail');
    expect((await getData(TOKENS.avaBrew, second.app)).offer?.name).toBe('Lakeshore Brew Trail');
  });

  it('shows a direct change of the offer row on the next call', async () => {
    await getData(TOKENS.avaBrew);
    await t.database.db.update(offers).set({ support_text: 'Call us' }).where(eq(offers.id, 101));
    try {
      expect((await getData(TOKENS.avaBrew)).offer?.support_text).toBe('Call us');
      expect((await getData(TOKENS.avaBrew, second.app)).offer?.support_text).toBe('Call us');
    } finally {
      const [row] = await t.database.db.select().from(offers).where(eq(offers.id, 101));
      expect(row?.support_text).toBe('Call us');
      await reimportDemo(t, () => {});
    }
  });
});

describe("GET /data and the holder's own changes", () => {
  it('shows new points, a read message and a redeemed product at once', async () => {
    const before = await getData(TOKENS.avaBrew);
    expect(before.current_points).toBe(205);
    expect(before.messageCounts.unread).toBe(2);

    await t.database.db.insert(points_ledger).values({
      partner_user_id: 1001,
      offer_id: 101,
      deal_id: 201,
      reason_text: 'bonus',
      points: 50,
      balance: 255,
      value_date: NOW,
    });
    const [unread] = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.partner_user_id, 1001), eq(messages.offer_id, 101), isNull(messages.read_at)))
      .orderBy(asc(messages.id))
      .limit(1);
    await t.database.db
      .update(messages)
      .set({ read_at: NOW })
      .where(eq(messages.id, unread?.id ?? -1));
    const open = await firstOpenOrderProduct(t.database, { partnerUserId: 1001, offerId: 101 });
    await t.database.db.update(order_products).set({ redeemed: NOW }).where(eq(order_products.id, open.id));

    for (const app of [t.app, second.app]) {
      const after = await getData(TOKENS.avaBrew, app);
      expect(after.current_points).toBe(255);
      expect(after.deals.find((d) => d.id === 201)?.current_points).toBe(255);
      expect(after.messageCounts.unread).toBe(1);
      expect(after.order_products.find((op) => op.id === open.id)?.redeemed).toBe(NOW.toISOString());
      const counts = (data: DataResponse) => data.products.find((p) => p.id === open.productId);
      expect(counts(after)?.redeemedCount).toBe((counts(before)?.redeemedCount ?? 0) + 1);
      expect(counts(after)?.unRedeemedCount).toBe((counts(before)?.unRedeemedCount ?? 0) - 1);
    }
  });
});

describe('GET /data keeps holders apart', () => {
  it("never shows one holder's user, orders, points or counts in another's answer", async () => {
    // Interleaved on one offer (101), so every answer is built from the same kept content.
    const answers = new Map<string, DataResponse>();
    for (let round = 0; round < 2; round++) {
      for (const token of [TOKENS.avaBrew, TOKENS.samStaff, TOKENS.noahEmpty, TOKENS.guestBrew]) {
        const data = await getData(token, round === 0 ? t.app : second.app);
        const earlier = answers.get(token);
        if (earlier) expect(data).toEqual(earlier);
        answers.set(token, data);
      }
    }
    const ava = answers.get(TOKENS.avaBrew);
    const sam = answers.get(TOKENS.samStaff);
    const noah = answers.get(TOKENS.noahEmpty);
    const guest = answers.get(TOKENS.guestBrew);
    expect(ava?.partner_user?.id).toBe(1001);
    expect(sam?.partner_user?.id).toBe(1002);
    expect(noah?.partner_user?.id).toBe(1003);
    expect(guest?.partner_user).toBeNull();
    expect(sam?.internal_staff).toBe(true);
    expect(ava?.internal_staff).toBe(false);

    // Noah has nothing of his own: no orders, points or redemption counts, whoever asked before him.
    expect(noah?.order_deals).toEqual([]);
    expect(noah?.order_products).toEqual([]);
    expect(noah?.current_points).toBe(0);
    expect(noah?.deals.every((d) => d.order_deals.length === 0 && d.current_points === 0)).toBe(true);
    expect(noah?.products.every((p) => p.redeemedCount === 0 && p.unRedeemedCount === 0)).toBe(true);
    expect(guest?.order_products).toEqual([]);
    expect(guest?.messageLists.every((l) => l.subscribed === 0)).toBe(true);

    // Ava's and Sam's orders are their own.
    const orderIds = (data: DataResponse | undefined) => new Set(data?.order_deals.map((od) => od.order_id));
    const avaOrders = orderIds(ava);
    expect(avaOrders.size).toBeGreaterThan(0);
    for (const id of orderIds(sam)) expect(avaOrders.has(id)).toBe(false);
    const owners = await t.database.db
      .select({ id: orders.id, user: orders.partner_user_id })
      .from(orders)
      .where(sql`${orders.id} in ${[...avaOrders, ...orderIds(sam)]}`);
    for (const owner of owners) {
      expect(avaOrders.has(owner.id) ? 1001 : 1002).toBe(owner.user);
    }
    // And the shared offer content is the same for all of them.
    expect(sam?.offer).toEqual(ava?.offer);
    expect(noah?.products.map((p) => p.name)).toEqual(ava?.products.map((p) => p.name));
  });
});

describe('GET /data headers', () => {
  it('keeps no-store and compresses the pre-encoded text', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pass/api/data',
      headers: { ...passHeaders(TOKENS.avaBrew), 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
