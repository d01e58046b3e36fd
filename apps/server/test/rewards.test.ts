import { rewardsResponse } from '@trailpass/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { order_items, orders } from '../src/db/schema';
import { dumpDatabase } from './db/fixtures';
import { api, createTestApp, expectError, expectOk, type TestApp, TOKENS } from './helpers';

// Demo (demo/README.md, rewardItems): offer 101's deal 201 has 1201 tee ({1301: 5, 1302: 0 (M sold out),
// 1303: null}), 1202 growler ({0: 12}), 1203 pint glasses (no map), 1204 sampler ({0: null}), 1205 tour
// ({0: 4}) and 1206 hoodie; deal 202 has 1207, deal 203 1208 and 1209. Points offer 102 has 1210-1214
// (deal_id null; 1214 towel {0: 0}, sold out). Harper's offer 103 has none.
const NOW = new Date('2026-06-01T12:00:00.000Z');
const MINUTE = 60_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});

afterAll(async () => {
  await t?.close();
});

type Res = Awaited<ReturnType<typeof api>>;

const rewards = (token: string, user: number | string, query: string) =>
  api(t.app, 'GET', `/partnerUser/${user}/rewards?${query}`, token);

/** A 200 whose body also passes the contract's schema. */
const ok = (res: Res) => rewardsResponse.parse(expectOk(res));

const ticketsOf = (body: ReturnType<typeof ok>, id: number) =>
  body.rewardItems.find((item) => item.id === id)?.ticketsAvailable;

describe('GET /partnerUser/{id}/rewards (the Rewards page catalogue)', () => {
  it('lists the first gamified deal’s items by name on a gamified offer (deal 201 for Ava)', async () => {
    const body = ok(await rewards(TOKENS.avaBrew, 1001, 'offerId=101'));
    expect(body.deal_id).toBe(201);
    expect(body.rewardItems.map((item) => [item.id, item.name])).toEqual([
      [1201, 'Brew Trail Tee'],
      [1205, 'Brewmaster’s Backstage Tour'],
      [1204, 'Cider & Coffee Sampler'],
      [1202, 'Growler Fill at Anchor & Oar'],
      [1203, 'Lakeshore Pint Glass Set'],
      [1206, 'Lakeshore Trail Hoodie'],
    ]);
    expect(ticketsOf(body, 1201)).toEqual({ 1301: 5, 1302: 0, 1303: null });
    expect(ticketsOf(body, 1203)).toBeNull();
    // The pickup venues of the growler (301) and the pint glasses (302), for ClaimReward's address.
    expect(body.venues.map((venue) => [venue.id, venue.name])).toEqual([
      [301, 'Anchor & Oar Brewing'],
      [302, 'Driftwood Brewing Co.'],
    ]);
    expect(body.venues[0]?.address).toEqual(expect.any(String));
    const tee = body.rewardItems[0];
    expect(tee?.attributes.map((attribute) => attribute.id)).toEqual([1301, 1302, 1303]);
    expect(tee?.media.length).toBeGreaterThan(0);
  });

  it('lists the deal named by dealId', async () => {
    const expired = ok(await rewards(TOKENS.avaBrew, 1001, 'offerId=101&dealId=202'));
    expect(expired.deal_id).toBe(202);
    expect(expired.rewardItems.map((item) => item.id)).toEqual([1207]);
    const coffee = ok(await rewards(TOKENS.avaBrew, 1001, 'offerId=101&dealId=203'));
    expect(coffee.rewardItems.map((item) => item.name)).toEqual(['Coffee Crawl Mug', 'Coffee Crawl Tote']);
  });

  it('lists a points offer’s own items (deal_id null), whatever deal the page names', async () => {
    const body = ok(await rewards(TOKENS.avaRewards, 1001, 'offerId=102'));
    expect(body.deal_id).toBeNull();
    expect(body.rewardItems.map((item) => item.id)).toEqual([1210, 1213, 1214, 1212, 1211]);
    expect(body.rewardItems.every((item) => item.deal_id === null)).toBe(true);
    expect(ticketsOf(body, 1214)).toEqual({ 0: 0 });
    expect(ok(await rewards(TOKENS.avaRewards, 1001, 'offerId=102&dealId=204'))).toEqual(body);
  });

  it('is empty when the deal has no reward items (Harper)', async () => {
    expect(ok(await rewards(TOKENS.harperCheckin, 1004, 'offerId=103'))).toEqual({
      deal_id: 205,
      rewardItems: [],
      venues: [],
    });
  });

  it('maps each item exactly as the assignments API does', async () => {
    const assignment = await api(
      t.app,
      'GET',
      '/partnerUser/1001/modules/assignment/offer/assignmentId/102/location/pass?offerId=102',
      TOKENS.avaRewards,
    );
    expect(assignment.statusCode, assignment.body).toBe(200);
    const fromAssignment = new Map(
      (assignment.json().data.rewardItems as Array<{ id: number }>).map((item) => [item.id, item]),
    );
    const body = ok(await rewards(TOKENS.avaRewards, 1001, 'offerId=102'));
    expect(fromAssignment.size).toBe(body.rewardItems.length);
    for (const item of body.rewardItems) expect(item).toEqual(fromAssignment.get(item.id));
  });
});

