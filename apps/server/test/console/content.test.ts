import { contentPaths } from '@trailpass/contract/console';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retailPriceFor } from '../../src/console/content/service';
import { console_audit, order_items, reward_items, reward_stock_takes, venues } from '../../src/db/schema';
import { WRONG_PIN_MESSAGE } from '../../src/modules/redeem/domain';
import { api, createTestApp, type TestApp, TOKENS } from '../helpers';
import { changedIn, consoleDigest } from '../security/console-routes';
import { makeStaff, pathOf, type StaffClient, signIn } from './console-helpers';

// The demo (demo/pass-demo.json), partner 1: the Brew Trail (101, points ratio 5) has the growler fill (reward
// 1202, retail 16: 80 points, stock {"0": 12}) and the tee (1201, options S 1301, M 1302, L 1303); deal 203
// has no date. Venue 302 (Driftwood, code 1357) is the Brew Trail's only; 301 (Anchor & Oar, 4821) is also
// Northwoods' (partner 3). Ava (1001) holds check-in 9306 at Driftwood (product 502) on the Brew Trail.
const BREW = 101;
const REWARDS = 102;
const AVA = 1001;
const GROWLER = 1202;
const TEE = 1201;
const TEE_S = 1301;
const TEE_L = 1303;
const COFFEE_CRAWL = 203;
const DRIFTWOOD = 302;
const ANCHOR = 301;
const TUMBLER = 1210;

let t: TestApp;
let owner: StaffClient;
let manager: StaffClient;
let viewer: StaffClient;

beforeAll(async () => {
  t = await createTestApp();
  await makeStaff(t, 'owner@lakeshore.test', { partnerId: 1, role: 'owner' });
  await makeStaff(t, 'manager@lakeshore.test', { partnerId: 1, role: 'manager' });
  await makeStaff(t, 'viewer@lakeshore.test', { partnerId: 1, role: 'viewer' });
  owner = await signIn(t.app, 'owner@lakeshore.test');
  manager = await signIn(t.app, 'manager@lakeshore.test');
  viewer = await signIn(t.app, 'viewer@lakeshore.test');
});

afterAll(async () => {
  await t?.close();
});

const catalogue = (client: StaffClient, offerId = BREW) =>
  client.request({ method: 'GET', url: pathOf(contentPaths.catalogue, { offerId }) });
const patchReward = (client: StaffClient, rewardId: number, payload: object, offerId = BREW) =>
  client.request({ method: 'PATCH', url: pathOf(contentPaths.reward, { offerId, rewardId }), payload });
const patchDeal = (client: StaffClient, dealId: number, payload: object, offerId = BREW) =>
  client.request({ method: 'PATCH', url: pathOf(contentPaths.deal, { offerId, dealId }), payload });
const rotate = (client: StaffClient, venueId: number, payload: object = {}, offerId = BREW) =>
  client.request({ method: 'PUT', url: pathOf(contentPaths.venueCode, { offerId, venueId }), payload });
const preview = (client: StaffClient, payload: object, offerId = BREW) =>
  client.request({ method: 'POST', url: pathOf(contentPaths.previewLinks, { offerId }), payload });

async function auditOf(action: string) {
  return t.database.db.select().from(console_audit).where(eq(console_audit.action, action));
}

