import {
  NOT_ENOUGH_POINTS_MESSAGE,
  ORDER_EXPIRED_MESSAGE,
  SHIPPING_INFO_MESSAGE,
  SOLD_OUT_MESSAGE,
} from '@trailpass/contract';
import { and, asc, desc, eq, NoopLogger, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  item_dates,
  mail_outbox,
  media,
  order_items,
  orders,
  points_ledger,
  reward_items,
} from '../src/db/schema';
import { ITEM_ALREADY_IN_CART_MESSAGE, ORDER_COMPLETED_MESSAGE } from '../src/modules/cart/service';
import { formatSlot } from '../src/modules/mail/format';
import { appendLedgerEntry } from '../src/modules/points/ledger';
import { copyDraft, createTestApp, passHeaders, type TestApp, TOKENS, testScopedApp } from './helpers';

// Demo (demo/README.md): Ava (1001) on points offer 102 (deal 204, points_ratio 10) has 1200 points.
// Rewards: 1210 tumbler 450 (shipped), 1211 cruise 1000 (pickup, 8 left), 1212 getaway (options 1306
// Weeknight 1100, 1307 Weekend 1400; shipped; {0: 6, 1307: 2}), 1213 kayak 1500 (pickup), 1214 towel
// 300 (shipped, sold out). On offer 101 (ratio 5): 1208 mug (deal 203, 30 points, pickup), 1201 tee
// (deal 201, options S 1301 / M 1302 sold out / L 1303, 120 points, shipped); Sam (1002) has no address.
const AVA = 1001;
const SAM = 1002;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(t: TestApp, method: Method, url: string, token: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/pass/api${url}`,
    headers: passHeaders(token),
    ...(payload ? { payload } : {}),
  });
}
type Res = Awaited<ReturnType<typeof call>>;

function expectError(res: Res, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (message !== undefined) expect(res.json().error.message).toBe(message);
}

const claim = (itemId: number, extra: object = {}) => ({
  offerId: 102,
  partnerUserId: AVA,
  qty: 1,
  itemId,
  itemType: 'product',
  deliveryMethod: 'shipped',
  payWithPoints: true,
  ...extra,
});
const create = (t: TestApp, body: object, token: string = TOKENS.avaRewards) =>
  call(t, 'POST', '/cart', token, body);
const complete = (t: TestApp, orderId: number, token: string = TOKENS.avaRewards, body: object = {}) =>
  call(t, 'PUT', `/cart/${orderId}/complete`, token, { orderId, ...body });

async function ledgerOf(t: TestApp, userId: number, dealId: number) {
  return t.database.db
    .select()
    .from(points_ledger)
    .where(and(eq(points_ledger.partner_user_id, userId), eq(points_ledger.deal_id, dealId)))
    .orderBy(asc(points_ledger.value_date), asc(points_ledger.id));
}
async function tickets(t: TestApp, rewardItemId: number) {
  const [row] = await t.database.db
    .select({ tickets: reward_items.tickets_available })
    .from(reward_items)
    .where(eq(reward_items.id, rewardItemId));
  return row?.tickets;
}
async function orderRow(t: TestApp, orderId: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order confirmations e-mailed for the order (issue 29), oldest first. */
async function confirmationsOf(t: TestApp, orderId: number) {
  const rows = await t.database.db
    .select()
    .from(mail_outbox)
    .where(eq(mail_outbox.kind, 'order-confirmation'))
    .orderBy(desc(mail_outbox.id));
  return rows.filter((row) => row.subject.endsWith(` order #${orderId}`)).reverse();
}
/** The one order confirmation of the order, to `to`. */
async function confirmationOf(t: TestApp, orderId: number, to: string) {
  const rows = await confirmationsOf(t, orderId);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.to_address).toBe(to);
  return rows[0] as NonNullable<(typeof rows)[number]>;
}

/**
 * A fresh app whose clock the test moves: the running test's own (testScopedApp), unless `open` is given
 * (createTestApp, for an app that several tests share).
 */
