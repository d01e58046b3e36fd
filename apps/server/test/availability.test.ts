import { REDEEM_BLOCK_MESSAGES } from '@trailpass/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availability_dates, item_dates, order_items } from '../src/db/schema';
import {
  ALREADY_PICKED_UP_MESSAGE,
  CHOOSE_PICKUP_POINT_MESSAGE,
  isAhead,
  localNow,
  NO_DATES_MESSAGE,
  offeredDates,
  PICKUP_POINT_NOT_OFFERED_MESSAGE,
  SHIPPED_ITEM_MESSAGE,
  TIME_NOT_OFFERED_MESSAGE,
} from '../src/modules/availability/domain';
import { dumpDatabase } from './db/fixtures';
import { api, createTestApp, expectError, expectOk, type TestApp, TOKENS } from './helpers';

// Demo (demo/README.md, availability), all in America/Chicago. With the clock at 2026-06-01 12:00 UTC it
// is 07:00 on June 1 there, and @now+Nd is June 1+N.
// - 5001, reward item 1202 (growler, offer 101): pickup points 5101 (Taproom bar) and 5102 (Beer garden);
//   June 2 at 5101 16:00-19:00, June 3 at 5101 12:00 and 13:00 and at 5102 12:30, June 4 at 5101 booked.
// - 5002, reward item 1211 (cruise, offer 102): point 5103; June 5 19:00, June 12 18:45.
// - 5003, product 507 (brewery tour, offer 101): no pickup points; June 3 14:00 and 16:00, June 10 14:00.
// Ava's order item 9412 is the growler (picked_up, not yet), 9413 the mug (no availability), 9407 shipped
// pint glasses; 9410 (offer 102) a shipped tumbler not yet sent. Her order product 9311 is the tour (2
// uses left), 9305 a used check-in. Sam's (1002) are order item 9408 and order product 9316.
const NOW = new Date('2026-06-01T12:00:00.000Z');
const ZONE = 'America/Chicago';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});

afterAll(async () => {
  await t?.close();
});

type Res = Awaited<ReturnType<typeof api>>;

const get = (token: string, path: string) => api(t.app, 'GET', path, token);
const dates = (token: string, query: string) => get(token, `/availableDates?${query}`);
const times = (token: string, query: string) => get(token, `/availableTimes?${query}`);
const points = (token: string, query: string) => get(token, `/pickupPoints?${query}`);
const choose = (payload: unknown, opts: { token?: string; user?: number | string } = {}) =>
  api(t.app, 'POST', `/partnerUser/${opts.user ?? 1001}/itemDates`, opts.token ?? TOKENS.avaBrew, {
    payload: payload as object,
  });

async function storedDates() {
  return t.database.db.select().from(item_dates).orderBy(item_dates.id);
}

async function clearDates() {
  await t.database.db.delete(item_dates);
}