describe('the content catalogue', () => {
  it('lists the offer’s rewards with points prices and stock, its deals, venues and products, without codes', async () => {
    const res = await catalogue(viewer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ offerId: BREW, offerName: 'Lakeshore Brew Trail', pointsRatio: 5 });
    const tee = body.rewards.find((r: { id: number }) => r.id === TEE);
    expect(tee.pointsPrice).toBeNull();
    expect(tee.options).toEqual([
      { id: TEE_S, name: 'S', pointsPrice: 120 },
      { id: 1302, name: 'M', pointsPrice: 120 },
      { id: TEE_L, name: 'L', pointsPrice: 140 },
    ]);
    expect(tee.stock).toEqual([
      { key: String(TEE_S), option: 'S', left: 5, held: 0 },
      { key: '1302', option: 'M', left: 0, held: 0 },
      { key: String(TEE_L), option: 'L', left: null, held: 0 },
    ]);
    const growler = body.rewards.find((r: { id: number }) => r.id === GROWLER);
    expect(growler).toMatchObject({ pointsPrice: 80, options: [], stock: [{ key: '0', left: 12 }] });
    expect(body.rewards.find((r: { id: number }) => r.id === 1203).stock).toBeNull();
    expect(body.deals.find((d: { id: number }) => d.id === COFFEE_CRAWL).pointsValidUntil).toBeNull();
    expect(body.venues.map((v: { id: number }) => v.id).sort()).toEqual([301, 302, 303, 304, 308, 309]);
    expect(body.venues.find((v: { id: number }) => v.id === ANCHOR)).toMatchObject({
      hasCode: true,
      shared: true,
    });
    expect(body.venues.find((v: { id: number }) => v.id === 304)).toMatchObject({
      hasCode: false,
      shared: false,
    });
    expect(body.products.find((p: { id: number }) => p.id === 507)).toMatchObject({
      dealId: 201,
      venueId: 302,
    });
    // The check-in codes never leave the server.
    expect(res.body).not.toContain('1357');
    expect(res.body).not.toContain('4821');
  });

  it('counts the units in holders’ carts and leaves out what completed orders took', async () => {
    const db = t.database.db;
    // A completed order's take not yet folded into the stored count: the growler shows one less.
    const [item] = await db.select({ id: order_items.id }).from(order_items).limit(1);
    if (!item) throw new Error('the demo has order items');
    await db
      .insert(reward_stock_takes)
      .values({ order_item_id: item.id, reward_item_id: GROWLER, stock_key: '0' });
    try {
      const body = (await catalogue(viewer)).json();
      expect(body.rewards.find((r: { id: number }) => r.id === GROWLER).stock).toEqual([
        { key: '0', option: null, left: 11, held: 0 },
      ]);
    } finally {
      await db.delete(reward_stock_takes).where(eq(reward_stock_takes.order_item_id, item.id));
    }
  });
});

