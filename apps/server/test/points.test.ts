import { pointsCurrent, pointsHistory } from '@trailpass/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_items } from '../src/db/schema';
import { choosePointsDeal } from '../src/modules/points/service';
import { dumpDatabase } from './db/fixtures';
import { api, createTestApp, expectError, expectOk, type TestApp, TOKENS } from './helpers';

// Demo (demo/README.md, pointsLedger): Ava (1001) on gamified offer 101 has deal 201 (9 entries, balance
// 205, all expiring 45 days after import), 202 (expired: 40 + 25 - 65 = 0) and 203 (30 - 30 = 0); on
// points offer 102 deal 204 (1200, next expiry 50 points in 15 days). Harper (1004) on offer 103 has no
// entries on deal 205. Deal 207 of offer 101 does not use points.
const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});

afterAll(async () => {
  await t?.close();
});

const current = (token: string, user: number | string, query: string) =>
  api(t.app, 'GET', `/partnerUser/${user}/points/current?${query}`, token);
const history = (token: string, user: number | string, query: string) =>
  api(t.app, 'GET', `/partnerUser/${user}/points/history?${query}`, token);

describe('GET /partnerUser/{id}/points/current (spec 7, Points current)', () => {
  it('answers the headline deal of a gamified offer: Ava’s 205 points on deal 201, all expiring in 45 days', async () => {
    const body = pointsCurrent.parse(expectOk(await current(TOKENS.avaBrew, 1001, 'offerId=101')));
    expect(body).toEqual({
      deal_id: 201,
      current_points: 205,
      next_points_expiration: { date: at(45 * DAY), points: 205 },
    });
  });

  it('answers the deal named by dealId: an expired history and a spent one read 0 with no expiry', async () => {
    expect(expectOk(await current(TOKENS.avaBrew, 1001, 'offerId=101&dealId=202'))).toEqual({
      deal_id: 202,
      current_points: 0,
      next_points_expiration: null,
    });
    expect(expectOk(await current(TOKENS.avaBrew, 1001, 'offerId=101&dealId=203'))).toEqual({
      deal_id: 203,
      current_points: 0,
      next_points_expiration: null,
    });
    expect(expectOk(await current(TOKENS.avaBrew, 1001, 'offerId=101&dealId=201')).current_points).toBe(205);
  });

  it('works first in, first out on a points offer: 1200 points, 50 of them expiring in 15 days', async () => {
    const expected = {
      deal_id: 204,
      current_points: 1200,
      next_points_expiration: { date: at(15 * DAY), points: 50 },
    };
    expect(expectOk(await current(TOKENS.avaRewards, 1001, 'offerId=102'))).toEqual(expected);
    expect(expectOk(await current(TOKENS.avaRewards, 1001, 'offerId=102&dealId=204'))).toEqual(expected);
  });

  it('answers 0 for a holder without entries (Harper on deal 205)', async () => {
    expect(expectOk(await current(TOKENS.harperCheckin, 1004, 'offerId=103'))).toEqual({
      deal_id: 205,
      current_points: 0,
      next_points_expiration: null,
    });
  });

  it('agrees with GET /data', async () => {
    for (const [token, offerId] of [
      [TOKENS.avaBrew, 101],
      [TOKENS.avaRewards, 102],
      [TOKENS.harperCheckin, 103],
      [TOKENS.samStaff, 101],
    ] as const) {
      const data = expectOk(await api(t.app, 'GET', '/data', token));
      const userId = data.partner_user.id as number;
      const points = expectOk(await current(token, userId, `offerId=${offerId}`));
      expect(points.current_points).toBe(data.current_points);
      expect(points.next_points_expiration).toEqual(data.next_points_expiration);
      for (const deal of data.deals.filter((d: { use_points: boolean }) => d.use_points)) {
        const byDeal = expectOk(await current(token, userId, `offerId=${offerId}&dealId=${deal.id}`));
        expect(byDeal).toEqual({
          deal_id: deal.id,
          current_points: deal.current_points,
          next_points_expiration: deal.next_points_expiration,
        });
      }
    }
  });
});