describe('GET /availableDates (spec 7, Availability)', () => {
  it('lists a pickup reward’s dates per pickup point, a booked date as not available', async () => {
    expect(expectOk(await dates(TOKENS.avaBrew, 'itemIds=1202&itemType=reward_item'))).toEqual({
      items: [
        {
          item_id: 1202,
          item_type: 'reward_item',
          timezone: ZONE,
          dates: [
            { date: '2026-06-02', pickup_point_id: 5101, available: true },
            { date: '2026-06-03', pickup_point_id: 5101, available: true },
            { date: '2026-06-03', pickup_point_id: 5102, available: true },
            { date: '2026-06-04', pickup_point_id: 5101, available: false },
          ],
        },
      ],
    });
  });

  it('lists a bookable product’s dates (itemType=product, as the spec sends)', async () => {
    expect(expectOk(await dates(TOKENS.avaBrew, 'itemIds=507&itemType=product')).items).toEqual([
      {
        item_id: 507,
        item_type: 'product',
        timezone: ZONE,
        dates: [
          { date: '2026-06-03', pickup_point_id: null, available: true },
          { date: '2026-06-10', pickup_point_id: null, available: true },
        ],
      },
    ]);
  });

  it('answers each item asked for, in order; an item without availability has no dates', async () => {
    for (const query of [
      'itemIds=1203,1202&itemType=reward_item',
      'itemIds=1203&itemIds=1202&itemType=reward_item',
    ]) {
      const body = expectOk(await dates(TOKENS.avaBrew, query));
      expect(body.items.map((item: { item_id: number }) => item.item_id)).toEqual([1203, 1202]);
      expect(body.items[0]).toEqual({ item_id: 1203, item_type: 'reward_item', timezone: null, dates: [] });
    }
    // A repeated id counts once.
    expect(expectOk(await dates(TOKENS.avaBrew, 'itemIds=507,507&itemType=product')).items).toHaveLength(1);
  });

  it('keeps to one pickup point when asked', async () => {
    const body = expectOk(await dates(TOKENS.avaBrew, 'itemIds=1202&itemType=reward_item&pickupPoint=5102'));
    expect(body.items[0].dates).toEqual([{ date: '2026-06-03', pickup_point_id: 5102, available: true }]);
  });

  it('serves a points offer’s reward (Ava on Lakeshore Rewards)', async () => {
    const body = expectOk(await dates(TOKENS.avaRewards, 'itemIds=1211&itemType=reward_item'));
    expect(body.items[0].dates).toEqual([
      { date: '2026-06-05', pickup_point_id: 5103, available: true },
      { date: '2026-06-12', pickup_point_id: 5103, available: true },
    ]);
  });

  it('leaves out past dates and a today whose times have all passed', async () => {
    const db = t.database.db;
    const added = await db
      .insert(availability_dates)
      .values([
        { availability_id: 5003, position: 10, date: '2026-05-31', times: ['20:00'] },
        { availability_id: 5003, position: 11, date: '2026-06-01', times: ['06:00', '07:00', '20:00'] },
        { availability_id: 5001, position: 12, date: '2026-06-01', pickup_point_id: 5102, times: ['06:30'] },
      ])
      .returning({ id: availability_dates.id });
    try {
      const product = expectOk(await dates(TOKENS.avaBrew, 'itemIds=507&itemType=product')).items[0];
      expect(product.dates[0]).toEqual({ date: '2026-06-01', pickup_point_id: null, available: true });
      expect(product.dates).toHaveLength(3);
      const reward = expectOk(await dates(TOKENS.avaBrew, 'itemIds=1202&itemType=reward_item')).items[0];
      expect(reward.dates[0].date).toBe('2026-06-02');
      // Only 20:00 is ahead: 07:00 is now, not later.
      expect(
        expectOk(await times(TOKENS.avaBrew, 'itemIds=507&itemType=product&date=2026-06-01')).items[0].times,
      ).toEqual([{ time: '20:00', pickup_point_id: null }]);
      expect(
        expectOk(await times(TOKENS.avaBrew, 'itemIds=507&itemType=product&date=2026-05-31')).items[0].times,
      ).toEqual([]);
    } finally {
      await db.delete(availability_dates).where(
        inArray(
          availability_dates.id,
          added.map((row) => row.id),
        ),
      );
    }
  });
});

describe('GET /availableTimes (spec 7, Availability)', () => {
  it('lists one date’s times, ascending, each with its pickup point', async () => {
    expect(
      expectOk(await times(TOKENS.avaBrew, 'itemIds=1202&itemType=reward_item&date=2026-06-03')),
    ).toEqual({
      date: '2026-06-03',
      items: [
        {
          item_id: 1202,
          item_type: 'reward_item',
          timezone: ZONE,
          times: [
            { time: '12:00', pickup_point_id: 5101 },
            { time: '12:30', pickup_point_id: 5102 },
            { time: '13:00', pickup_point_id: 5101 },
          ],
        },
      ],
    });
    const atBar = expectOk(
      await times(TOKENS.avaBrew, 'itemIds=1202&itemType=reward_item&date=2026-06-03&pickupPoint=5101'),
    );
    expect(atBar.items[0].times.map((slot: { time: string }) => slot.time)).toEqual(['12:00', '13:00']);
    const tour = expectOk(await times(TOKENS.avaBrew, 'itemIds=507&itemType=product&date=2026-06-03'));
    expect(tour.items[0].times).toEqual([
      { time: '14:00', pickup_point_id: null },
      { time: '16:00', pickup_point_id: null },
    ]);
  });

  it('is empty on a fully booked date and on a date not offered', async () => {
    for (const date of ['2026-06-04', '2026-06-20']) {
      const body = expectOk(await times(TOKENS.avaBrew, `itemIds=1202&itemType=reward_item&date=${date}`));
      expect(body.items[0].times).toEqual([]);
    }
  });
});

