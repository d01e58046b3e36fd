import { REDEEM_BLOCK_MESSAGES } from '@trailpass/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deals,
  order_deals,
  order_items,
  order_products,
  pin_attempts,
  points_ledger,
} from '../src/db/schema';
import {
  MISSING_PIN_MESSAGE,
  NO_VENUE_CODE_MESSAGE,
  NOT_A_PICKUP_MESSAGE,
  PICKUP_DONE_MESSAGE,
  USE_CHECK_IN_MESSAGE,
  USE_REDEEM_MESSAGE,
  WRONG_PIN_MESSAGE,
} from '../src/modules/redeem/domain';
import { api, type TestApp, TOKENS } from './helpers';
import { expectRefusal, freshAppPool, redemptionSnapshot } from './redeem-helpers';

// Demo (demo/README.md): Ava (1001) on offer 101. Order deal 9103 (deal 201: max 6 + 1 added, 5 made,
// 2 remaining). Her order products: 9306 = check-in 502 at venue 302 (code 1357, 50 points), 9309 = the
// daily repeating 505 at 302 (duplicate_date 21 h ahead), 9310 = coupon 506 at 308 (code 5150), 9311 =
// ticket 507 at 302 (unknown hide unit -> 10 minutes), 9305 = check-in 501, used; 9312 = 508, expired;
// 9313 = standalone 519 at 304 (no code); 9315 = "Buy 3 lattes" 512 at 309 (code 3003, 3 uses, deal
// 203 with 3 remaining). Sam's (1002) 9316. Pickups: 9412 growler at 301 (pin, code 4821), 9413 mug
// (no code), 9407 shipped. Ava's deal 201 balance is 205.
const AVA = 1001;

function redeem(t: TestApp, body: object, opts: { token?: string; path?: string; user?: number } = {}) {
  const path = opts.path ?? 'redeem';
  return api(t.app, 'POST', `/partnerUser/${opts.user ?? AVA}/${path}`, opts.token ?? TOKENS.avaBrew, {
    payload: { partnerUserId: AVA, ...body },
  });
}
const checkIn = (t: TestApp, body: object) => redeem(t, body, { path: 'checkIn' });

async function orderDeal(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(order_deals).where(eq(order_deals.id, id));
  return row;
}
async function orderProduct(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(order_products).where(eq(order_products.id, id));
  return row;
}
async function lastLedgerEntry(t: TestApp, dealId: number) {
  const [row] = await t.database.db
    .select()
    .from(points_ledger)
    .where(and(eq(points_ledger.partner_user_id, AVA), eq(points_ledger.deal_id, dealId)))
    .orderBy(desc(points_ledger.value_date), desc(points_ledger.id))
    .limit(1);
  return row;
}

const { freshApp, sharedApp, closeAll } = freshAppPool();
afterAll(closeAll);