describe('a reward’s points price and stock', () => {
  it('sets the price through the offer’s ratio; the holder’s Rewards page shows it at once', async () => {
    const before = await api(
      t.app,
      'GET',
      `/partnerUser/${AVA}/rewards?offerId=${BREW}&dealId=201`,
      TOKENS.avaBrew,
    );
    expect(before.statusCode, before.body).toBe(200);
    const res = await patchReward(manager, GROWLER, { pointsPrice: 90 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: GROWLER, pointsPrice: 90 });
    const [row] = await t.database.db.select().from(reward_items).where(eq(reward_items.id, GROWLER));
    expect(row?.retail_price).toBe(18);
    const after = await api(
      t.app,
      'GET',
      `/partnerUser/${AVA}/rewards?offerId=${BREW}&dealId=201`,
      TOKENS.avaBrew,
    );
    const item = after.json().rewardItems.find((r: { id: number }) => r.id === GROWLER);
    expect(Number(item.retail_price)).toBe(18);

    const [audit] = await auditOf('content.reward.update');
    expect(audit).toMatchObject({
      staff_email: 'manager@lakeshore.test',
      offer_id: BREW,
      object_id: String(GROWLER),
    });
    expect(audit?.before).toMatchObject({ pointsPrice: 80 });
    expect(audit?.after).toMatchObject({ pointsPrice: 90 });
  });

  it('prices options one by one and replaces the stock as a whole, folding pending takes', async () => {
    const res = await patchReward(owner, TEE, {
      options: [{ id: TEE_L, pointsPrice: 150 }],
      stock: [
        { key: String(TEE_S), left: 2 },
        { key: String(TEE_L), left: 7 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const tee = res.json();
    expect(tee.options.find((o: { id: number }) => o.id === TEE_L).pointsPrice).toBe(150);
    expect(tee.stock).toEqual([
      { key: String(TEE_S), option: 'S', left: 2, held: 0 },
      { key: String(TEE_L), option: 'L', left: 7, held: 0 },
    ]);
    const [row] = await t.database.db.select().from(reward_items).where(eq(reward_items.id, TEE));
    expect(row?.tickets_available).toEqual({ [TEE_S]: 2, [TEE_L]: 7 });

    const unlimited = await patchReward(owner, TEE, { stock: null });
    expect(unlimited.statusCode, unlimited.body).toBe(200);
    expect(unlimited.json().stock).toBeNull();
  });

  it('refuses a bad change whole: nothing of the request is written', async () => {
    const cases: Array<[number, object, string]> = [
      [TEE, { pointsPrice: 100 }, 'pointsPrice'],
      [TEE, { options: [{ id: 1304, pointsPrice: 100 }] }, 'options.0.id'],
      [
        TEE,
        {
          options: [
            { id: TEE_S, pointsPrice: 100 },
            { id: TEE_S, pointsPrice: 110 },
          ],
        },
        'options.1.id',
      ],
      // A valid price with a bad stock key: the price is not kept either.
      [GROWLER, { pointsPrice: 95, stock: [{ key: '1301', left: 1 }] }, 'stock.0.key'],
      [
        GROWLER,
        {
          pointsPrice: 95,
          stock: [
            { key: '0', left: 1 },
            { key: '0', left: 2 },
          ],
        },
        'stock.1.key',
      ],
    ];
    for (const [rewardId, payload, field] of cases) {
      const before = await consoleDigest(t.database.db);
      const res = await patchReward(owner, rewardId, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect(changedIn(before, await consoleDigest(t.database.db))).toEqual([]);
    }
    for (const payload of [
      {},
      { pointsPrice: -1 },
      { pointsPrice: 1.5 },
      { stock: [{ key: 'x', left: 1 }] },
    ]) {
      const res = await patchReward(owner, GROWLER, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
    }
  });

  it('finds only the offer’s own rewards, and lets a viewer change nothing', async () => {
    expect((await patchReward(owner, TUMBLER, { pointsPrice: 10 })).statusCode).toBe(404);
    expect((await patchReward(owner, TUMBLER, { pointsPrice: 460 }, REWARDS)).statusCode).toBe(200);
    expect((await patchReward(viewer, GROWLER, { pointsPrice: 10 })).statusCode).toBe(403);
  });

  it('turns points into whole cents, or names the nearest prices that can be', () => {
    expect(retailPriceFor(90, 5)).toEqual({ price: '18.00' });
    expect(retailPriceFor(1001, 10)).toEqual({ price: '100.10' });
    expect(retailPriceFor(7, null)).toEqual({ price: '7.00' });
    expect(retailPriceFor(100, 3)).toEqual({ price: '33.33' });
    expect(retailPriceFor(1000, 300)).toEqual({ nearest: [999, 1002] });
  });
});

describe('a deal’s date', () => {
  it('changes the date the holder’s app reads, through the cached offer content', async () => {
    const dealOf = async () => {
      const res = await api(t.app, 'GET', '/data', TOKENS.avaBrew);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().deals.find((d: { id: number }) => d.id === COFFEE_CRAWL);
    };
    expect((await dealOf()).points_valid_until).toBeNull();
    const res = await patchDeal(manager, COFFEE_CRAWL, { pointsValidUntil: '2031-03-01T12:00:00+01:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: COFFEE_CRAWL,
      name: 'Lakeshore Coffee Crawl',
      usePoints: true,
      pointsValidUntil: '2031-03-01T11:00:00.000Z',
    });
    expect(new Date((await dealOf()).points_valid_until).toISOString()).toBe('2031-03-01T11:00:00.000Z');
    const [audit] = await auditOf('content.deal.update');
    expect(audit?.before).toEqual({ pointsValidUntil: null });

    expect(
      (await patchDeal(manager, COFFEE_CRAWL, { pointsValidUntil: null })).json().pointsValidUntil,
    ).toBeNull();
    expect((await patchDeal(manager, COFFEE_CRAWL, { pointsValidUntil: 'soon' })).statusCode).toBe(400);
    expect((await patchDeal(manager, 204, { pointsValidUntil: null })).statusCode).toBe(404);
  });
});

describe('a venue’s check-in code', () => {
  const checkIn = (pinNumber: string) =>
    api(t.app, 'POST', `/partnerUser/${AVA}/checkIn`, TOKENS.avaBrew, {
      payload: { partnerUserId: AVA, orderProductIds: [9306], pinNumber },
    });

  it('rotates: the old code is refused at once, the new one checks in', async () => {
    const res = await rotate(manager, DRIFTWOOD);
    expect(res.statusCode, res.body).toBe(200);
    const { code } = res.json();
    expect(code).toMatch(/^[0-9]{4}$/);
    expect(code).not.toBe('1357');
    const [venue] = await t.database.db.select().from(venues).where(eq(venues.id, DRIFTWOOD));
    expect(venue?.pin).toBe(code);

    const old = await checkIn('1357');
    expect(old.statusCode, old.body).toBe(422);
    expect(old.json().error.message).toBe(WRONG_PIN_MESSAGE);
    const fresh = await checkIn(code);
    expect(fresh.statusCode, fresh.body).toBe(200);

    const [audit] = await auditOf('content.venue.code');
    expect(audit).toMatchObject({ object_type: 'venue', object_id: String(DRIFTWOOD) });
    // The audit row never holds a code.
    expect(JSON.stringify([audit?.before, audit?.after])).not.toMatch(/[0-9]{4}/);
  });

  it('takes a code the staff chose, but not the current one', async () => {
    const chosen = await rotate(owner, DRIFTWOOD, { code: '0042' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().code).toBe('0042');
    const same = await rotate(owner, DRIFTWOOD, { code: '0042' });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.code).toHaveLength(1);
    expect((await rotate(owner, DRIFTWOOD, { code: '42' })).statusCode).toBe(400);
  });

  it('leaves a venue another partner shares to a provider admin, and others’ venues alone', async () => {
    const shared = await rotate(owner, ANCHOR);
    expect(shared.statusCode, shared.body).toBe(409);
    expect(shared.json().message).toContain('Anchor & Oar Brewing');
    const [venue] = await t.database.db.select().from(venues).where(eq(venues.id, ANCHOR));
    expect(venue?.pin).toBe('4821');
    // Venue 305 is the Harbor Check-In Pass's (partner 942).
    expect((await rotate(owner, 305)).statusCode).toBe(404);
    expect((await rotate(viewer, DRIFTWOOD)).statusCode).toBe(403);

    await makeStaff(t, 'admin@trailpass.test', 'provider_admin');
    const admin = await signIn(t.app, 'admin@trailpass.test');
    const res = await rotate(admin, ANCHOR, { code: '4822' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a preview link', () => {
  it('opens the holder app in preview on the page asked for', async () => {
    const res = await preview(manager, { type: 'product', id: 507, dealId: 201 });
    expect(res.statusCode, res.body).toBe(201);
    const issued = res.json();
    expect(issued.path).toBe('/experiences/deal/201/product/507');
    expect(new URL(issued.url).pathname).toBe('/pass/login');
    expect(new URL(issued.url).searchParams.get('t')).toBe(issued.token);
    const data = await api(t.app, 'GET', '/data', issued.token);
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json()).toMatchObject({
      isPreview: true,
      preview_type: 'product',
      preview_type_id: 507,
      preview_deal_id: 201,
    });
    const [audit] = await auditOf('content.preview.mint');
    expect(audit).toMatchObject({ object_type: 'product', object_id: '507' });
    expect(JSON.stringify(audit)).not.toContain(issued.token);

    const venue = await preview(manager, { type: 'venue', id: DRIFTWOOD });
    expect(venue.statusCode, venue.body).toBe(201);
    expect(venue.json().path).toBe('/experiences/venue/302');
  });

  it('refuses a page that is not the offer’s, or not of the deal, writing nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ type: 'product', id: 507, dealId: 202 }, 'dealId'],
      [{ type: 'product', id: 507, dealId: 204 }, 'dealId'],
      [{ type: 'venue', id: 305 }, 'id'],
      [{ type: 'venue', id: 309, dealId: 201 }, 'dealId'],
      // Product 515 is the Harbor Check-In Pass's (partner 942).
      [{ type: 'product', id: 515 }, 'id'],
      [{ type: 'product', id: 999_999 }, 'id'],
    ];
    for (const [payload, field] of cases) {
      const before = await consoleDigest(t.database.db);
      const res = await preview(owner, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect(changedIn(before, await consoleDigest(t.database.db))).toEqual([]);
    }
  });
});

describe('the content writes and other partners', () => {
  it('answers another partner’s staff 404 on every content route', async () => {
    await makeStaff(t, 'owner@northwoods.test', { partnerId: 3, role: 'owner' });
    const stranger = await signIn(t.app, 'owner@northwoods.test');
    expect((await catalogue(stranger)).statusCode).toBe(404);
    expect((await patchReward(stranger, GROWLER, { pointsPrice: 1 })).statusCode).toBe(404);
    expect((await rotate(stranger, DRIFTWOOD)).statusCode).toBe(404);
    expect((await preview(stranger, { type: 'venue', id: ANCHOR })).statusCode).toBe(404);
  });
});