describe('GET /pickupPoints (spec 7, Availability)', () => {
  it('lists a reward’s pickup points in order with their venue', async () => {
    expect(expectOk(await points(TOKENS.avaBrew, 'productId=1202&itemType=reward_item'))).toEqual({
      item_id: 1202,
      item_type: 'reward_item',
      pickup_points: [
        {
          id: 5101,
          name: 'Taproom bar',
          venue_id: 301,
          venue_name: 'Anchor & Oar Brewing',
          address: '118 Harbor Street, Port Alder, WI 54290',
        },
        {
          id: 5102,
          name: 'Beer garden pickup window',
          venue_id: 301,
          venue_name: 'Anchor & Oar Brewing',
          address: '118 Harbor Street, Port Alder, WI 54290',
        },
      ],
    });
  });

  it('reads productId as a product when itemType is left out; one without pickup points has none', async () => {
    expect(expectOk(await points(TOKENS.avaBrew, 'productId=507'))).toEqual({
      item_id: 507,
      item_type: 'product',
      pickup_points: [],
    });
  });
});

describe('availability reads: who may ask, and bad input', () => {
  const reads: Array<[string, (token: string, query: string) => Promise<Res>, string]> = [
    ['dates', dates, 'itemIds=1202&itemType=reward_item'],
    ['times', times, 'itemIds=1202&itemType=reward_item&date=2026-06-03'],
    ['points', points, 'productId=1202&itemType=reward_item'],
  ];

  it('answer 404 for another offer’s item, an unknown item or someone else’s pickup point', async () => {
    const messages = new Set<string>();
    for (const [token, query] of [
      [TOKENS.avaBrew, 'itemIds=1211&itemType=reward_item'], // offer 102's, and this pass is 101
      [TOKENS.avaRewards, 'itemIds=1202&itemType=reward_item'],
      [TOKENS.avaBrew, 'itemIds=1202,1211&itemType=reward_item'],
      [TOKENS.avaBrew, 'itemIds=999999&itemType=reward_item'],
      [TOKENS.avaBrew, 'itemIds=1202&itemType=product'], // no product 1202
      [TOKENS.avaBrew, 'itemIds=513&itemType=product'], // offer 102's product
      [TOKENS.avaBrew, 'itemIds=1202&itemType=reward_item&pickupPoint=5103'],
      [TOKENS.avaBrew, 'itemIds=507&itemType=product&pickupPoint=5101'],
    ] as const) {
      messages.add(expectError(await dates(token, query), 404, 'not_found').message);
      messages.add(expectError(await times(token, `${query}&date=2026-06-03`), 404, 'not_found').message);
    }
    for (const query of ['productId=1211&itemType=reward_item', 'productId=1202', 'productId=513']) {
      messages.add(expectError(await points(TOKENS.avaBrew, query), 404, 'not_found').message);
    }
    expect(messages.size).toBe(1);
  });

  it('answer 403 in preview and on an unregistered link, 404 signed out, 401 without a known token', async () => {
    for (const [, call, query] of reads) {
      expectError(await call(TOKENS.previewDealProduct, query), 403, 'forbidden');
      expectError(await call(TOKENS.previewProduct, query), 403, 'forbidden');
      expectError(await call(TOKENS.unregVenue301, query), 403, 'forbidden');
      expectError(await call(TOKENS.guestBrew, query), 404, 'not_found');
      expectError(await call('no-such-token', query), 401, 'unauthorized');
    }
  });

  it('answer 400 for missing or malformed parameters', async () => {
    for (const [query, field] of [
      ['itemType=reward_item', 'itemIds'],
      ['itemIds=1202', 'itemType'],
      ['itemIds=1202&itemType=deal', 'itemType'],
      ['itemIds=abc&itemType=reward_item', 'itemIds'],
      ['itemIds=1202,,1203&itemType=reward_item', 'itemIds'],
      ['itemIds=0&itemType=reward_item', 'itemIds'],
      ['itemIds=99999999999&itemType=reward_item', 'itemIds'],
      [`itemIds=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}&itemType=product`, 'itemIds'],
      ['itemIds=1202&itemType=reward_item&pickupPoint=0', 'pickupPoint'],
      ['itemIds=1202&itemType=reward_item&page=1', 'page'],
    ]) {
      const error = expectError(await dates(TOKENS.avaBrew, query as string), 400, 'invalid_input');
      expect(Object.keys(error.fields ?? {}), query).toEqual([field]);
    }
    for (const [query, field] of [
      ['itemIds=1202&itemType=reward_item', 'date'],
      ['itemIds=1202&itemType=reward_item&date=2026-02-30', 'date'],
      ['itemIds=1202&itemType=reward_item&date=tomorrow', 'date'],
      ['itemIds=1202&itemType=reward_item&date=2026-6-3', 'date'],
    ]) {
      const error = expectError(await times(TOKENS.avaBrew, query as string), 400, 'invalid_input');
      expect(Object.keys(error.fields ?? {})).toEqual([field]);
    }
    for (const query of ['', 'productId=x', 'productId=1202&itemType=deal', 'productId=1202&itemIds=1']) {
      expectError(await points(TOKENS.avaBrew, query), 400, 'invalid_input');
    }
  });

  it('change nothing', async () => {
    const before = await dumpDatabase(t.database.db);
    for (const [, call, query] of reads) {
      await call(TOKENS.avaBrew, query);
      await call(TOKENS.avaRewards, query);
    }
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });
});

