import { fulfilmentPaths } from '@trailpass/contract/console';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  console_audit,
  order_items,
  points_ledger,
  reward_items,
  reward_stock_takes,
} from '../../src/db/schema';
import { appendLedgerEntry } from '../../src/modules/points/ledger';
import { api, createTestApp, lastMail, passHeaders, type TestApp, TOKENS } from '../helpers';
import { makeStaff, pathOf, type StaffClient, signIn } from './console-helpers';

// The demo's queue (demo/pass-demo.json): on the Brew Trail (101) Sam's pint glass set (item 9408, shipped,
// 100 points) is still to ship, Ava's growler fill (9412) and mug (9413) are pickups pending; on Lakeshore
// Rewards (102) Ava's tumbler (9410, shipped, 450 points on deal 204). All of partner 1.
const BREW = 101;
const REWARDS = 102;
const AVA = 1001;
const SAM = 1002;
const PINT_GLASSES = 9408;
const GROWLER = 9412;
const MUG = 9413;
const TUMBLER = 9410;
const GETAWAY = 1212;

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

const queue = (offerId: number, query = '') => `${pathOf(fulfilmentPaths.queue, { offerId })}${query}`;
const action = (template: string, itemId: number, offerId = BREW) => pathOf(template, { offerId, itemId });
const ship = (client: StaffClient, itemId: number, body: object, offerId = BREW) =>
  client.request({ method: 'POST', url: action(fulfilmentPaths.ship, itemId, offerId), payload: body });
const cancel = (
  client: StaffClient,
  itemId: number,
  offerId = BREW,
  reason = 'out of stock at the warehouse',
) =>
  client.request({
    method: 'POST',
    url: action(fulfilmentPaths.cancel, itemId, offerId),
    payload: { reason },
  });
const pickedUp = (client: StaffClient, itemId: number, offerId = BREW) =>
  client.request({ method: 'POST', url: action(fulfilmentPaths.pickedUp, itemId, offerId) });

