import { SHIPPING_INFO_MESSAGE } from '@trailpass/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { offers, order_items, orders } from '../src/db/schema';
import {
  ALREADY_SHIPPED_MESSAGE,
  NOT_COMPLETED_MESSAGE,
  NOT_GIFTABLE_MESSAGE,
  NOT_SHIPPED_MESSAGE,
  SHIP_TO_SELF_MESSAGE,
} from '../src/modules/distribution/domain';
import { dumpDatabase } from './db/fixtures';
import { api, createTestApp, expectError, expectOk, type TestApp, TOKENS } from './helpers';

// Demo (demo/README.md, orders): Ava's (1001) order 9009 on offer 102 holds the shipped tumbler, order item
// 9410, not yet sent; her 9006 on offer 101 the pint glasses 9407, sent 22 days ago (to Leo); 9011 the
// growler 9412, a pickup; 9003 a deal and a package (no delivery). Sam's (1002) 9007 holds pint glasses
// 9408, not yet sent, and his customer address is empty (country GB).
const NOW = new Date('2026-06-01T12:00:00.000Z');

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  // Most tests here send recipients for Ava's tumbler: made a gift-able item of a gifting offer for them
  // (the demo's is neither); 'refuses a recipient ... may not be a gift' puts each back.
  await t.database.db.update(offers).set({ gifting: true }).where(eq(offers.id, 102));
  await t.database.db.update(order_items).set({ giftable: true }).where(eq(order_items.id, 9410));
});

afterAll(async () => {
  await t?.close();
});

const MIA = {
  first_name: 'Mia',
  last_name: 'Okafor',
  email: 'mia@example.com',
  phone: '+16085550199',
  address: '5 Pine Road',
  address_2: null,
  country: 'US',
  state: 'WI',
  city: 'Elm Prairie',
  zip_code: '53799',
};

function put(
  order: number,
  itemType: string,
  item: number,
  payload: unknown,
  opts: { token?: string; user?: number } = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: `/pass/api/partnerUser/${opts.user ?? 1001}/orders/${order}/${itemType}/${item}/distribution`,
    headers: { 'X-Pass-Api-Version': '1', 'X-Pass-Token': opts.token ?? TOKENS.avaRewards },
    payload: payload as object,
  });
}

const postMany = (payload: unknown, opts: { token?: string; user?: number } = {}) =>
  api(t.app, 'POST', `/partnerUser/${opts.user ?? 1002}/distributions`, opts.token ?? TOKENS.samStaff, {
    payload: payload as object,
  });

async function distributeOf(orderId: number) {
  const [row] = await t.database.db
    .select({ distribute: orders.distribute })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.distribute ?? null;
}

async function resetRecipients() {
  await t.database.db
    .update(orders)
    .set({ distribute: null })
    .where(inArray(orders.id, [9007, 9009]));
}

afterEach(resetRecipients);

