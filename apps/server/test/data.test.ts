import { gunzipSync, gzipSync } from 'node:zlib';
import { dataResponse } from '@trailpass/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GZIP_LEVEL } from '../src/plugins/compression';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

const NOW = new Date();
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});

afterAll(async () => {
  await t?.close();
});

async function getData(token: string) {
  const res = await api(t.app, 'GET', '/data', token);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  // Every field of the contract is present, and nothing else.
  expect(Object.keys(body).sort()).toEqual(Object.keys(dataResponse.shape).sort());
  return dataResponse.parse(body);
}

describe('GET /data: Ava on Lakeshore Brew Trail (gamified offer 101)', () => {
  it('has the offer, partner, user and flags', async () => {
    const data = await getData(TOKENS.avaBrew);
    expect(data.validated).toBe(true);
    expect(data.offer?.id).toBe(101);
    expect(data.offer?.use_points).toBe(false);
    expect(data.offer?.isPreview).toBe(false);
    expect(data.offer?.media.map((m) => m.location)).toEqual(['Login', 'HorizontalLogo', 'Header']);
    expect(data.offer?.media[0]?.url).toBe('/pass/media/brew-trail-login.svg');
    expect(data.partner?.id).toBe(1);
    expect(data.partner?.media.length).toBe(6);
    expect(data.partner_user).toMatchObject({ id: 1001, email: 'ava@example.com', first_name: 'Ava' });
    expect(data.isPreview).toBe(false);
    expect(data.isUnregisteredLink).toBe(false);
    expect(data.venue).toBeNull();
    expect(data.unregistered_links).toEqual([]);
    expect(data.internal_staff).toBe(false);
    expect(data.offerFields).toEqual([]);
  });

  it('lists only the FAQs meant for the pass', async () => {
    const data = await getData(TOKENS.avaBrew);
    const ids = data.offer?.faqs.map((f) => f.id);
    expect(ids).toContain(4001);
    expect(ids).not.toContain(4007);
    expect(data.offer?.faqs.every((f) => f.showOnMobilePass)).toBe(true);
  });

  it('has 205 points on deal 201, all expiring with the deal 45 days after import', async () => {
    const data = await getData(TOKENS.avaBrew);
    const expiry = { date: at(45 * DAY), points: 205 };
    expect(data.current_points).toBe(205);
    expect(data.next_points_expiration).toEqual(expiry);
    const d201 = data.deals.find((d) => d.id === 201);
    expect(d201).toMatchObject({
      current_points: 205,
      next_points_expiration: expiry,
      totalProductsCount: 8,
    });
    expect(d201?.points_valid_until).toBe(at(45 * DAY));
    expect(d201?.order_deals).toEqual([{ id: 9103, order_id: 9003 }]);
    const d202 = data.deals.find((d) => d.id === 202);
    expect(d202).toMatchObject({ current_points: 0, next_points_expiration: null });
    expect(data.deals.find((d) => d.id === 207)?.order_deals).toEqual([]);
  });

  it('has 2 unread messages and 2 of 3 lists subscribed', async () => {
    const data = await getData(TOKENS.avaBrew);
    expect(data.messageCounts.unread).toBe(2);
    expect(data.messageLists.map((l) => [l.id, l.subscribed])).toEqual([
      [801, 1],
      [802, 1],
      [803, 0],
    ]);
  });

  it('derives order deals, order products, product counts and ticket timers', async () => {
    const data = await getData(TOKENS.avaBrew);
    expect(data.order_deals.map((od) => od.id).sort()).toEqual([9102, 9103, 9104]);
    expect(data.order_deals.every((od) => od.type === 'deal')).toBe(true);
    const op = (id: number) => {
      const found = data.order_products.find((o) => o.id === id);
      if (!found) throw new Error(`order product ${id} missing`);
      return found;
    };
    expect(op(9308)).toMatchObject({ product_id: 504, order_id: 9003, order_deal_id: 9103 });
    // 504: redeemed 5 minutes ago, hides 15 minutes after redemption: 10 minutes left.
    expect(op(9308).ticket).toEqual({ id: 9507, order_product_id: 9308, timer: 600, initialTimer: 900 });
    // 505: redeemed 3 hours ago, 2-hour hide: already hidden; repeats daily.
    expect(op(9309).ticket?.timer).toBe(-1);
    expect(op(9309).repeatDate).toBe(at(21 * 3_600_000));
    expect(op(9309).duplicate_date).toBe(at(21 * 3_600_000));
    // 508: expired 20 minutes ago, hides 30 minutes after expiry.
    expect(op(9312).ticket).toMatchObject({ timer: 600, initialTimer: 1800 });
    // 501 and 503 are check-ins.
    expect(op(9305).ticket?.timer).toBe(0);
    expect(op(9307).ticket?.timer).toBe(0);
    // Not redeemed: no ticket.
    expect(op(9310).ticket).toBeNull();
    expect(op(9313)).toMatchObject({ deal_id: 0, order_deal_id: null, product_id: 519 });
    expect(op(9308).redeemed).toBe(at(-5 * 60_000));

    const product = (id: number) => data.products.find((p) => p.id === id);
    expect(product(501)).toMatchObject({
      venueName: 'Anchor & Oar Brewing',
      redeemedCount: 1,
      unRedeemedCount: 0,
    });
    expect(product(502)).toMatchObject({ redeemedCount: 0, unRedeemedCount: 1 });
    expect(product(522)).toMatchObject({ redeemedCount: 0, unRedeemedCount: 0 });
    expect(product(504)?.ticket_settings?.hide_ticket.after_redemption).toEqual({
      amount: 15,
      type: 'minutes',
    });
    expect(data.products.length).toBe(16);
  });

  it('is not cached and is compressed', async () => {
    const res = await api(t.app, 'GET', '/data', TOKENS.avaBrew, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('is gzip at the fast level for a client that does not take Brotli', async () => {
    const res = await api(t.app, 'GET', '/data', TOKENS.avaBrew, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = gunzipSync(res.rawPayload);
    expect(JSON.parse(body.toString('utf8')).offer.id).toBe(101);
    // The bytes the fast level makes of this answer, more than zlib's default level 6 would.
    expect(res.rawPayload.length).toBe(gzipSync(body, { level: GZIP_LEVEL }).length);
    expect(res.rawPayload.length).toBeGreaterThan(gzipSync(body).length);
  });

  it('runs a fixed, small number of queries', async () => {
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const spy = vi.spyOn(client, 'query');
    try {
      await getData(TOKENS.avaBrew);
      // Session lookup + 12 reads for a signed-in user, whatever the number of deals, products or orders.
      console.info(`queries for a signed-in GET /data: ${spy.mock.calls.length}`);
      expect(spy.mock.calls.length).toBeLessThanOrEqual(13);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /data: other sessions', () => {
  it('Ava on Lakeshore Rewards: points offer, 1200 points, 50 expiring in 15 days', async () => {
    const data = await getData(TOKENS.avaRewards);
    expect(data.offer).toMatchObject({ id: 102, use_points: true });
    expect(data.current_points).toBe(1200);
    expect(data.next_points_expiration).toEqual({ date: at(15 * DAY), points: 50 });
    expect(data.deals.map((d) => d.id)).toEqual([204]);
    expect(data.messageCounts.unread).toBe(1);
    expect(data.order_deals.map((od) => od.deal_id)).toEqual([204]);
  });

  it('Noah: empty states', async () => {
    const data = await getData(TOKENS.noahEmpty);
    expect(data.partner_user?.id).toBe(1003);
    expect(data.current_points).toBe(0);
    expect(data.next_points_expiration).toBeNull();
    expect(data.order_deals).toEqual([]);
    expect(data.order_products).toEqual([]);
    expect(data.messageCounts.unread).toBe(0);
    expect(data.messageLists.every((l) => l.subscribed === 0)).toBe(true);
    expect(data.messageLists.length).toBe(3);
    expect(data.deals.every((d) => d.order_deals.length === 0 && d.current_points === 0)).toBe(true);
    expect(data.internal_staff).toBe(false);
  });

  it('Harper: Check-In partner 942', async () => {
    const data = await getData(TOKENS.harperCheckin);
    expect(data.partner?.id).toBe(942);
    expect(data.offer?.id).toBe(103);
    expect(data.partner_user).toMatchObject({ id: 1004, state: 'ON', country: 'CA' });
    expect(data.messageLists.map((l) => [l.id, l.subscribed])).toEqual([[804, 0]]);
    expect(data.internal_staff).toBe(false);
  });

  it('Sam: internal staff by the provider e-mail domain', async () => {
    const data = await getData(TOKENS.samStaff);
    expect(data.partner_user?.email).toBe('sam@trailpass.example');
    expect(data.internal_staff).toBe(true);
    expect(data.current_points).toBe(400);
  });

  it('guest: signed out, no user data', async () => {
    const data = await getData(TOKENS.guestBrew);
    expect(data.validated).toBe(false);
    expect(data.partner_user).toBeNull();
    expect(data.offer?.id).toBe(101);
    expect(data.deals.length).toBe(4);
    expect(data.order_products).toEqual([]);
    expect(data.current_points).toBe(0);
    expect(data.messageCounts.unread).toBe(0);
    expect(data.messageLists.every((l) => l.subscribed === 0)).toBe(true);
    expect(data.internal_staff).toBe(false);
    // Decision 0022: the guest link is public; the app trades it for a visitor session of its own.
    expect(data.public_link).toBe(true);
  });

  it.each([
    [TOKENS.previewProduct, 'product', 504, null],
    [TOKENS.previewVenue, 'venue', 302, null],
    [TOKENS.previewDealProduct, 'product', 507, 201],
    [TOKENS.previewSubmission, 'product', 501, null],
  ] as const)('preview link %s', async (token, type, typeId, dealId) => {
    const data = await getData(token);
    expect(data.isPreview).toBe(true);
    expect(data.preview_type).toBe(type);
    expect(data.preview_type_id).toBe(typeId);
    expect(data.preview_deal_id).toBe(dealId);
    expect(data.offer).toMatchObject({
      id: 101,
      isPreview: true,
      previewType: type,
      previewTypeId: typeId,
      previewDealId: dealId,
    });
    expect(data.partner_user).toBeNull();
    expect(data.messageCounts.unread).toBe(0);
  });

  it('unregistered venue link: no offer, 3 passes from 2 partners', async () => {
    const data = await getData(TOKENS.unregVenue301);
    expect(data.isUnregisteredLink).toBe(true);
    expect(data.offer).toBeNull();
    expect(data.partner).toBeNull();
    expect(data.partner_user).toBeNull();
    expect(data.venue?.id).toBe(301);
    expect(data.venue?.name).toBe('Anchor & Oar Brewing');
    expect(data.unregistered_links.map((l) => l.pass.name)).toEqual([
      'Lakeshore Brew Trail',
      'Lakeshore Rewards',
      'Northwoods Passport',
    ]);
    expect(new Set(data.unregistered_links.map((l) => l.pass.partner.id))).toEqual(new Set([1, 3]));
    expect(data.unregistered_links[0]).toMatchObject({
      url: 'visitlakeshore.example/brew-trail',
      pass: { id: 101, partner: { id: 1, name: 'Visit Lakeshore', website: 'visitlakeshore.example' } },
    });
    expect(data.unregistered_links[0]?.pass.media.length).toBeGreaterThan(0);
    expect(data.unregistered_links[0]?.pass.partner.media.length).toBeGreaterThan(0);
    expect(data.unregistered_links[0]?.pass.highlights).toContain('\n');
    expect(data.deals).toEqual([]);
  });

  it('never logs a token', () => {
    const logs = t.logs.text();
    expect(logs.length).toBeGreaterThan(0);
    for (const token of Object.values(TOKENS)) expect(logs).not.toContain(token);
  });
});
