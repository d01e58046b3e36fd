import type { Address, Order, OrderHistory, OrderItem } from '@trailpass/contract';

/** Ava's own details, as the demo's orders store them. */
export const AVA_CUSTOMER: Address = {
  first_name: 'Ava',
  last_name: 'Lindqvist',
  email: 'ava@example.com',
  phone: '+19205550123',
  address: '742 Birch Lane',
  address_2: 'Apt 3',
  country: 'US',
  state: 'WI',
  city: 'Port Alder',
  zip_code: '54290',
};

export function makeOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 9412,
    order_id: 9011,
    name: 'Growler Fill at Anchor & Oar',
    type: 'product',
    reward_item_id: 1202,
    parent: { id: 1202, type: 'product', pickup_instructions: null },
    venue_id: 301,
    delivery_method: 'picked_up',
    points_paid: 80,
    attribute: null,
    media: [{ id: 3001, location: null, name: 'Hero', url: '/pass/media/growler.svg' }],
    redeemed: null,
    completed: null,
    redemption_validation: 'pin',
    pickup_instructions: 'Bring this pass to the taproom bar.\nA bartender enters the 4-digit code.',
    giftable: true,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 9011,
    offer_id: 101,
    deal_id: 201,
    status: 'completed',
    fields: {},
    points_paid: 80,
    price_paid: '0.00',
    current_points: 185,
    // Noon UTC, so the day is the same in any test timezone.
    purchased_at: '2026-03-02T12:00:00.000Z',
    customer: AVA_CUSTOMER,
    distribute: null,
    deals: [],
    packages: [],
    products: [],
    orderDeals: [],
    orderPackages: [],
    orderProducts: [],
    ...overrides,
  };
}

/** Order 9003: a deal and a package bought with $39.00 and no points (+1, Paid With Cash). */
export const cashOrder = makeOrder({
  id: 9003,
  deal_id: null,
  points_paid: 0,
  price_paid: '39.00',
  current_points: null,
  purchased_at: '2026-01-21T12:00:00.000Z',
  deals: [
    makeOrderItem({
      id: 9403,
      order_id: 9003,
      name: 'Brew Trail Passport',
      type: 'deal',
      reward_item_id: null,
      parent: { id: 201, type: 'deal', pickup_instructions: null },
      venue_id: null,
      delivery_method: null,
      points_paid: 0,
      redemption_validation: null,
      pickup_instructions: null,
      redeemed: '2026-01-21T12:00:00.000Z',
      completed: '2026-01-21T12:00:00.000Z',
      media: [{ id: 3002, location: null, name: 'Hero', url: '/pass/media/passport.svg' }],
    }),
  ],
  packages: [
    makeOrderItem({
      id: 9404,
      order_id: 9003,
      name: 'Harbor Day Package',
      type: 'package',
      reward_item_id: null,
      parent: { id: 601, type: 'package', pickup_instructions: null },
      venue_id: null,
      delivery_method: null,
      points_paid: 0,
      redemption_validation: null,
      pickup_instructions: null,
      redeemed: '2026-01-21T12:00:00.000Z',
      completed: '2026-01-21T12:00:00.000Z',
      media: [{ id: 3003, location: null, name: 'Hero', url: '/pass/media/package.svg' }],
    }),
  ],
});

/** Order 9008: the Brew Trail Tee in M, shipped already. */
export const teeOrder = makeOrder({
  id: 9008,
  points_paid: 120,
  purchased_at: '2026-02-15T12:00:00.000Z',
  products: [
    makeOrderItem({
      id: 9409,
      order_id: 9008,
      name: 'Brew Trail Tee',
      reward_item_id: 1201,
      parent: { id: 1201, type: 'product', pickup_instructions: null },
      venue_id: null,
      delivery_method: 'shipped',
      points_paid: 120,
      attribute: { id: 1302, name: 'M', retail_price: 24 },
      redemption_validation: null,
      pickup_instructions: null,
      redeemed: '2026-02-18T12:00:00.000Z',
      completed: '2026-02-18T12:00:00.000Z',
    }),
  ],
});

/** Order 9011: the growler fill, to be picked up with the venue's code (4821). */
export const growlerOrder = makeOrder({ products: [makeOrderItem()] });

/** Order 9012: the Coffee Crawl Mug, picked up with no code. */
export const mugOrder = makeOrder({
  id: 9012,
  deal_id: 203,
  points_paid: 30,
  purchased_at: '2026-03-03T12:00:00.000Z',
  products: [
    makeOrderItem({
      id: 9413,
      order_id: 9012,
      name: 'Coffee Crawl Mug',
      reward_item_id: 1208,
      parent: { id: 1208, type: 'product', pickup_instructions: null },
      venue_id: 309,
      points_paid: 30,
      redemption_validation: 'none',
      pickup_instructions: 'Ask for your mug at the register.',
    }),
  ],
});

/** Sam's order 9007: the pint glass set to ship, with no address on his record. */
export const samOrder = makeOrder({
  id: 9007,
  points_paid: 100,
  customer: { first_name: 'Sam', last_name: 'Staff', email: 'sam@trailpass.example', country: 'GB' },
  products: [
    makeOrderItem({
      id: 9408,
      order_id: 9007,
      name: 'Lakeshore Pint Glass Set',
      reward_item_id: 1203,
      parent: { id: 1203, type: 'product', pickup_instructions: null },
      venue_id: 302,
      delivery_method: 'shipped',
      points_paid: 100,
      redemption_validation: 'gpsOrPin',
    }),
  ],
});

export function historyPage(data: Order[], overrides: Partial<OrderHistory> = {}): OrderHistory {
  return { data, page: 1, display: 20, total: data.length, ...overrides };
}