describe('refusals change nothing', () => {
  let t: TestApp;
  let before: Awaited<ReturnType<typeof redemptionSnapshot>>;
  beforeAll(async () => {
    t = await sharedApp();
    before = await redemptionSnapshot(t);
  });

  it.each([
    ['another user’s order product', { orderProductIds: [9316], pinNumber: '1357' }],
    ['an unknown order product', { orderProductIds: [999_999], pinNumber: '1357' }],
    ['another user’s order item', { orderItemIds: [9999_99], pinNumber: '4821' }],
  ])('404 for %s', async (_name, body) => {
    expectRefusal(await redeem(t, body), 404);
  });

  it('404 when the body names another user, or the path does', async () => {
    expectRefusal(await redeem(t, { orderProductIds: [9311], pinNumber: '1357', partnerUserId: 1002 }), 404);
    expectRefusal(await redeem(t, { orderProductIds: [9311], pinNumber: '1357' }, { user: 1002 }), 404);
    expectRefusal(
      await redeem(t, { orderProductIds: [9311], pinNumber: '1357' }, { token: TOKENS.guestBrew }),
      404,
    );
  });

  it('403 for a preview or unregistered link on the holder call', async () => {
    for (const token of [TOKENS.previewProduct, TOKENS.unregVenue301]) {
      expectRefusal(await redeem(t, { orderProductIds: [9311], pinNumber: '1357' }, { token }), 403);
    }
  });

  it.each([
    ['a code that is not 4 digits', { orderProductIds: [9311], pinNumber: '12a4' }],
    ['a 5-digit code', { orderProductIds: [9311], pinNumber: '13570' }],
    ['a numeric code', { orderProductIds: [9311], pinNumber: 1357 }],
    ['two ids', { orderProductIds: [9311, 9310], pinNumber: '1357' }],
    ['no id list', { pinNumber: '1357' }],
    ['both id lists', { orderProductIds: [9311], orderItemIds: [9412], pinNumber: '1357' }],
    ['latitude without longitude', { orderProductIds: [9311], pinNumber: '1357', latitude: 44.1 }],
    ['an unknown key', { orderProductIds: [9311], pinNumber: '1357', free: true }],
    ['a negative id', { orderProductIds: [-9311], pinNumber: '1357' }],
  ])('400 for %s', async (_name, body) => {
    const res = expectRefusal(await redeem(t, body), 400);
    expect(res.error.code).toBe('invalid_input');
  });

  it('400 for a check-in sent to redeem, and a product sent to checkIn', async () => {
    expectRefusal(await redeem(t, { orderProductIds: [9306], pinNumber: '1357' }), 400, USE_CHECK_IN_MESSAGE);
    expectRefusal(await checkIn(t, { orderProductIds: [9311], pinNumber: '1357' }), 400, USE_REDEEM_MESSAGE);
    expectRefusal(await checkIn(t, { orderItemIds: [9413] }), 400, USE_REDEEM_MESSAGE);
  });

  it('409 for a used product and one not available again yet; 422 once expired', async () => {
    expectRefusal(
      await checkIn(t, { orderProductIds: [9305], pinNumber: '4821' }),
      409,
      REDEEM_BLOCK_MESSAGES.used,
    );
    expectRefusal(
      await redeem(t, { orderProductIds: [9309], pinNumber: '1357' }),
      409,
      REDEEM_BLOCK_MESSAGES['not-yet'],
    );
    expectRefusal(
      await redeem(t, { orderProductIds: [9312], pinNumber: '2468' }),
      422,
      REDEEM_BLOCK_MESSAGES.expired,
    );
  });

  it('422 for a missing or wrong code, and at a venue without a code', async () => {
    const missing = expectRefusal(await redeem(t, { orderProductIds: [9311] }), 422, MISSING_PIN_MESSAGE);
    expect(missing.error.fields).toEqual({ pinNumber: MISSING_PIN_MESSAGE });
    expectRefusal(await redeem(t, { orderProductIds: [9311], pinNumber: '0000' }), 422, WRONG_PIN_MESSAGE);
    // Another venue's code is wrong here.
    expectRefusal(await redeem(t, { orderProductIds: [9311], pinNumber: '4821' }), 422, WRONG_PIN_MESSAGE);
    expectRefusal(
      await redeem(t, { orderProductIds: [9313], pinNumber: '1234' }),
      422,
      NO_VENUE_CODE_MESSAGE,
    );
  });

  it('pickups: 422 for a shipped item and a wrong code, 409 once confirmed', async () => {
    expectRefusal(await redeem(t, { orderItemIds: [9407], pinNumber: '1357' }), 422, NOT_A_PICKUP_MESSAGE);
    expectRefusal(await redeem(t, { orderItemIds: [9412], pinNumber: '1111' }), 422, WRONG_PIN_MESSAGE);
    expectRefusal(await redeem(t, { orderItemIds: [9412] }), 422, MISSING_PIN_MESSAGE);
    // 9409 (the tee) was shipped and completed long ago.
    expectRefusal(await redeem(t, { orderItemIds: [9409] }), 422, NOT_A_PICKUP_MESSAGE);
  });

  it('left every order, order product, ticket and ledger entry as it was', async () => {
    expect(await redemptionSnapshot(t)).toEqual(before);
  });
});