describe('POST /partnerUser/{id}/itemDates (spec 7, Availability)', () => {
  it('stores the chosen pickup slot for the holder’s pickup reward, and replaces it when chosen again', async () => {
    await clearDates();
    const first = expectOk(
      await choose({
        products: [{ orderItemId: 9412, date: '2026-06-03', time: '12:30', pickupPoint: 5102 }],
      }),
    );
    expect(first.products).toEqual([
      {
        id: expect.any(Number),
        order_item_id: 9412,
        order_product_id: null,
        date: '2026-06-03',
        time: '12:30',
        pickup_point_id: 5102,
        timezone: ZONE,
      },
    ]);
    const again = expectOk(
      await choose({
        products: [{ orderItemId: 9412, date: '2026-06-02', time: '18:00', pickupPoint: 5101 }],
      }),
    );
    expect(again.products[0]).toMatchObject({ id: first.products[0].id, date: '2026-06-02', time: '18:00' });
    const rows = await storedDates();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      partner_user_id: 1001,
      order_item_id: 9412,
      availability_id: 5001,
      date: '2026-06-02',
      time: '18:00',
      pickup_point_id: 5101,
    });
    // The order answers show it on the item, as the venue's clock reads it.
    const order = expectOk(await get(TOKENS.avaBrew, '/partnerUser/1001/orders/9011'));
    expect(order.products[0].pickup_slot).toEqual({
      date: '2026-06-02',
      time: '18:00',
      timezone: ZONE,
      pickup_point: { id: 5101, name: 'Taproom bar', venue_id: 301 },
    });
  });

  it('stores a booking for an order product, and several choices in one request', async () => {
    await clearDates();
    const body = expectOk(
      await choose({
        products: [
          { orderProductId: 9311, date: '2026-06-10', time: '14:00' },
          { orderItemId: 9412, date: '2026-06-03', time: '13:00', pickupPoint: 5101 },
        ],
      }),
    );
    expect(body.products.map((row: { order_product_id: number | null }) => row.order_product_id)).toEqual([
      9311,
      null,
    ]);
    expect(body.products[0]).toMatchObject({ pickup_point_id: null, timezone: ZONE, time: '14:00' });
    expect(await storedDates()).toHaveLength(2);
  });

  it('answers 422 for a slot the availability does not offer, and stores none of the request', async () => {
    await clearDates();
    const cases: Array<[object, string, string]> = [
      [
        { orderItemId: 9412, date: '2026-06-03', time: '15:00', pickupPoint: 5101 },
        'time',
        TIME_NOT_OFFERED_MESSAGE,
      ],
      [
        { orderItemId: 9412, date: '2026-06-03', time: '12:30', pickupPoint: 5101 },
        'time',
        TIME_NOT_OFFERED_MESSAGE,
      ],
      [
        { orderItemId: 9412, date: '2026-06-04', time: '16:00', pickupPoint: 5101 },
        'time',
        TIME_NOT_OFFERED_MESSAGE,
      ],
      [{ orderItemId: 9412, date: '2026-06-03', time: '12:00' }, 'pickupPoint', CHOOSE_PICKUP_POINT_MESSAGE],
      [
        { orderItemId: 9412, date: '2026-06-05', time: '19:00', pickupPoint: 5103 },
        'pickupPoint',
        PICKUP_POINT_NOT_OFFERED_MESSAGE,
      ],
      [{ orderProductId: 9311, date: '2026-06-03', time: '15:00' }, 'time', TIME_NOT_OFFERED_MESSAGE],
      [
        { orderProductId: 9311, date: '2026-06-03', time: '14:00', pickupPoint: 5101 },
        'pickupPoint',
        PICKUP_POINT_NOT_OFFERED_MESSAGE,
      ],
      [{ orderItemId: 9413, date: '2026-06-03', time: '12:00' }, 'orderItemId', NO_DATES_MESSAGE],
    ];
    const before = await dumpDatabase(t.database.db);
    for (const [choice, field, message] of cases) {
      // A good choice first: the bad one after it must undo it.
      const leader =
        'orderProductId' in choice
          ? { orderItemId: 9412, date: '2026-06-03', time: '13:00', pickupPoint: 5101 }
          : { orderProductId: 9311, date: '2026-06-10', time: '14:00' };
      const res = await choose({ products: [leader, choice] });
      const error = expectError(res, 422, 'unprocessable');
      expect(error.message).toBe(message);
      expect(error.fields).toEqual({ [`products.1.${field}`]: message });
    }
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('answers 422 for a time of today that has passed', async () => {
    const db = t.database.db;
    const [row] = await db
      .insert(availability_dates)
      .values({ availability_id: 5003, position: 20, date: '2026-06-01', times: ['06:00', '07:00', '21:00'] })
      .returning({ id: availability_dates.id });
    try {
      for (const time of ['06:00', '07:00']) {
        const res = await choose({ products: [{ orderProductId: 9311, date: '2026-06-01', time }] });
        expect(expectError(res, 422, 'unprocessable').message).toBe(TIME_NOT_OFFERED_MESSAGE);
      }
      expectOk(await choose({ products: [{ orderProductId: 9311, date: '2026-06-01', time: '21:00' }] }));
    } finally {
      await clearDates();
      if (row) await db.delete(availability_dates).where(eq(availability_dates.id, row.id));
    }
  });

  it('answers 422 for a shipped item and 409 for one picked up or used', async () => {
    const shipped = expectError(
      await choose(
        { products: [{ orderItemId: 9410, date: '2026-06-05', time: '19:00', pickupPoint: 5103 }] },
        { token: TOKENS.avaRewards },
      ),
      422,
      'unprocessable',
    );
    expect(shipped.message).toBe(SHIPPED_ITEM_MESSAGE);
    const used = expectError(
      await choose({ products: [{ orderProductId: 9305, date: '2026-06-03', time: '14:00' }] }),
      409,
      'conflict',
    );
    expect(used.message).toBe(REDEEM_BLOCK_MESSAGES.used);
    const db = t.database.db;
    await db.update(order_items).set({ completed: NOW, redeemed: NOW }).where(eq(order_items.id, 9412));
    try {
      const done = expectError(
        await choose({
          products: [{ orderItemId: 9412, date: '2026-06-03', time: '12:00', pickupPoint: 5101 }],
        }),
        409,
        'conflict',
      );
      expect(done.message).toBe(ALREADY_PICKED_UP_MESSAGE);
    } finally {
      await db.update(order_items).set({ completed: null, redeemed: null }).where(eq(order_items.id, 9412));
    }
  });

  it('answers 404 for another user’s or another offer’s items, another user id and a signed-out pass', async () => {
    const growler = { orderItemId: 9412, date: '2026-06-03', time: '12:00', pickupPoint: 5101 };
    const messages = new Set<string>();
    for (const [payload, opts] of [
      [{ products: [{ ...growler, orderItemId: 9408 }] }, {}], // Sam's pint glasses
      [{ products: [{ orderProductId: 9316, date: '2026-06-03', time: '14:00' }] }, {}], // Sam's check-in
      [{ products: [{ orderProductId: 9301, date: '2026-06-03', time: '14:00' }] }, {}], // Ava's, offer 102
      [{ products: [{ ...growler, orderItemId: 999999 }] }, {}],
      [{ products: [growler, { ...growler, orderItemId: 9408 }] }, {}],
      [{ products: [growler] }, { user: 1002 }],
      [{ products: [growler] }, { token: TOKENS.avaRewards }],
      [{ products: [growler] }, { token: TOKENS.samStaff, user: 1002 }],
      [{ products: [growler] }, { token: TOKENS.guestBrew }],
    ] as const) {
      messages.add(expectError(await choose(payload, opts), 404, 'not_found').message);
    }
    expect(messages.size).toBe(1);
    expect(await storedDates()).toEqual([]);
  });

  it('answers 403 in preview and on an unregistered link', async () => {
    const payload = {
      products: [{ orderItemId: 9412, date: '2026-06-03', time: '12:00', pickupPoint: 5101 }],
    };
    expectError(await choose(payload, { token: TOKENS.previewProduct }), 403, 'forbidden');
    expectError(await choose(payload, { token: TOKENS.unregVenue301 }), 403, 'forbidden');
  });

  it('answers 400 for a malformed request', async () => {
    const good = { orderItemId: 9412, date: '2026-06-03', time: '12:00', pickupPoint: 5101 };
    for (const [payload, field] of [
      [{ products: [] }, 'products'],
      [{}, 'products'],
      [{ products: [{ ...good, orderProductId: 9311 }] }, 'products.0.orderItemId'],
      [{ products: [{ date: '2026-06-03', time: '12:00' }] }, 'products.0.orderItemId'],
      [{ products: [{ ...good, date: '2026-13-01' }] }, 'products.0.date'],
      [{ products: [{ ...good, time: '24:00' }] }, 'products.0.time'],
      [{ products: [{ ...good, time: '9:00' }] }, 'products.0.time'],
      [{ products: [{ ...good, pickupPoint: 'bar' }] }, 'products.0.pickupPoint'],
      [{ products: [{ ...good, note: 'x' }] }, 'products.0.note'],
      [{ products: [good, good] }, 'products.1.orderItemId'],
      [{ products: [good], offerId: 101 }, 'offerId'],
    ] as const) {
      const error = expectError(await choose(payload), 400, 'invalid_input');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(payload)).toEqual([field]);
    }
    expectError(await choose([good]), 400, 'invalid_input');
    expect(await storedDates()).toEqual([]);
  });
});