async function freshApp(options: { cartHoldMs?: number } = {}, open = testScopedApp) {
  let now = new Date();
  const t = await open({ now, clock: () => now, ...options });
  return { t, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('claiming a pickup reward to completion', () => {
  it('holds it for 10 minutes, then completes once: 1000 points debited, one taken from stock', async () => {
    const { t } = await freshApp();
    const created = await create(t, claim(1211, { deliveryMethod: 'picked_up' }));
    expect(created.statusCode, created.body).toBe(200);
    const { orderId, order } = created.json();
    expect(order).toMatchObject({ status: 'draft', leftTime: 600, deal_id: null, points_paid: 0 });
    expect(order.products).toHaveLength(1);
    expect(order.products[0]).toMatchObject({
      name: 'Lighthouse Sunset Cruise for Two',
      type: 'product',
      reward_item_id: 1211,
      delivery_method: 'picked_up',
      points_paid: 1000,
      venue_id: 303,
      redemption_validation: 'gpsOrPin',
      redeemed: null,
    });
    expect(order.products[0].media[0]).toMatchObject({ name: 'Hero' });
    expect(order.customer).toMatchObject({ first_name: 'Ava', city: 'Port Alder' });
    // A hold does not write the stock; it counts against it while it lasts.
    expect(await tickets(t, 1211)).toEqual({ 0: 8 });
    const fetched = await call(t, 'GET', `/cart/${orderId}`, TOKENS.avaRewards);
    expect(fetched.json()).toEqual(created.json());

    // Three taps at once: one completes it, the others answer as replays of the completed order.
    const [done, ...racing] = await Promise.all([1, 2, 3].map(() => complete(t, orderId)));
    if (!done) throw new Error('no answer');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(ORDER_COMPLETED_MESSAGE);
    expect(done.json().order).toMatchObject({ status: 'completed', points_paid: 1000, current_points: 200 });
    for (const other of racing) expect(other.json()).toEqual(done.json());
    expect(await tickets(t, 1211)).toEqual({ 0: 7 });
    const ledger = await ledgerOf(t, AVA, 204);
    expect(ledger.at(-1)).toMatchObject({
      points: -1000,
      balance: 200,
      reason_text: 'claimed Lighthouse Sunset Cruise for Two',
      order_id: orderId,
      redeemed_item_id: order.products[0].id,
    });
    const data = await call(t, 'GET', '/data', TOKENS.avaRewards);
    expect(data.json().current_points).toBe(200);

    // The holder is e-mailed the order (issue 29): in the offer's colour, with the totals as My Bag shows
    // them (no cash lines: it cost no money), and the pickup's place and instructions.
    const mail = await confirmationOf(t, orderId, 'ava@example.com');
    expect(mail).toMatchObject({
      subject: `Your Lakeshore Rewards order #${orderId}`,
      to_name: 'Ava Lindqvist',
      offer_id: 102,
      partner_user_id: AVA,
    });
    const text = mail.text_body ?? '';
    for (const line of [
      'Your order has been received.',
      `Order #${orderId}`,
      'Lighthouse Sunset Cruise for Two · Pickup · Qty 1: 1,000 points',
      'Order Points Total: 1,000 points',
      'Payments\n\nPoints: 1,000 points',
      'Where: Lighthouse Point Beach\nNorth Lakeshore Drive, Port Alder, WI 54290',
      'Pickup Instructions: Check in at the boat launch 20 minutes before departure.\nThe captain confirms',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toMatch(/Cash|Shipping Address|When:/);
    expect(mail.html_body).toContain('Lighthouse Sunset Cruise for Two');

    // Completing again answers the same and charges nothing, and e-mails nothing more.
    const again = await complete(t, orderId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(done.json());
    expect(await ledgerOf(t, AVA, 204)).toEqual(ledger);
    expect(await tickets(t, 1211)).toEqual({ 0: 7 });
    expect(await confirmationsOf(t, orderId)).toHaveLength(1);
  });

  it('takes three statements, its confirmation written by the change (decision 0040)', async () => {
    const { t } = await freshApp();
    const { orderId } = (await create(t, claim(1210))).json();
    // Every statement Drizzle sends, on either driver, passes its logger (a NoopLogger when none is set).
    const sent = vi.spyOn(NoopLogger.prototype, 'logQuery');
    let done: Res;
    let statements: string[];
    try {
      done = await complete(t, orderId);
      statements = (sent.mock.calls as unknown as [string][]).map(([text]) =>
        text.trim().split(/\s+/).slice(0, 3).join(' '),
      );
    } finally {
      sent.mockRestore();
    }
    expect(done.statusCode, done.body).toBe(200);
    // The plan (with the session), then in the transaction the locks and the one change; node-postgres
    // sends its BEGIN and COMMIT as statements too, PGlite does not. Without the app's X-Pass-Language, the
    // holder's saved language is read once, for the message and the order's names alike.
    const transaction = ['with o as', 'with item_ok as'];
    expect(statements).toEqual([
      'select jsonb_build_object(\'id\', s."id",',
      ...(t.database.kind === 'postgres' ? ['begin', ...transaction, 'commit'] : transaction),
      'select "language" from',
    ]);
    expect(await confirmationOf(t, orderId, 'ava@example.com')).toMatchObject({
      subject: `Your Lakeshore Rewards order #${orderId}`,
      status: 'queued',
    });
  });
});

describe('completing with the chosen pickup slot (issue 27: one transaction)', () => {
  /** The cruise's (1211, pickup point 5103) first time offered, from the availability calls. */
  async function firstSlot(t: TestApp) {
    const dates = await call(
      t,
      'GET',
      '/availableDates?itemIds=1211&itemType=reward_item',
      TOKENS.avaRewards,
    );
    const date = dates.json().items[0].dates.find((d: { available: boolean }) => d.available).date as string;
    const times = await call(
      t,
      'GET',
      `/availableTimes?itemIds=1211&itemType=reward_item&date=${date}&pickupPoint=5103`,
      TOKENS.avaRewards,
    );
    const time = times.json().items[0].times[0].time as string;
    return { date, time, pickupPoint: 5103 };
  }
  const slotsOf = (t: TestApp, orderItemId: number) =>
    t.database.db.select().from(item_dates).where(eq(item_dates.order_item_id, orderItemId));

  // One app for these: the first changes nothing, the second completes once.
  let t: TestApp;
  beforeAll(async () => {
    t = (await freshApp({}, createTestApp)).t;
  });
  afterAll(() => t.close());

  it('refuses a slot no longer offered (422 under pickupSlot) and completes nothing', async () => {
    const { orderId, order } = (await create(t, claim(1211, { deliveryMethod: 'picked_up' }))).json();
    const slot = await firstSlot(t);
    const ledger = await ledgerOf(t, AVA, 204);
    const gone = await complete(t, orderId, TOKENS.avaRewards, { pickupSlot: { ...slot, time: '03:17' } });
    expectError(gone, 422, 'That time is not available. Choose one of the times offered.');
    expect(gone.json().error.fields).toEqual({
      'pickupSlot.time': 'That time is not available. Choose one of the times offered.',
    });
    expect((await orderRow(t, orderId))?.status).toBe('draft');
    expect(await ledgerOf(t, AVA, 204)).toEqual(ledger);
    expect(await tickets(t, 1211)).toEqual({ 0: 8 });
    expect(await slotsOf(t, order.products[0].id)).toEqual([]);
    expect(await confirmationsOf(t, orderId)).toEqual([]);
    // A shipped item has no slot to take.
    const { orderId: shippedId } = (await create(t, claim(1210))).json();
    expectError(
      await complete(t, shippedId, TOKENS.avaRewards, { pickupSlot: { date: slot.date, time: slot.time } }),
      422,
      'This item is shipped, so it has no pickup time to choose.',
    );
    expect((await orderRow(t, shippedId))?.status).toBe('draft');
  });

  it('takes it in the same transaction: a request that dies between the two writes completes nothing', async () => {
    const { orderId, order } = (await create(t, claim(1211, { deliveryMethod: 'picked_up' }))).json();
    const slot = await firstSlot(t);
    const ledger = await ledgerOf(t, AVA, 204);
    // The request dies after the order is completed and before its slot is written (as a closed tab did
    // between the two calls the web app made before).
    await t.database.db.execute(sql`create function die() returns trigger language plpgsql as $$
      begin raise exception 'the request died here'; end $$`);
    await t.database.db.execute(
      sql`create trigger die_before_slot before insert on item_dates for each row execute function die()`,
    );
    const died = await complete(t, orderId, TOKENS.avaRewards, { pickupSlot: slot });
    expect(died.statusCode).toBe(500);
    expect((await orderRow(t, orderId))?.status).toBe('draft');
    expect(await ledgerOf(t, AVA, 204)).toEqual(ledger);
    expect(await tickets(t, 1211)).toEqual({ 0: 8 });
    expect(await slotsOf(t, order.products[0].id)).toEqual([]);
    // Nor is it confirmed: the e-mail comes with the completion's transaction or not at all.
    expect(await confirmationsOf(t, orderId)).toEqual([]);

    // Tried again once the fault is gone: completed once, with the slot, which the answer shows.
    await t.database.db.execute(sql`drop trigger die_before_slot on item_dates`);
    const done = await complete(t, orderId, TOKENS.avaRewards, { pickupSlot: slot });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().order).toMatchObject({ status: 'completed', points_paid: 1000 });
    expect(done.json().order.products[0].pickup_slot).toMatchObject({
      date: slot.date,
      time: slot.time,
      pickup_point: { id: 5103 },
    });
    expect((await ledgerOf(t, AVA, 204)).length).toBe(ledger.length + 1);
    expect(await tickets(t, 1211)).toEqual({ 0: 7 });
    expect(await slotsOf(t, order.products[0].id)).toMatchObject([{ date: slot.date, time: slot.time }]);
    // The confirmation names the slot as the venue's clock reads it, and the pickup point.
    const text = (await confirmationOf(t, orderId, 'ava@example.com')).text_body ?? '';
    expect(text).toContain(`When: ${formatSlot({ ...slot, timezone: 'America/Chicago' })}`);
    expect(text).toMatch(/When: \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M \(America\/Chicago\)/);
    expect(text).toContain(
      'Where: Lighthouse Point boat launch\nLighthouse Point Beach\nNorth Lakeshore Drive, Port Alder, WI 54290',
    );
  });
});

describe('claim rules', () => {
  it('refuse what the holder cannot claim, changing nothing', async () => {
    const { t } = await freshApp();
    const before = await t.database.db.select().from(orders);
    expectError(
      await create(t, claim(1213, { deliveryMethod: 'picked_up' })),
      422,
      NOT_ENOUGH_POINTS_MESSAGE,
    );
    expectError(await create(t, claim(1214)), 409, SOLD_OUT_MESSAGE);
    expectError(await create(t, claim(1210, { deliveryMethod: 'picked_up' })), 400);
    expectError(await create(t, claim(1212)), 400); // options exist, none chosen
    expectError(await create(t, claim(1212, { qty: { 1307: 1 } })), 422, NOT_ENOUGH_POINTS_MESSAGE);
    expectError(await create(t, claim(1212, { qty: { 1301: 1 } })), 400); // another item's option
    expectError(await create(t, claim(1210, { qty: 2 })), 400);
    expectError(await create(t, claim(1210, { payWithPoints: false })), 400);
    expectError(await create(t, claim(1201)), 404); // another offer's reward
    expectError(await create(t, claim(1210, { itemType: 'deal' })), 404);
    expect(await t.database.db.select().from(orders)).toEqual(before);
  });

  it('answer 403 to a preview or unregistered link, 404 to a signed-out pass or someone else', async () => {
    const { t } = await freshApp();
    expectError(await create(t, claim(1210), TOKENS.previewProduct), 403);
    expectError(await create(t, claim(1210), TOKENS.unregVenue301), 403);
    expectError(await create(t, claim(1210, { offerId: 101 }), TOKENS.guestBrew), 404);
    expectError(await create(t, claim(1210, { partnerUserId: SAM })), 404);
    expectError(await create(t, claim(1210, { offerId: 101 })), 404);
    const { orderId } = (await create(t, claim(1210))).json();
    // Another holder, and the same holder on another offer, cannot see or touch this order.
    for (const token of [TOKENS.samStaff, TOKENS.avaBrew]) {
      expectError(await call(t, 'GET', `/cart/${orderId}`, token), 404);
      expectError(await complete(t, orderId, token), 404);
      expectError(await call(t, 'PUT', `/cart/${orderId}/keepOrderAlive`, token, { orderId }), 404);
    }
    expect((await orderRow(t, orderId))?.status).toBe('draft');
  });

  it('refuse a body that names another order or item than the path (400), acting on nothing', async () => {
    const { t } = await freshApp();
    const { orderId, order } = (await create(t, claim(1210))).json();
    const itemId = order.products[0].id;
    const before = await orderRow(t, orderId);
    // 9001 is Ava's completed order of this offer; the call must not act on the path's order instead.
    const alive = await call(t, 'PUT', `/cart/${orderId}/keepOrderAlive`, TOKENS.avaRewards, {
      orderId: 9001,
    });
    expectError(alive, 400);
    for (const body of [{ orderId: 9001 }, { itemId: 9401 }, { itemType: 'order_deals' }]) {
      const res = await call(
        t,
        'DELETE',
        `/cart/${orderId}/order_products/${itemId}`,
        TOKENS.avaRewards,
        body,
      );
      expectError(res, 400);
    }
    expect(await orderRow(t, orderId)).toEqual(before);
    expect((await call(t, 'GET', `/cart/${orderId}`, TOKENS.avaRewards)).json().order.products).toHaveLength(
      1,
    );
    // The same ids as the path are fine.
    const kept = await call(t, 'PUT', `/cart/${orderId}/keepOrderAlive`, TOKENS.avaRewards, { orderId });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('keeps one cart: one item per order, a new cart ends the old one', async () => {
    const { t } = await freshApp();
    const first = (await create(t, claim(1210))).json();
    const itemId = first.order.products[0].id;
    const add = await call(t, 'POST', `/cart/${first.orderId}/items`, TOKENS.avaRewards, {
      ...claim(1211, { deliveryMethod: 'picked_up' }),
      orderId: first.orderId,
    });
    expectError(add, 409, ITEM_ALREADY_IN_CART_MESSAGE);
    // Remove the item, then add another to the same order.
    const removed = await call(
      t,
      'DELETE',
      `/cart/${first.orderId}/order_products/${itemId}`,
      TOKENS.avaRewards,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().order.products).toEqual([]);
    const added = await call(t, 'POST', `/cart/${first.orderId}/items`, TOKENS.avaRewards, {
      ...claim(1211, { deliveryMethod: 'picked_up' }),
      orderId: first.orderId,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().order.products.map((p: { reward_item_id: number }) => p.reward_item_id)).toEqual([
      1211,
    ]);
    const second = (await create(t, claim(1210))).json();
    expect((await orderRow(t, first.orderId))?.status).toBe('cancelled');
    expectError(await complete(t, first.orderId), 409, ORDER_EXPIRED_MESSAGE);
    expect((await orderRow(t, second.orderId))?.status).toBe('draft');
  });

  it('updates the recipient, the customer and the option, re-checking points', async () => {
    const { t } = await freshApp();
    const { orderId, order } = (await create(t, claim(1212, { qty: { 1306: 1 } }))).json();
    const item = order.products[0];
    expect(item).toMatchObject({
      attribute: { id: 1306, name: 'Weeknight', retail_price: 110 },
      points_paid: 1100,
    });
    const leo = {
      first_name: 'Leo',
      last_name: 'Lindqvist',
      address: '19 Willow Court',
      city: 'Elm Prairie',
      state: 'WI',
      country: 'US',
      zip_code: '53799',
    };
    const updated = await call(t, 'PUT', `/cart/${orderId}`, TOKENS.avaRewards, {
      orderId,
      distribute: leo,
      partnerUser: { id: AVA },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().order.distribute).toEqual(leo);
    const cleared = await call(t, 'PUT', `/cart/${orderId}`, TOKENS.avaRewards, {
      orderId,
      distribute: false,
    });
    expect(cleared.json().order.distribute).toBeNull();
    expectError(
      await call(t, 'PUT', `/cart/${orderId}`, TOKENS.avaRewards, {
        orderId,
        itemId: item.id,
        itemType: 'order_products',
        attributeId: 1307,
      }),
      422,
      NOT_ENOUGH_POINTS_MESSAGE,
    );
    expectError(
      await call(t, 'PUT', `/cart/${orderId}`, TOKENS.avaRewards, { orderId, partnerUser: { id: SAM } }),
      404,
    );
    expectError(await call(t, 'PUT', `/cart/${orderId}`, TOKENS.avaRewards, { orderId: orderId + 1 }), 400);
    const byItem = await call(t, 'PUT', `/cart/${orderId}/order_deals/${item.id}`, TOKENS.avaRewards, {
      deliveryMethod: 'shipped',
    });
    expectError(byItem, 404);
  });

  it('needs a complete shipping address to complete a shipped reward', async () => {
    const { t } = await freshApp();
    await t.database.db.transaction((tx) =>
      appendLedgerEntry(tx, {
        partnerUserId: SAM,
        offerId: 101,
        dealId: 201,
        reasonText: 'test credit',
        points: 500,
        valueDate: t.importedAt,
      }),
    );
    const tee = {
      offerId: 101,
      partnerUserId: SAM,
      dealId: 201,
      qty: { 1301: 1 },
      itemId: 1201,
      itemType: 'product',
      deliveryMethod: 'shipped',
      payWithPoints: true,
    };
    expectError(await create(t, { ...tee, qty: { 1302: 1 } }, TOKENS.samStaff), 409, SOLD_OUT_MESSAGE);
    expectError(await create(t, { ...tee, dealId: 202 }, TOKENS.samStaff), 404);
    const { orderId } = (await create(t, tee, TOKENS.samStaff)).json();
    expectError(await complete(t, orderId, TOKENS.samStaff), 422, SHIPPING_INFO_MESSAGE);
    const address = {
      first_name: 'Sam',
      last_name: 'Okafor',
      address: '1 Main St',
      city: 'Port Alder',
      state: 'WI',
      country: 'US',
      zip_code: '54290',
    };
    // An order that cost money shows the cash lines (the contract's one cash rule, decision 0033).
    await t.database.db.update(orders).set({ price_paid: '39.00' }).where(eq(orders.id, orderId));
    const done = await complete(t, orderId, TOKENS.samStaff, { customer: address, distribute: '' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().order.customer).toEqual(address);
    // Sam's confirmation: the address it ships to, as completed, and the cash next to the points.
    const text = (await confirmationOf(t, orderId, 'sam@trailpass.example')).text_body ?? '';
    for (const line of [
      'Brew Trail Tee (S) · Ship · Qty 1: 120 points',
      'Order Points Total: 120 points\n\nOrder Cash Total: $39.00',
      'Points: 120 points\n\nCash: $39.00',
      'Shipping Address\n\nSam Okafor\n1 Main St\nPort Alder, WI 54290\nUS',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Pickup');
    const credited = (await ledgerOf(t, SAM, 201)).at(-2)?.balance ?? 0;
    expect((await ledgerOf(t, SAM, 201)).at(-1)).toMatchObject({
      points: -120,
      balance: credited - 120,
      reason_text: 'claimed Brew Trail Tee (S)',
    });
    expect(await tickets(t, 1201)).toEqual({ 1301: 4, 1302: 0, 1303: null });
  });
});

describe('deal and package rewards', () => {
  const brew = (itemId: number, itemType: string) => ({
    offerId: 101,
    partnerUserId: AVA,
    dealId: 201,
    qty: 1,
    itemId,
    itemType,
    deliveryMethod: 'picked_up',
    payWithPoints: true,
  });

  it('grant their package or deal and its products on completion, delivered at once', async () => {
    const { t } = await freshApp();
    // Package 602 (products 521, 522) for 150 of Ava's 205 points on deal 201.
    const pkg = await create(t, brew(1204, 'package'), TOKENS.avaBrew);
    expect(pkg.statusCode, pkg.body).toBe(200);
    const pkgDone = await complete(t, pkg.json().orderId, TOKENS.avaBrew);
    expect(pkgDone.statusCode, pkgDone.body).toBe(200);
    const pkgOrder = pkgDone.json().order;
    expect(pkgOrder.orderPackages.map((p: { package_id: number }) => p.package_id)).toEqual([602]);
    expect(pkgOrder.orderProducts.map((op: { product_id: number }) => op.product_id)).toEqual([521, 522]);
    expect(pkgOrder.packages[0]).toMatchObject({
      redeemed: t.importedAt.toISOString(),
      completed: t.importedAt.toISOString(),
    });

    // Deal 207 (one product, 520; max 1 redemption) for 250 points: give Ava enough first.
    await t.database.db.transaction((tx) =>
      appendLedgerEntry(tx, {
        partnerUserId: AVA,
        offerId: 101,
        dealId: 201,
        reasonText: 'test credit',
        points: 300,
        valueDate: t.importedAt,
      }),
    );
    const deal = await create(t, brew(1205, 'deal'), TOKENS.avaBrew);
    expect(deal.statusCode, deal.body).toBe(200);
    const dealDone = await complete(t, deal.json().orderId, TOKENS.avaBrew);
    expect(dealDone.statusCode, dealDone.body).toBe(200);
    const dealOrder = dealDone.json().order;
    expect(dealOrder.orderDeals).toEqual([
      expect.objectContaining({ deal_id: 207, redemptions_remaining: 1, redemptions_made: 0, type: 'deal' }),
    ]);
    expect(dealOrder.orderProducts).toEqual([
      expect.objectContaining({
        product_id: 520,
        deal_id: 207,
        order_deal_id: dealOrder.orderDeals[0].id,
        redeemed: null,
      }),
    ]);
    // The pass now holds them: /data lists the new order products.
    const data = (await call(t, 'GET', '/data', TOKENS.avaBrew)).json();
    const held = data.order_products.map((op: { product_id: number }) => op.product_id);
    expect(held).toEqual(expect.arrayContaining([520, 521, 522]));
  });
});

describe('the 10-minute hold', () => {
  it('runs out: complete is 409; more time brings it back while the item is there', async () => {
    const { t, advance } = await freshApp();
    const { orderId } = (await create(t, claim(1210))).json();
    advance(10 * 60_000 + 1);
    expect((await call(t, 'GET', `/cart/${orderId}`, TOKENS.avaRewards)).json().order.leftTime).toBe(0);
    expectError(await complete(t, orderId), 409, ORDER_EXPIRED_MESSAGE);
    const alive = await call(t, 'PUT', `/cart/${orderId}/keepOrderAlive`, TOKENS.avaRewards, { orderId });
    expect(alive.statusCode, alive.body).toBe(200);
    expect(alive.json().order.leftTime).toBe(600);
    advance(9 * 60_000);
    const kept = await call(t, 'PUT', `/cart/${orderId}/keepOrderAlive`, TOKENS.avaRewards, { orderId });
    expect(kept.json().order.leftTime).toBe(600);
    expect((await complete(t, orderId)).statusCode).toBe(200);
  });

  it('holds the last one from others until it runs out, then lets it go', async () => {
    const { t, advance } = await freshApp({ cartHoldMs: 60_000 });
    // One mug left; Ava and Sam both have the points for it.
    await t.database.db
      .update(reward_items)
      .set({ tickets_available: { 0: 1 } })
      .where(eq(reward_items.id, 1208));
    await t.database.db.transaction((tx) =>
      appendLedgerEntry(tx, {
        partnerUserId: SAM,
        offerId: 101,
        dealId: 203,
        reasonText: 'test credit',
        points: 100,
        valueDate: t.importedAt,
      }),
    );
    await t.database.db.transaction((tx) =>
      appendLedgerEntry(tx, {
        partnerUserId: AVA,
        offerId: 101,
        dealId: 203,
        reasonText: 'test credit',
        points: 100,
        valueDate: t.importedAt,
      }),
    );
    const mug = (userId: number) => ({
      offerId: 101,
      partnerUserId: userId,
      dealId: 203,
      qty: 1,
      itemId: 1208,
      itemType: 'product',
      deliveryMethod: 'picked_up',
      payWithPoints: true,
    });
    const ava = await create(t, mug(AVA), TOKENS.avaBrew);
    expect(ava.statusCode, ava.body).toBe(200);
    expect(ava.json().order.leftTime).toBe(60);
    expectError(await create(t, mug(SAM), TOKENS.samStaff), 409, SOLD_OUT_MESSAGE);
    advance(61_000);
    const sam = await create(t, mug(SAM), TOKENS.samStaff);
    expect(sam.statusCode, sam.body).toBe(200);
    const avaOrder = ava.json().orderId;
    expectError(
      await call(t, 'PUT', `/cart/${avaOrder}/keepOrderAlive`, TOKENS.avaBrew, { orderId: avaOrder }),
      409,
      SOLD_OUT_MESSAGE,
    );
    expectError(await complete(t, avaOrder, TOKENS.avaBrew), 409, ORDER_EXPIRED_MESSAGE);
    expect((await complete(t, sam.json().orderId, TOKENS.samStaff)).statusCode).toBe(200);
    expect(await tickets(t, 1208)).toEqual({ 0: 0 });
  });

  it('No to more time: the item is deleted and the order expires', async () => {
    const { t, advance } = await freshApp();
    const { orderId, order } = (await create(t, claim(1210))).json();
    advance(11 * 60_000);
    const gone = await call(
      t,
      'DELETE',
      `/cart/${orderId}/order_products/${order.products[0].id}`,
      TOKENS.avaRewards,
      {
        orderId,
        itemType: 'order_products',
        itemId: order.products[0].id,
        moreTime: false,
      },
    );
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().order).toMatchObject({ status: 'expired', products: [], leftTime: 0 });
    const items = await t.database.db.select().from(order_items).where(eq(order_items.order_id, orderId));
    expect(items).toEqual([]);
    const copies = await t.database.db.select().from(media).where(eq(media.owner_id, order.products[0].id));
    expect(copies.filter((row) => row.owner_type === 'order_item')).toEqual([]);
    expectError(await complete(t, orderId), 409, ORDER_EXPIRED_MESSAGE);
    expectError(await call(t, 'PUT', `/cart/${orderId}/keepOrderAlive`, TOKENS.avaRewards, { orderId }), 409);
  });
});

describe('parallel completes', () => {
  it('of orders that together exceed the balance: only those it covers succeed, and it never goes below 0', async () => {
    const { t } = await freshApp();
    const db = t.database.db;
    // One real draft (450 points), copied 49 times: 50 orders worth 22,500 against 1,200 points.
    const { orderId } = (await create(t, claim(1210))).json();
    const ids = await copyDraft(t.database, orderId, 49);
    const responses = await Promise.all(ids.map((id) => complete(t, id)));
    const statuses = responses.map((res) => res.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([200, 200, ...Array(48).fill(422)]);
    for (const res of responses.filter((r) => r.statusCode === 422)) {
      expect(res.json().error.message).toBe(NOT_ENOUGH_POINTS_MESSAGE);
    }
    const ledger = await ledgerOf(t, AVA, 204);
    let running = 0;
    for (const entry of ledger) {
      running += entry.points;
      expect(entry.balance).toBe(running);
      expect(entry.balance).toBeGreaterThanOrEqual(0);
    }
    expect(running).toBe(1200 - 2 * 450);
    const completed = (await db.select().from(orders)).filter(
      (o) => ids.includes(o.id) && o.status === 'completed',
    );
    expect(completed.map((o) => o.current_points).sort()).toEqual([300, 750]);
    // One confirmation per completed order, none for the refused ones.
    for (const id of ids) {
      expect(await confirmationsOf(t, id)).toHaveLength(completed.some((o) => o.id === id) ? 1 : 0);
    }
  });
});