describe('redeeming and checking in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedApp();
  });

  it('redeems a ticket with the venue’s code: redeemed now, a 10-minute ticket, one redemption taken', async () => {
    const res = await redeem(t, { orderProductIds: [9311], pinNumber: '1357' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const now = t.importedAt.toISOString();
    expect(body.errors).toEqual([]);
    expect(body.points_earned).toBe(0);
    expect(body.order_items).toEqual([]);
    expect(body.order_products).toHaveLength(1);
    expect(body.order_products[0]).toMatchObject({
      id: 9311,
      product_id: 507,
      redeemed: now,
      duplicate_date: null,
      redemptions: 1,
      redemptions_remaining_use: 1,
      ticket: { order_product_id: 9311, timer: 600, initialTimer: 600 },
    });
    expect(body.order_deals).toEqual([
      expect.objectContaining({
        id: 9103,
        deal_id: 201,
        redemptions_made: 6,
        redemptions_remaining: 1,
        type: 'deal',
      }),
    ]);
    expect(await orderDeal(t, 9103)).toMatchObject({ redemptions_made: 6, redemptions_remaining: 1 });
    // /data now shows the same.
    const data = (await api(t.app, 'GET', '/data', TOKENS.avaBrew)).json();
    expect(data.order_products.find((op: { id: number }) => op.id === 9311)).toEqual(body.order_products[0]);
  });

  it('a second use of the two-person tour is the second of its two uses', async () => {
    // 507 allows 2 uses per purchase, but deal 201 has 1 redemption left: this takes it.
    const res = await redeem(t, { orderProductIds: [9311], pinNumber: '1357' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_products[0]).toMatchObject({ redemptions: 2, redemptions_remaining_use: 0 });
    expect(await orderDeal(t, 9103)).toMatchObject({ redemptions_made: 7, redemptions_remaining: 0 });
  });

  it('then refuses the deal’s other products: no redemptions left (422), nothing changes', async () => {
    const before = await redemptionSnapshot(t);
    expectRefusal(
      await checkIn(t, { orderProductIds: [9306], pinNumber: '1357' }),
      422,
      REDEEM_BLOCK_MESSAGES['deal-limit'],
    );
    expectRefusal(
      await redeem(t, { orderProductIds: [9311], pinNumber: '1357' }),
      409,
      REDEEM_BLOCK_MESSAGES.used,
    );
    expect(await redemptionSnapshot(t)).toEqual(before);
  });

  it('a check-in credits its points to the deal’s ledger with the running balance', async () => {
    // Give deal 201 room again, as a partner adding a redemption would.
    await t.database.db.update(order_deals).set({ redemptions_remaining: 1 }).where(eq(order_deals.id, 9103));
    const res = await checkIn(t, { orderProductIds: [9306], pinNumber: '1357' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.points_earned).toBe(50);
    expect(body.order_products[0].ticket).toMatchObject({ timer: 0, initialTimer: 0 });
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.id, 201));
    expect(await lastLedgerEntry(t, 201)).toMatchObject({
      partner_user_id: AVA,
      offer_id: 101,
      reason_text: 'checked in at Driftwood Brewing Co.',
      points: 50,
      balance: 255,
      value_date: t.importedAt,
      expires_at: deal?.points_valid_until,
      order_product_id: 9306,
    });
    const data = (await api(t.app, 'GET', '/data', TOKENS.avaBrew)).json();
    expect(data.deals.find((d: { id: number }) => d.id === 201).current_points).toBe(255);
    expect(data.current_points).toBe(255);
  });

  it('a multi-use purchase is used once per redemption until none is left', async () => {
    for (const left of [2, 1, 0]) {
      const res = await redeem(t, { orderProductIds: [9315], pinNumber: '3003' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order_products[0].redemptions_remaining_use).toBe(left);
    }
    expect(await orderDeal(t, 9104)).toMatchObject({ redemptions_made: 4, redemptions_remaining: 0 });
    expectRefusal(
      await redeem(t, { orderProductIds: [9315], pinNumber: '3003' }),
      409,
      REDEEM_BLOCK_MESSAGES.used,
    );
  });

  it('a repeating product can be redeemed again once its duplicate_date has come, and gets the next one', async () => {
    const db = t.database.db;
    await db.update(order_deals).set({ redemptions_remaining: null }).where(eq(order_deals.id, 9103));
    const before = await orderProduct(t, 9309);
    await db
      .update(order_products)
      .set({ duplicate_date: new Date(t.importedAt.getTime() - 60_000) })
      .where(eq(order_products.id, 9309));
    const balance = (await lastLedgerEntry(t, 201))?.balance ?? 0;
    const res = await redeem(t, { orderProductIds: [9309], pinNumber: '1357' });
    expect(res.statusCode, res.body).toBe(200);
    const op = res.json().order_products[0];
    const nextDay = new Date(t.importedAt.getTime() + 86_400_000).toISOString();
    expect(op).toMatchObject({
      redeemed: t.importedAt.toISOString(),
      duplicate_date: nextDay,
      repeatDate: nextDay,
    });
    expect(op.redemptions).toBe((before?.redemptions ?? 0) + 1);
    // 2-hour hide after redemption.
    expect(op.ticket).toMatchObject({ timer: 7200, initialTimer: 7200 });
    expect(await lastLedgerEntry(t, 201)).toMatchObject({
      reason_text: 'redeemed Pint Night: $2 Off Any Pint at Driftwood Brewing Co.',
      points: 20,
      balance: balance + 20,
    });
    // Unlimited stays unlimited while the count of made redemptions rises.
    expect(await orderDeal(t, 9103)).toMatchObject({ redemptions_remaining: null });
    expectRefusal(
      await redeem(t, { orderProductIds: [9309], pinNumber: '1357' }),
      409,
      REDEEM_BLOCK_MESSAGES['not-yet'],
    );
  });

  it('confirms a pickup with its code once, and a no-code pickup at once', async () => {
    const res = await redeem(t, { orderItemIds: [9412], pinNumber: '4821' });
    expect(res.statusCode, res.body).toBe(200);
    const now = t.importedAt.toISOString();
    expect(res.json()).toEqual({
      order_products: [],
      order_deals: [],
      order_items: [{ id: 9412, order_id: 9011, redeemed: now, completed: now }],
      points_earned: 0,
      errors: [],
    });
    expectRefusal(await redeem(t, { orderItemIds: [9412], pinNumber: '4821' }), 409, PICKUP_DONE_MESSAGE);
    const mug = await redeem(t, { orderItemIds: [9413] });
    expect(mug.statusCode, mug.body).toBe(200);
    expect(mug.json().order_items[0]).toMatchObject({ id: 9413, redeemed: now, completed: now });
  });

  it('a gpsOrPin pickup needs no code within the venue’s radius, and the code anywhere else', async () => {
    const db = t.database.db;
    // Two pickups at Driftwood Brewing (302: 44.1448, -87.5702) validated by location or code.
    const [item] = await db.select().from(order_items).where(eq(order_items.id, 9412));
    if (!item) throw new Error('demo item 9412 missing');
    const copies = await db
      .insert(order_items)
      .values(
        [1, 2].map((position) => ({
          ...item,
          id: undefined,
          position,
          venue_id: 302,
          redemption_validation: 'gpsOrPin',
          redeemed: null,
          completed: null,
        })),
      )
      .returning({ id: order_items.id });
    const [near, far] = copies.map((row) => row.id);
    const atVenue = { latitude: 44.1449, longitude: -87.5703 };
    const acrossTown = { latitude: 44.092, longitude: -87.656 };
    expect((await redeem(t, { orderItemIds: [near], ...atVenue })).statusCode).toBe(200);
    expectRefusal(await redeem(t, { orderItemIds: [far], ...acrossTown }), 422, MISSING_PIN_MESSAGE);
    expectRefusal(
      await redeem(t, { orderItemIds: [far], pinNumber: '0000', ...acrossTown }),
      422,
      WRONG_PIN_MESSAGE,
    );
    expect((await redeem(t, { orderItemIds: [far], pinNumber: '1357', ...acrossTown })).statusCode).toBe(200);
  });
});

describe('wrong-code limits', () => {
  it('five tries per order product: the sixth is 429 even with the right code, until the window passes', async () => {
    const t = await freshApp();
    for (let i = 0; i < 5; i++) {
      expectRefusal(
        await redeem(t, { orderProductIds: [9310], pinNumber: `000${i}` }),
        422,
        WRONG_PIN_MESSAGE,
      );
    }
    const before = await redemptionSnapshot(t);
    const limited = expectRefusal(await redeem(t, { orderProductIds: [9310], pinNumber: '5150' }), 429);
    expect(limited.error.code).toBe('rate_limited');
    expect(limited.error.message).toMatch(/^Too many wrong codes\. Please wait 15 minutes and try again\.$/);
    expect(await redemptionSnapshot(t)).toEqual(before);
    // Another product is not locked by this one's tries.
    expect((await redeem(t, { orderProductIds: [9311], pinNumber: '1357' })).statusCode).toBe(200);

    // Fifteen minutes later the count starts again, and a right code clears it.
    await t.database.db
      .update(pin_attempts)
      .set({ window_started_at: new Date(t.importedAt.getTime() - 15 * 60_000 - 1) });
    expect((await redeem(t, { orderProductIds: [9310], pinNumber: '5150' })).statusCode).toBe(200);
    expect(await t.database.db.select().from(pin_attempts)).toEqual([]);
  });

  it('counts parallel wrong guesses exactly: 5 refused as wrong, the rest 429', async () => {
    const t = await freshApp();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        redeem(t, { orderProductIds: [9310], pinNumber: String(1000 + i) }),
      ),
    );
    const statuses = responses.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(422), ...Array(15).fill(429)]);
  });

  it('limits one holder’s tries at one venue across everything they hold there', async () => {
    const t = await freshApp({ pinAttemptsPerTarget: 100, pinAttemptsPerUserVenue: 3 });
    // 9311 and 9306 are both at venue 302.
    for (const pinNumber of ['0001', '0002', '0003']) {
      expectRefusal(await redeem(t, { orderProductIds: [9311], pinNumber }), 422, WRONG_PIN_MESSAGE);
    }
    expectRefusal(await checkIn(t, { orderProductIds: [9306], pinNumber: '1357' }), 429);
    // Venue 308 is another venue.
    expect((await redeem(t, { orderProductIds: [9310], pinNumber: '5150' })).statusCode).toBe(200);
  });
});