describe('PUT /partnerUser/{id}/orders/{orderId}/{itemType}/{itemId}/distribution (spec 7)', () => {
  it('sets the recipient of a completed order whose shipped item is not sent yet', async () => {
    expect(expectOk(await put(9009, 'order_products', 9410, { distribute: MIA }))).toMatchObject({
      orderId: 9009,
      distribute: MIA,
      customer: { first_name: 'Ava', city: 'Port Alder' },
    });
    expect(await distributeOf(9009)).toEqual(MIA);
    // Changing it again, then back to the holder (false).
    const moved = { ...MIA, address: '7 Pine Road' };
    expect(expectOk(await put(9009, 'order_products', 9410, { distribute: moved })).distribute).toEqual(
      moved,
    );
    expect(expectOk(await put(9009, 'order_products', 9410, { distribute: false }))).toMatchObject({
      orderId: 9009,
      distribute: null,
    });
    expect(await distributeOf(9009)).toBeNull();
  });

  it('ships to the holder at a new address: their own address on the order changes, no recipient is made', async () => {
    const [before] = await t.database.db
      .select({ customer: orders.customer })
      .from(orders)
      .where(eq(orders.id, 9009));
    const moved = { ...(before?.customer as object), address: '12 Harbor View', address_2: null };
    try {
      const answer = expectOk(
        await put(9009, 'order_products', 9410, { distribute: false, customer: moved }),
      );
      expect(answer).toEqual({ orderId: 9009, distribute: null, customer: moved });
      const [row] = await t.database.db
        .select({ customer: orders.customer, distribute: orders.distribute })
        .from(orders)
        .where(eq(orders.id, 9009));
      expect(row).toEqual({ customer: moved, distribute: null });
      // An incomplete address of one's own is refused by field, changing nothing; customer needs distribute false.
      const incomplete = expectError(
        await put(9009, 'order_products', 9410, { distribute: false, customer: { first_name: 'Ava' } }),
        422,
        'unprocessable',
      );
      expect(incomplete.fields).toMatchObject({
        'customer.address': 'Required',
        'customer.city': 'Required',
      });
      const both = expectError(
        await put(9009, 'order_products', 9410, { distribute: MIA, customer: moved }),
        400,
        'invalid_input',
      );
      expect(Object.keys(both.fields ?? {})).toEqual(['customer']);
      expect((await t.database.db.select().from(orders).where(eq(orders.id, 9009)))[0]?.customer).toEqual(
        moved,
      );
    } finally {
      await t.database.db.update(orders).set({ customer: before?.customer }).where(eq(orders.id, 9009));
    }
  });

  it('refuses a recipient for an item that may not be a gift (the item’s giftable, the offer’s gifting)', async () => {
    const db = t.database.db;
    for (const [table, undo] of [
      [
        () => db.update(order_items).set({ giftable: false }).where(eq(order_items.id, 9410)),
        () => db.update(order_items).set({ giftable: true }).where(eq(order_items.id, 9410)),
      ],
      [
        () => db.update(offers).set({ gifting: false }).where(eq(offers.id, 102)),
        () => db.update(offers).set({ gifting: true }).where(eq(offers.id, 102)),
      ],
    ] as const) {
      await table();
      try {
        const refused = expectError(
          await put(9009, 'order_products', 9410, { distribute: MIA }),
          422,
          'unprocessable',
        );
        expect(refused).toMatchObject({
          message: NOT_GIFTABLE_MESSAGE,
          fields: { distribute: NOT_GIFTABLE_MESSAGE },
        });
        expect(await distributeOf(9009)).toBeNull();
        // Shipping to oneself stays possible.
        expectOk(await put(9009, 'order_products', 9410, { distribute: false }));
      } finally {
        await undo();
      }
    }
  });

  it('answers 409 once the order has been shipped, and for an order that is not completed', async () => {
    const sent = expectError(
      await put(9006, 'order_products', 9407, { distribute: MIA }, { token: TOKENS.avaBrew }),
      409,
      'conflict',
    );
    expect(sent.message).toBe(ALREADY_SHIPPED_MESSAGE);

    const db = t.database.db;
    const [draft] = await db
      .insert(orders)
      .values({ offer_id: 102, partner_user_id: 1001, status: 'draft', expires_at: NOW })
      .returning({ id: orders.id });
    if (!draft) throw new Error('no order');
    const [item] = await db
      .insert(order_items)
      .values({
        order_id: draft.id,
        type: 'product',
        name: 'Insulated Tumbler',
        reward_item_id: 1210,
        parent_id: 1210,
        parent_type: 'product',
        delivery_method: 'shipped',
      })
      .returning({ id: order_items.id });
    try {
      const open = expectError(
        await put(draft.id, 'order_products', item?.id ?? 0, { distribute: MIA }),
        409,
        'conflict',
      );
      expect(open.message).toBe(NOT_COMPLETED_MESSAGE);
    } finally {
      await db.delete(order_items).where(eq(order_items.order_id, draft.id));
      await db.delete(orders).where(eq(orders.id, draft.id));
    }

    // The tumbler sent meanwhile: the recipient stays as it was.
    await db.update(order_items).set({ completed: NOW }).where(eq(order_items.id, 9410));
    try {
      expect(
        expectError(await put(9009, 'order_products', 9410, { distribute: MIA }), 409, 'conflict').message,
      ).toBe(ALREADY_SHIPPED_MESSAGE);
      expect(await distributeOf(9009)).toBeNull();
    } finally {
      await db.update(order_items).set({ completed: null }).where(eq(order_items.id, 9410));
    }
  });

  it('answers 422 for an item that is not shipped and for a recipient spec 5 refuses', async () => {
    const pickup = expectError(
      await put(9011, 'order_products', 9412, { distribute: MIA }, { token: TOKENS.avaBrew }),
      422,
      'unprocessable',
    );
    expect(pickup).toMatchObject({ message: NOT_SHIPPED_MESSAGE, fields: { itemId: NOT_SHIPPED_MESSAGE } });
    expect(
      expectError(
        await put(9003, 'order_deals', 9403, { distribute: MIA }, { token: TOKENS.avaBrew }),
        422,
        'unprocessable',
      ).message,
    ).toBe(NOT_SHIPPED_MESSAGE);

    const incomplete = expectError(
      await put(9009, 'order_products', 9410, { distribute: { first_name: 'Mia', city: 'Elm Prairie' } }),
      422,
      'unprocessable',
    );
    expect(incomplete.message).toBe(SHIPPING_INFO_MESSAGE);
    expect(incomplete.fields).toEqual({
      'distribute.address': 'Required',
      'distribute.state': 'Required',
      'distribute.country': 'Required',
      'distribute.zip_code': 'Required',
    });
    const self = expectError(
      await put(9009, 'order_products', 9410, { distribute: { ...MIA, email: ' AVA@example.com' } }),
      422,
      'unprocessable',
    );
    expect(self).toMatchObject({
      message: SHIP_TO_SELF_MESSAGE,
      fields: { 'distribute.email': SHIP_TO_SELF_MESSAGE },
    });
    // Sam has no address of his own, so his order cannot go back to him.
    expect(
      expectError(
        await put(
          9007,
          'order_products',
          9408,
          { distribute: false },
          { token: TOKENS.samStaff, user: 1002 },
        ),
        422,
        'unprocessable',
      ).message,
    ).toBe(SHIPPING_INFO_MESSAGE);
    expect(await distributeOf(9009)).toBeNull();
    expect(await distributeOf(9007)).toBeNull();
  });

  it('answers 404 for another user’s or another offer’s order, or an item it does not hold', async () => {
    const messages = new Set<string>();
    for (const [order, itemType, item, opts] of [
      [9007, 'order_products', 9408, { token: TOKENS.avaBrew }], // Sam's
      [9009, 'order_products', 9410, { token: TOKENS.avaBrew }], // Ava's, but offer 102
      [9009, 'order_deals', 9410, {}], // not a deal item
      [9009, 'order_products', 9407, {}], // another order's item
      [9009, 'order_products', 999999, {}],
      [999999, 'order_products', 9410, {}],
      [9009, 'order_products', 9410, { user: 1002 }],
      [9007, 'order_products', 9408, { token: TOKENS.samStaff, user: 1001 }],
      [9009, 'order_products', 9410, { token: TOKENS.guestBrew }],
    ] as const) {
      messages.add(
        expectError(await put(order, itemType, item, { distribute: MIA }, opts), 404, 'not_found').message,
      );
    }
    expect(messages.size).toBe(1);
    expect(await distributeOf(9009)).toBeNull();
  });

  it('answers 403 in preview and on an unregistered link', async () => {
    for (const token of [TOKENS.previewProduct, TOKENS.unregVenue301]) {
      expectError(await put(9009, 'order_products', 9410, { distribute: MIA }, { token }), 403, 'forbidden');
    }
  });

  it('answers 400 for malformed input', async () => {
    for (const [itemType, payload, field] of [
      ['products', { distribute: MIA }, 'itemType'],
      ['order_products', {}, 'distribute'],
      ['order_products', { distribute: true }, 'distribute'],
      ['order_products', { distribute: { ...MIA, nickname: 'M' } }, 'distribute.nickname'],
      ['order_products', { distribute: { ...MIA, state: 'Wisconsin' } }, 'distribute.state'],
      ['order_products', { distribute: MIA, orderId: 9009 }, 'orderId'],
    ] as const) {
      const error = expectError(await put(9009, itemType, 9410, payload), 400, 'invalid_input');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(payload)).toEqual([field]);
    }
    expectError(await put(9009, 'order_products', 0, { distribute: MIA }), 400, 'invalid_input');
    expect(await distributeOf(9009)).toBeNull();
  });
});