describe('GET /partnerUser/{id}/points/history (spec 7, Points history)', () => {
  it('lists deal 201 newest first with stored balances and the redeemed items’ state', async () => {
    const body = pointsHistory.parse(expectOk(await history(TOKENS.avaBrew, 1001, 'offerId=101')));
    expect(body).toMatchObject({ deal_id: 201, page: 1, display: 1_000_000, total: 9 });
    expect(body.data.map((entry) => entry.id)).toEqual([
      9609, 9608, 9607, 9606, 9605, 9604, 9603, 9602, 9601,
    ]);
    expect(body.data.map((entry) => entry.balance)).toEqual([205, 185, 265, 205, 105, 55, 175, 100, 200]);
    expect(body.data[0]).toEqual({
      id: 9609,
      deal_id: 201,
      reason_text: 'pint night visit at Driftwood Brewing Co.',
      points: 20,
      balance: 205,
      value_date: at(-3 * HOUR),
      order_id: null,
      redeemed: null,
    });
    // The growler: claimed two days ago, not yet picked up (the Pending Pickup link needs order 9011).
    expect(body.data[1]).toMatchObject({
      id: 9608,
      points: -80,
      order_id: 9011,
      redeemed: { id: 9412, completed: null, delivery_method: 'picked_up' },
    });
    // The pint glasses, shipped 22 days ago.
    expect(body.data[7]).toMatchObject({
      id: 9602,
      order_id: 9006,
      redeemed: { id: 9407, completed: at(-22 * DAY), delivery_method: 'shipped' },
    });
  });

  it('lists the deal named by dealId, and a points offer’s single history', async () => {
    const expired = expectOk(await history(TOKENS.avaBrew, 1001, 'offerId=101&dealId=202'));
    expect(expired.deal_id).toBe(202);
    expect(expired.data.map((entry: { id: number }) => entry.id)).toEqual([9612, 9611, 9610]);
    expect(expired.data.map((entry: { balance: number }) => entry.balance)).toEqual([0, 65, 40]);

    const rewards = expectOk(await history(TOKENS.avaRewards, 1001, 'offerId=102'));
    expect(rewards).toMatchObject({ deal_id: 204, total: 8 });
    expect(rewards.data[0]).toMatchObject({ id: 9622, balance: 1200 });
    expect(rewards.data[1]).toMatchObject({
      id: 9621,
      redeemed: { id: 9410, completed: null, delivery_method: 'shipped' },
    });
  });

  it('is empty for a holder without entries', async () => {
    expect(expectOk(await history(TOKENS.harperCheckin, 1004, 'offerId=103'))).toEqual({
      data: [],
      deal_id: 205,
      page: 1,
      display: 1_000_000,
      total: 0,
    });
  });

  it('pages by page and display, counting the whole history', async () => {
    const second = expectOk(await history(TOKENS.avaBrew, 1001, 'offerId=101&page=2&display=4'));
    expect(second).toMatchObject({ deal_id: 201, page: 2, display: 4, total: 9 });
    expect(second.data.map((entry: { id: number }) => entry.id)).toEqual([9605, 9604, 9603, 9602]);
    const last = expectOk(await history(TOKENS.avaBrew, 1001, 'offerId=101&page=3&display=4'));
    expect(last.data.map((entry: { id: number }) => entry.id)).toEqual([9601]);
    const beyond = expectOk(
      await history(TOKENS.avaBrew, 1001, 'offerId=101&page=999999999&display=999999999'),
    );
    expect(beyond).toMatchObject({ data: [], total: 9, page: 999_999_999, display: 999_999_999 });
  });

  it('reads the redeemed item’s state from the order item, so it never goes stale', async () => {
    const pickedUp = new Date(NOW.getTime() - HOUR);
    await t.database.db.update(order_items).set({ completed: pickedUp }).where(eq(order_items.id, 9412));
    try {
      const body = expectOk(await history(TOKENS.avaBrew, 1001, 'offerId=101'));
      expect(body.data[1].redeemed).toEqual({
        id: 9412,
        completed: pickedUp.toISOString(),
        delivery_method: 'picked_up',
      });
    } finally {
      await t.database.db.update(order_items).set({ completed: null }).where(eq(order_items.id, 9412));
    }
  });
});