describe('preview', () => {
  let t: TestApp;
  const preview = (path: string, body: object, token: string = TOKENS.previewProduct) =>
    api(t.app, 'POST', `/preview/${path}`, token, { payload: body });
  beforeAll(async () => {
    t = await sharedApp();
  });

  it('redeems the previewed product with its venue’s code: a 0.25-minute ticket, nothing stored', async () => {
    const before = await redemptionSnapshot(t);
    const res = await preview('redeem', { orderProductIds: [504], pinNumber: '4821' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_products).toEqual([
      expect.objectContaining({
        id: 504,
        product_id: 504,
        redeemed: t.importedAt.toISOString(),
        ticket: { id: 504, order_product_id: 504, timer: 15, initialTimer: 15 },
      }),
    ]);
    expectRefusal(
      await preview('redeem', { orderProductIds: [504], pinNumber: '1357' }),
      422,
      WRONG_PIN_MESSAGE,
    );
    const checkedIn = await preview('checkIn', { orderProductIds: [501], pinNumber: '4821' });
    expect(checkedIn.json().order_products[0].ticket).toMatchObject({ timer: 0 });
    expectRefusal(
      await preview('redeem', { orderProductIds: [501], pinNumber: '4821' }),
      400,
      USE_CHECK_IN_MESSAGE,
    );
    expect(await redemptionSnapshot(t)).toEqual(before);
  });

  it('404 for a product of another offer; 403 for a holder’s or unregistered link; 400 for a user id', async () => {
    expectRefusal(await preview('redeem', { orderProductIds: [513], pinNumber: '4821' }), 404);
    expectRefusal(
      await preview('redeem', { orderProductIds: [504], pinNumber: '4821' }, TOKENS.avaBrew),
      403,
    );
    expectRefusal(
      await preview('redeem', { orderProductIds: [504], pinNumber: '4821' }, TOKENS.unregVenue301),
      403,
    );
    expectRefusal(
      await preview('redeem', { orderProductIds: [504], pinNumber: '4821', partnerUserId: 1001 }),
      400,
    );
  });
});

describe('parallel redeems', () => {
  it('of a deal with one redemption left let exactly one through, with consistent counters', async () => {
    const t = await freshApp({ pinAttemptsPerTarget: 1_000, pinAttemptsPerUserVenue: 1_000 });
    const db = t.database.db;
    await db.update(order_deals).set({ redemptions_remaining: 1 }).where(eq(order_deals.id, 9103));
    // Twenty check-ins Ava holds in deal 201, all at Driftwood (302), 50 points each.
    const [template] = await db.select().from(order_products).where(eq(order_products.id, 9306));
    if (!template) throw new Error('demo order product 9306 missing');
    const ids = (
      await db
        .insert(order_products)
        .values(Array.from({ length: 20 }, () => ({ ...template, id: undefined })))
        .returning({ id: order_products.id })
    ).map((row) => row.id);
    const ledgerBefore = await db.select().from(points_ledger);

    const responses = await Promise.all(
      ids.map((id) => checkIn(t, { orderProductIds: [id], pinNumber: '1357' })),
    );
    const statuses = responses.map((res) => res.statusCode).sort();
    expect(statuses, responses.map((res) => res.body).join('\n')).toEqual([200, ...Array(19).fill(422)]);
    for (const res of responses.filter((r) => r.statusCode === 422)) {
      expect(res.json().error.message).toBe(REDEEM_BLOCK_MESSAGES['deal-limit']);
    }
    expect(await orderDeal(t, 9103)).toMatchObject({ redemptions_made: 6, redemptions_remaining: 0 });
    const redeemed = (await db.select().from(order_products)).filter(
      (op) => ids.includes(op.id) && op.redeemed,
    );
    expect(redeemed).toHaveLength(1);
    const ledgerAfter = await db.select().from(points_ledger);
    expect(ledgerAfter).toHaveLength(ledgerBefore.length + 1);
    expect(await lastLedgerEntry(t, 201)).toMatchObject({
      points: 50,
      balance: 255,
      order_product_id: redeemed[0]?.id,
    });
  });

  it('of one order product redeem it once', async () => {
    const t = await freshApp({ pinAttemptsPerTarget: 1_000, pinAttemptsPerUserVenue: 1_000 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => redeem(t, { orderProductIds: [9310], pinNumber: '5150' })),
    );
    const statuses = responses.map((res) => res.statusCode).sort();
    expect(statuses, responses.map((res) => res.body).join('\n')).toEqual([200, ...Array(19).fill(409)]);
    expect(await orderDeal(t, 9103)).toMatchObject({ redemptions_made: 6, redemptions_remaining: 1 });
    expect(await orderProduct(t, 9310)).toMatchObject({ redemptions: 1, redemptions_remaining_use: 0 });
  });

  it('ledger balances stay the running sum after parallel check-ins', async () => {
    const t = await freshApp({ pinAttemptsPerTarget: 1_000, pinAttemptsPerUserVenue: 1_000 });
    const db = t.database.db;
    await db.update(order_deals).set({ redemptions_remaining: null });
    const [template] = await db.select().from(order_products).where(eq(order_products.id, 9306));
    if (!template) throw new Error('demo order product 9306 missing');
    const ids = (
      await db
        .insert(order_products)
        .values(Array.from({ length: 12 }, () => ({ ...template, id: undefined })))
        .returning({ id: order_products.id })
    ).map((row) => row.id);
    const responses = await Promise.all(
      ids.map((id) => checkIn(t, { orderProductIds: [id], pinNumber: '1357' })),
    );
    expect(responses.every((res) => res.statusCode === 200)).toBe(true);
    const entries = await db
      .select()
      .from(points_ledger)
      .where(and(eq(points_ledger.partner_user_id, AVA), eq(points_ledger.deal_id, 201)))
      .orderBy(asc(points_ledger.value_date), asc(points_ledger.id));
    let running = 0;
    for (const entry of entries) {
      running += entry.points;
      expect(entry.balance).toBe(running);
    }
    expect(running).toBe(205 + 12 * 50);
  });
});