describe('rewards: tickets left after the live cart holds', () => {
  const holdIds: number[] = [];

  /** A draft order (Sam's, 1002, unless `user` says) holding one reward item, its hold ending `minutes` from now. */
  async function hold(
    rewardItemId: number,
    offerId: number,
    minutes: number,
    attributeId: number | null = null,
    user = 1002,
  ) {
    const db = t.database.db;
    const [order] = await db
      .insert(orders)
      .values({
        offer_id: offerId,
        partner_user_id: user,
        status: 'draft',
        expires_at: new Date(NOW.getTime() + minutes * MINUTE),
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('no order');
    holdIds.push(order.id);
    await db.insert(order_items).values({
      order_id: order.id,
      type: 'product',
      name: 'held',
      reward_item_id: rewardItemId,
      parent_id: rewardItemId,
      parent_type: 'product',
      attribute_id: attributeId,
      attribute: attributeId === null ? null : { id: attributeId, name: 'S', retail_price: 20 },
      delivery_method: 'picked_up',
    });
  }

  afterEach(async () => {
    const db = t.database.db;
    if (holdIds.length === 0) return;
    await db.delete(order_items).where(inArray(order_items.order_id, holdIds));
    await db.delete(orders).where(inArray(orders.id, holdIds.splice(0)));
  });

  it('lowers the count by each live hold, per option, never below 0', async () => {
    await hold(1202, 101, 5);
    await hold(1202, 101, 9);
    await hold(1201, 101, 5, 1301);
    await hold(1201, 101, 5, 1302);
    const body = ok(await rewards(TOKENS.avaBrew, 1001, 'offerId=101'));
    expect(ticketsOf(body, 1202)).toEqual({ 0: 10 });
    expect(ticketsOf(body, 1201)).toEqual({ 1301: 4, 1302: 0, 1303: null });
  });

  it('counts the holder’s own hold too, and a hold on a sold-out item leaves it at 0', async () => {
    await hold(1214, 102, 5);
    await hold(1211, 102, 5, null, 1001); // Ava's own bag
    const body = ok(await rewards(TOKENS.avaRewards, 1001, 'offerId=102'));
    expect(ticketsOf(body, 1214)).toEqual({ 0: 0 });
    expect(ticketsOf(body, 1211)).toEqual({ 0: 7 });
  });

  it('ignores a hold that has run out', async () => {
    await hold(1202, 101, -1);
    await hold(1211, 102, 0);
    expect(ticketsOf(ok(await rewards(TOKENS.avaBrew, 1001, 'offerId=101')), 1202)).toEqual({ 0: 12 });
    expect(ticketsOf(ok(await rewards(TOKENS.avaRewards, 1001, 'offerId=102')), 1211)).toEqual({
      0: 8,
    });
  });
});

describe('rewards: who may ask, and bad input', () => {
  it('answers 404 for a deal that is not a gamified deal of the offer, another offer or another user', async () => {
    const messages = new Set<string>();
    for (const [token, user, query] of [
      [TOKENS.avaBrew, 1001, 'offerId=101&dealId=204'],
      [TOKENS.avaBrew, 1001, 'offerId=101&dealId=207'], // offer 101's deal without points
      [TOKENS.avaBrew, 1001, 'offerId=101&dealId=999999'],
      [TOKENS.avaRewards, 1001, 'offerId=102&dealId=201'],
      [TOKENS.avaBrew, 1001, 'offerId=102'],
      [TOKENS.avaBrew, 1002, 'offerId=101'],
      [TOKENS.harperCheckin, 1001, 'offerId=101'],
      [TOKENS.guestBrew, 1001, 'offerId=101'],
    ] as const) {
      messages.add(expectError(await rewards(token, user, query), 404, 'not_found').message);
    }
    expect(messages.size).toBe(1);
  });

  it('answers 403 in preview and on an unregistered link, 401 without a known token', async () => {
    expectError(await rewards(TOKENS.previewProduct, 1001, 'offerId=101'), 403, 'forbidden');
    expectError(await rewards(TOKENS.previewVenue, 1001, 'offerId=101&dealId=201'), 403, 'forbidden');
    expectError(await rewards(TOKENS.unregVenue301, 1001, 'offerId=101'), 403, 'forbidden');
    expectError(await rewards('no-such-token', 1001, 'offerId=101'), 401, 'unauthorized');
  });

  it('answers 400 for missing or malformed ids and unknown parameters', async () => {
    expect(expectError(await rewards(TOKENS.avaBrew, 1001, ''), 400, 'invalid_input').fields).toHaveProperty(
      'offerId',
    );
    for (const query of ['offerId=x', 'offerId=101&dealId=0', 'offerId=101&dealId=2.5']) {
      expectError(await rewards(TOKENS.avaBrew, 1001, query), 400, 'invalid_input');
    }
    expect(
      expectError(await rewards(TOKENS.avaBrew, 1001, 'offerId=101&sort=name'), 400, 'invalid_input').fields,
    ).toEqual({ sort: 'Unknown field.' });
  });

  it('changes nothing', async () => {
    const before = await dumpDatabase(t.database.db);
    await rewards(TOKENS.avaBrew, 1001, 'offerId=101');
    await rewards(TOKENS.avaRewards, 1001, 'offerId=102');
    await rewards(TOKENS.avaBrew, 1002, 'offerId=101');
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });
});