describe('POST /partnerUser/{id}/distributions (spec 7)', () => {
  it('sets several orders’ recipients in one go', async () => {
    const body = expectOk(
      await postMany({
        distributions: [{ orderId: 9007, itemType: 'order_products', itemId: 9408, distribute: MIA }],
      }),
    );
    expect(body).toMatchObject({ distributions: [{ orderId: 9007, distribute: MIA }] });
    expect(await distributeOf(9007)).toEqual(MIA);
  });

  it('changes nothing when one of them is refused', async () => {
    const db = t.database.db;
    // A second not-yet-sent shipped order of Sam's, so that the request names two orders.
    const [second] = await db
      .insert(orders)
      .values({ offer_id: 101, partner_user_id: 1002, status: 'completed', deal_id: 201, purchased_at: NOW })
      .returning({ id: orders.id });
    if (!second) throw new Error('no order');
    const [item] = await db
      .insert(order_items)
      .values({
        order_id: second.id,
        type: 'product',
        name: 'Brew Trail Tee',
        reward_item_id: 1201,
        parent_id: 1201,
        parent_type: 'product',
        delivery_method: 'shipped',
      })
      .returning({ id: order_items.id });
    const itemId = item?.id ?? 0;
    try {
      const both = expectOk(
        await postMany({
          distributions: [
            { orderId: 9007, itemType: 'order_products', itemId: 9408, distribute: MIA },
            {
              orderId: second.id,
              itemType: 'order_products',
              itemId,
              distribute: { ...MIA, first_name: 'Noor' },
            },
          ],
        }),
      );
      expect(both.distributions.map((entry: { orderId: number }) => entry.orderId)).toEqual([
        9007,
        second.id,
      ]);
      await db
        .update(orders)
        .set({ distribute: null })
        .where(inArray(orders.id, [9007, second.id]));

      const before = await dumpDatabase(db);
      const refused = expectError(
        await postMany({
          distributions: [
            { orderId: 9007, itemType: 'order_products', itemId: 9408, distribute: MIA },
            {
              orderId: second.id,
              itemType: 'order_products',
              itemId,
              distribute: { ...MIA, email: 'sam@trailpass.example' },
            },
          ],
        }),
        422,
        'unprocessable',
      );
      expect(refused.fields).toEqual({ 'distributions.1.distribute.email': SHIP_TO_SELF_MESSAGE });
      expectError(
        await postMany({
          distributions: [
            { orderId: 9007, itemType: 'order_products', itemId: 9408, distribute: MIA },
            { orderId: 9009, itemType: 'order_products', itemId: 9410, distribute: MIA }, // Ava's
          ],
        }),
        404,
        'not_found',
      );
      expect(await dumpDatabase(db)).toEqual(before);
    } finally {
      await db.delete(order_items).where(eq(order_items.order_id, second.id));
      await db.delete(orders).where(eq(orders.id, second.id));
    }
  });

  it('answers 400 for malformed input, 403 in preview and 404 for another user', async () => {
    const entry = { orderId: 9007, itemType: 'order_products', itemId: 9408, distribute: MIA };
    for (const [payload, field] of [
      [{ distributions: [] }, 'distributions'],
      [{ distributions: [entry, entry] }, 'distributions.1.orderId'],
      [{ distributions: [{ ...entry, itemType: 'product' }] }, 'distributions.0.itemType'],
      [{ distributions: [{ ...entry, extra: 1 }] }, 'distributions.0.extra'],
      [
        { distributions: Array.from({ length: 21 }, (_, i) => ({ ...entry, orderId: i + 1 })) },
        'distributions',
      ],
    ] as const) {
      const error = expectError(await postMany(payload), 400, 'invalid_input');
      expect(Object.keys(error.fields ?? {})).toEqual([field]);
    }
    expectError(await postMany({ distributions: [entry] }, { token: TOKENS.previewVenue }), 403, 'forbidden');
    expectError(
      await postMany({ distributions: [entry] }, { token: TOKENS.avaBrew, user: 1001 }),
      404,
      'not_found',
    );
    expectError(await postMany({ distributions: [entry] }, { token: TOKENS.guestBrew }), 404, 'not_found');
    expect(await distributeOf(9007)).toBeNull();
  });
});