/** The holder's own order answer (GET /partnerUser/{id}/orders/{orderId}) and its item `itemId`. */
async function holderItem(token: string, userId: number, orderId: number, itemId: number) {
  const res = await api(t.app, 'GET', `/partnerUser/${userId}/orders/${orderId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json();
  const items = [...order.products, ...order.deals, ...order.packages];
  return items.find((item: { id: number }) => item.id === itemId);
}

async function holderPoints(token: string, userId: number, offerId: number): Promise<number> {
  const res = await api(t.app, 'GET', `/partnerUser/${userId}/points/current?offerId=${offerId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().current_points;
}

async function itemRow(itemId: number) {
  const [row] = await t.database.db.select().from(order_items).where(eq(order_items.id, itemId));
  return row;
}

async function auditsOf(itemId: number) {
  return t.database.db
    .select()
    .from(console_audit)
    .where(and(eq(console_audit.object_type, 'order_item'), eq(console_audit.object_id, String(itemId))))
    .orderBy(asc(console_audit.id));
}

async function getawayStock() {
  const [row] = await t.database.db
    .select({ tickets: reward_items.tickets_available })
    .from(reward_items)
    .where(eq(reward_items.id, GETAWAY));
  return row?.tickets;
}

/** Ava claims the Getaway Night (Weekend, stock key 1307) on Lakeshore Rewards and completes: its item id. */
async function claimGetaway(): Promise<{ orderId: number; itemId: number }> {
  await t.database.db.transaction((tx) =>
    appendLedgerEntry(tx, {
      partnerUserId: AVA,
      offerId: REWARDS,
      dealId: 204,
      reasonText: 'test credit',
      points: 5000,
      valueDate: new Date(),
    }),
  );
  const created = await t.app.inject({
    method: 'POST',
    url: '/pass/api/cart',
    headers: passHeaders(TOKENS.avaRewards),
    payload: {
      offerId: REWARDS,
      partnerUserId: AVA,
      qty: { 1307: 1 },
      itemId: GETAWAY,
      itemType: 'product',
      deliveryMethod: 'shipped',
      payWithPoints: true,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const orderId: number = created.json().orderId;
  const done = await t.app.inject({
    method: 'PUT',
    url: `/pass/api/cart/${orderId}/complete`,
    headers: passHeaders(TOKENS.avaRewards),
    payload: { orderId },
  });
  expect(done.statusCode, done.body).toBe(200);
  const [item] = await t.database.db.select().from(order_items).where(eq(order_items.order_id, orderId));
  if (!item) throw new Error('the completed order has no item');
  return { orderId, itemId: item.id };
}

describe('fulfilment queue', () => {
  it('lists the shipped items to send with their address, and the pickups pending', async () => {
    const res = await viewer.request({ method: 'GET', url: queue(BREW) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const shipped = res.json();
    expect(shipped.total).toBe(1);
    expect(shipped.items[0]).toMatchObject({
      itemId: PINT_GLASSES,
      orderId: 9007,
      kind: 'shipped',
      holder: { id: SAM, email: 'sam@trailpass.example' },
      reward: 'Lakeshore Pint Glass Set',
      option: null,
      points: 100,
      shipTo: { recipient: false, name: 'Sam Staff', country: 'GB' },
      pickup: null,
    });
    const pickups = (await viewer.request({ method: 'GET', url: queue(BREW, '?kind=pickup') })).json();
    expect(pickups.total).toBe(2);
    // Oldest claim first by default.
    expect(pickups.items.map((row: { itemId: number }) => row.itemId)).toEqual([GROWLER, MUG]);
    expect(pickups.items[0]).toMatchObject({ kind: 'pickup', holder: { id: AVA }, shipTo: null });
    expect(pickups.items[0].pickup).toMatchObject({ slot: null });
  });

  it('sorts, pages and searches on the server, and refuses a bad query', async () => {
    const desc = (
      await viewer.request({ method: 'GET', url: queue(BREW, '?kind=pickup&order=desc') })
    ).json();
    expect(desc.items.map((row: { itemId: number }) => row.itemId)).toEqual([MUG, GROWLER]);
    const byReward = (
      await viewer.request({ method: 'GET', url: queue(BREW, '?kind=pickup&sort=reward&perPage=1&page=2') })
    ).json();
    expect(byReward).toMatchObject({ total: 2, items: [{ itemId: GROWLER }] });
    const mug = (await viewer.request({ method: 'GET', url: queue(BREW, '?kind=pickup&q=mug') })).json();
    expect(mug).toMatchObject({ total: 1, items: [{ itemId: MUG }] });
    const byHolder = (await viewer.request({ method: 'GET', url: queue(BREW, '?q=SAM%40trail') })).json();
    expect(byHolder.total).toBe(1);
    const nobody = (await viewer.request({ method: 'GET', url: queue(BREW, '?kind=pickup&q=sam') })).json();
    expect(nobody.total).toBe(0);
    for (const bad of ['?kind=lost', '?sort=points', '?perPage=101']) {
      const res = await viewer.request({ method: 'GET', url: queue(BREW, bad) });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });
});

describe('mark shipped', () => {
  it('refuses a body without tracking, an http link or a bad number, changing nothing', async () => {
    for (const body of [
      { carrier: 'UPS' },
      { carrier: ' ', trackingNumber: '1Z999' },
      { carrier: 'UPS', trackingUrl: 'http://ups.example/track/1' },
      { carrier: 'UPS', trackingUrl: 'javascript:alert(1)' },
      { carrier: 'UPS', trackingNumber: '1Z<script>' },
      { carrier: 'UPS', trackingNumber: '1Z999', extra: true },
    ]) {
      const res = await ship(manager, PINT_GLASSES, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await itemRow(PINT_GLASSES))?.redeemed).toBeNull();
  });

  it('ships with carrier and tracking: the holder’s order shows them, an e-mail is queued, audited', async () => {
    const before = await holderItem(TOKENS.samStaff, SAM, 9007, PINT_GLASSES);
    expect(before).toMatchObject({
      redeemed: null,
      carrier: null,
      tracking_number: null,
      tracking_url: null,
    });
    const res = await ship(manager, PINT_GLASSES, {
      carrier: 'UPS',
      trackingNumber: '1Z 999 AA1',
      trackingUrl: 'https://ups.example/track?n=1Z999AA1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      itemId: PINT_GLASSES,
      state: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z 999 AA1',
      trackingUrl: 'https://ups.example/track?n=1Z999AA1',
      refundedPoints: 0,
    });
    const after = await holderItem(TOKENS.samStaff, SAM, 9007, PINT_GLASSES);
    expect(after).toMatchObject({
      carrier: 'UPS',
      tracking_number: '1Z 999 AA1',
      tracking_url: 'https://ups.example/track?n=1Z999AA1',
      cancelled: null,
    });
    expect(after.redeemed).toBe(res.json().at);
    const mail = await lastMail(t, 'item-shipped', 'sam@trailpass.example');
    expect(mail.subject).toContain('Lakeshore Pint Glass Set');
    expect(mail.text_body).toContain('UPS');
    expect(mail.text_body).toContain('1Z 999 AA1');
    expect(mail.html_body).toContain('href="https://ups.example/track?n=1Z999AA1"');
    const [audit] = await auditsOf(PINT_GLASSES);
    expect(audit).toMatchObject({
      action: 'fulfilment.ship',
      staff_email: 'manager@lakeshore.test',
      partner_id: 1,
      offer_id: BREW,
    });
    expect(audit?.after).toMatchObject({ state: 'shipped', carrier: 'UPS', mailId: mail.id });
    // Out of the queue; shipping again is a conflict that changes nothing.
    expect((await viewer.request({ method: 'GET', url: queue(BREW) })).json().total).toBe(0);
    const again = await ship(owner, PINT_GLASSES, { carrier: 'DHL', trackingNumber: '42' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
    expect(again.json().message).toMatch(/already/);
    expect((await itemRow(PINT_GLASSES))?.carrier).toBe('UPS');
    const cancelled = await cancel(owner, PINT_GLASSES);
    expect(cancelled.statusCode).toBe(409);
    expect(await auditsOf(PINT_GLASSES)).toHaveLength(1);
  });

  it('answers 404 for an item of another offer, 422 for the wrong action, 403 for a viewer', async () => {
    expect((await ship(manager, TUMBLER, { carrier: 'UPS', trackingNumber: '1' })).statusCode).toBe(404);
    expect((await ship(manager, 999_999, { carrier: 'UPS', trackingNumber: '1' })).statusCode).toBe(404);
    const wrong = await ship(manager, GROWLER, { carrier: 'UPS', trackingNumber: '1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/pickup/);
    const viewerTry = await ship(viewer, TUMBLER, { carrier: 'UPS', trackingNumber: '1' }, REWARDS);
    expect(viewerTry.statusCode).toBe(403);
    expect((await itemRow(TUMBLER))?.redeemed).toBeNull();
  });
});

describe('mark picked up', () => {
  it('hands a pickup over once, audited; the holder’s order shows it redeemed', async () => {
    expect((await pickedUp(manager, GROWLER)).statusCode).toBe(200);
    const item = await holderItem(TOKENS.avaBrew, AVA, 9011, GROWLER);
    expect(item.redeemed).not.toBeNull();
    expect(item.carrier).toBeNull();
    expect((await pickedUp(manager, GROWLER)).statusCode).toBe(409);
    expect((await auditsOf(GROWLER)).map((row) => row.action)).toEqual(['fulfilment.picked_up']);
  });
});

describe('cancel an item', () => {
  it('refunds its points into the ledger with the running balance the holder’s app reads', async () => {
    const before = await holderPoints(TOKENS.avaRewards, AVA, REWARDS);
    const res = await cancel(manager, TUMBLER, REWARDS, 'the tumbler is discontinued');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'cancelled', refundedPoints: 450, stockReturned: false });
    expect(await holderPoints(TOKENS.avaRewards, AVA, REWARDS)).toBe(before + 450);
    const [credit] = await t.database.db
      .select()
      .from(points_ledger)
      .where(and(eq(points_ledger.redeemed_item_id, TUMBLER), eq(points_ledger.points, 450)));
    expect(credit).toMatchObject({
      deal_id: 204,
      reason_text: 'refund: Insulated Tumbler cancelled',
      balance: before + 450,
    });
    const item = await holderItem(TOKENS.avaRewards, AVA, 9009, TUMBLER);
    expect(item.cancelled).toBe(res.json().at);
    expect(item.redeemed).toBeNull();
    const [audit] = await auditsOf(TUMBLER);
    expect(audit?.after).toMatchObject({ reason: 'the tumbler is discontinued', refunds: [{ points: 450 }] });
    // Cancelled items leave the queue and cannot be shipped.
    expect((await ship(manager, TUMBLER, { carrier: 'UPS', trackingNumber: '1' }, REWARDS)).statusCode).toBe(
      409,
    );
    const list = (await viewer.request({ method: 'GET', url: queue(REWARDS) })).json();
    expect(list.items.map((row: { itemId: number }) => row.itemId)).not.toContain(TUMBLER);
  });

  it('returns a limited reward’s unit to its stock', async () => {
    const stockBefore = await getawayStock();
    const { itemId } = await claimGetaway();
    const taken = await getawayStock();
    const pending = await t.database.db
      .select()
      .from(reward_stock_takes)
      .where(eq(reward_stock_takes.order_item_id, itemId));
    // Taken from the stored count (or as a pending take): either way one fewer is left.
    expect(pending.length + (stockBefore?.['1307'] ?? 0) - (taken?.['1307'] ?? 0)).toBe(1);
    const res = await cancel(manager, itemId, REWARDS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stockReturned).toBe(true);
    expect(await getawayStock()).toEqual(stockBefore);
  });

  it('a cancelled pickup can no longer be confirmed by the holder', async () => {
    const res = await cancel(manager, MUG, BREW, 'the mugs broke in transit');
    expect(res.statusCode, res.body).toBe(200);
    const confirm = await api(t.app, 'POST', `/partnerUser/${AVA}/redeem`, TOKENS.avaBrew, {
      payload: { partnerUserId: AVA, orderItemIds: [MUG] },
    });
    expect(confirm.statusCode, confirm.body).toBe(409);
    expect(confirm.json().error.message).toBe('This item was cancelled and its points were given back.');
    expect((await itemRow(MUG))?.redeemed).toBeNull();
  });

  it('a reason is required', async () => {
    const res = await manager.request({
      method: 'POST',
      url: action(fulfilmentPaths.cancel, MUG),
      payload: { reason: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('two staff on one item at once', () => {
  it('parallel cancels: one wins, the others get 409; one refund, one unit back', async () => {
    const stockBefore = await getawayStock();
    const { itemId } = await claimGetaway();
    const points = await holderPoints(TOKENS.avaRewards, AVA, REWARDS);
    const results = await Promise.all([
      cancel(manager, itemId, REWARDS),
      cancel(owner, itemId, REWARDS),
      cancel(manager, itemId, REWARDS),
      ship(owner, itemId, { carrier: 'UPS', trackingNumber: '1Z' }, REWARDS),
      cancel(owner, itemId, REWARDS),
    ]);
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes, results.map((res) => res.body).join('\n')).toEqual([200, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    }
    const winner = results.find((res) => res.statusCode === 200)?.json();
    const credits = await t.database.db
      .select()
      .from(points_ledger)
      .where(and(eq(points_ledger.redeemed_item_id, itemId)))
      .orderBy(asc(points_ledger.id));
    const audits = await auditsOf(itemId);
    expect(audits).toHaveLength(1);
    if (winner.state === 'cancelled') {
      // The debit and exactly one credit of the same size.
      expect(credits.map((row) => row.points)).toEqual([credits[0]?.points, -(credits[0]?.points ?? 0)]);
      expect(await holderPoints(TOKENS.avaRewards, AVA, REWARDS)).toBe(points + winner.refundedPoints);
      expect(await getawayStock()).toEqual(stockBefore);
    } else {
      expect(credits).toHaveLength(1);
      expect(await holderPoints(TOKENS.avaRewards, AVA, REWARDS)).toBe(points);
    }
  });
});