describe('availability rules', () => {
  it('reads today and the time of day in the entry’s zone', () => {
    expect(localNow(NOW, ZONE)).toEqual({ date: '2026-06-01', time: '07:00' });
    expect(localNow(new Date('2026-01-01T05:30:00Z'), ZONE)).toEqual({ date: '2025-12-31', time: '23:30' });
    expect(localNow(NOW, 'Asia/Tokyo')).toEqual({ date: '2026-06-01', time: '21:00' });
    const local = { date: '2026-06-01', time: '07:00' };
    expect(isAhead('2026-06-01', '07:01', local)).toBe(true);
    expect(isAhead('2026-06-01', '07:00', local)).toBe(false);
    expect(isAhead('2026-05-31', '23:59', local)).toBe(false);
    expect(isAhead('2026-06-02', '00:00', local)).toBe(true);
  });

  it('merges rows of one date and pickup point: available when any of them has a time ahead', () => {
    const entries = [{ id: 1, timezone: 'UTC' }];
    const row = (date: string, pickup: number | null, times: string[], position = 0) => ({
      availability_id: 1,
      position,
      date,
      pickup_point_id: pickup,
      times,
    });
    expect(
      offeredDates({
        entries,
        dates: [
          row('2026-06-02', 7, []),
          row('2026-06-02', 7, ['10:00'], 1),
          row('2026-06-02', 6, []),
          row('2026-06-03', null, []),
        ],
        pickupPointOrder: new Map([
          [6, 0],
          [7, 1],
        ]),
        pickupPoint: null,
        now: NOW,
      }),
    ).toEqual([
      { date: '2026-06-02', pickup_point_id: 6, available: false },
      { date: '2026-06-02', pickup_point_id: 7, available: true },
      { date: '2026-06-03', pickup_point_id: null, available: false },
    ]);
  });
});