describe('points calls: who may ask, and bad input', () => {
  const both = [current, history];

  it('answer 404 for another offer’s deal, a deal without points, another offer, another user or a signed-out pass', async () => {
    const messages = new Set<string>();
    for (const call of both) {
      for (const [token, user, query] of [
        [TOKENS.avaBrew, 1001, 'offerId=101&dealId=204'], // Ava holds 102, but this pass is 101
        [TOKENS.avaBrew, 1001, 'offerId=101&dealId=205'],
        [TOKENS.avaBrew, 1001, 'offerId=101&dealId=207'], // offer 101's deal that does not use points
        [TOKENS.avaBrew, 1001, 'offerId=101&dealId=999999'],
        [TOKENS.avaRewards, 1001, 'offerId=102&dealId=201'],
        [TOKENS.avaBrew, 1001, 'offerId=102'],
        [TOKENS.avaBrew, 1002, 'offerId=101'],
        [TOKENS.samStaff, 1001, 'offerId=101'],
        [TOKENS.harperCheckin, 1001, 'offerId=101'],
        [TOKENS.guestBrew, 1001, 'offerId=101'],
      ] as const) {
        messages.add(expectError(await call(token, user, query), 404, 'not_found').message);
      }
    }
    expect(messages.size).toBe(1);
  });

  it('answer 403 in preview and on an unregistered link, 401 without a known token', async () => {
    for (const call of both) {
      expectError(await call(TOKENS.previewProduct, 1001, 'offerId=101'), 403, 'forbidden');
      expectError(await call(TOKENS.previewDealProduct, 1001, 'offerId=101&dealId=201'), 403, 'forbidden');
      expectError(await call(TOKENS.unregVenue301, 1001, 'offerId=101'), 403, 'forbidden');
      expectError(await call('no-such-token', 1001, 'offerId=101'), 401, 'unauthorized');
    }
  });

  it('answer 400 for missing or malformed ids and unknown parameters', async () => {
    for (const call of both) {
      expect(expectError(await call(TOKENS.avaBrew, 1001, ''), 400, 'invalid_input').fields).toHaveProperty(
        'offerId',
      );
      for (const query of ['offerId=abc', 'offerId=101&dealId=0', 'offerId=101&dealId=-1', 'offerId=1e3']) {
        expectError(await call(TOKENS.avaBrew, 1001, query), 400, 'invalid_input');
      }
      expect(
        expectError(await call(TOKENS.avaBrew, 1001, 'offerId=101&userId=1002'), 400, 'invalid_input').fields,
      ).toEqual({ userId: 'Unknown field.' });
      expectError(await call(TOKENS.avaBrew, 'me', 'offerId=101'), 400, 'invalid_input');
    }
    for (const query of ['page=0', 'page=-1', 'display=0', 'display=x', 'page=1.5', 'display=1000000000']) {
      const error = expectError(
        await history(TOKENS.avaBrew, 1001, `offerId=101&${query}`),
        400,
        'invalid_input',
      );
      expect(Object.keys(error.fields ?? {})).toEqual([query.split('=')[0]]);
    }
  });

  it('change nothing', async () => {
    const before = await dumpDatabase(t.database.db);
    for (const call of both) {
      await call(TOKENS.avaBrew, 1001, 'offerId=101');
      await call(TOKENS.avaBrew, 1001, 'offerId=101&dealId=202');
      await call(TOKENS.avaRewards, 1001, 'offerId=102');
      await call(TOKENS.avaBrew, 1002, 'offerId=101');
    }
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });
});

describe('choosePointsDeal', () => {
  const deal = (id: number, use_points: boolean, validUntil: string | null) => ({
    id,
    use_points,
    points_valid_until: validUntil === null ? null : new Date(validUntil),
  });

  it('takes the single points deal of a points offer, or the first gamified deal in rewards order', () => {
    const points = { offer: { id: 1, use_points: true }, deals: [deal(9, false, null), deal(4, true, null)] };
    expect(choosePointsDeal(points, undefined)?.id).toBe(4);
    const gamified = {
      offer: { id: 2, use_points: false },
      deals: [
        deal(1, true, null),
        deal(2, true, '2026-01-01T00:00:00Z'),
        deal(3, true, '2026-05-01T00:00:00Z'),
      ],
    };
    expect(choosePointsDeal(gamified, undefined)?.id).toBe(3);
    expect(choosePointsDeal(gamified, 1)?.id).toBe(1);
  });

  it('answers null for an offer without a points deal, and refuses a deal that is not a points deal', () => {
    const none = { offer: { id: 3, use_points: false }, deals: [deal(5, false, null)] };
    expect(choosePointsDeal(none, undefined)).toBeNull();
    expect(() => choosePointsDeal(none, 5)).toThrow(/not found/i);
    expect(() => choosePointsDeal(none, 6)).toThrow(/not found/i);
  });
});
