import type { AssignmentResponse, CartOrder, CartResponse, OrderItem, RewardItem } from '@trailpass/contract';
import { makeData, makeDeal, makeOffer, makeUser } from '../../test/fixtures';

/** Ava on Lakeshore Rewards (offer 102): a points offer, points_ratio 10, 1200 points. */
export function rewardsData() {
  return makeData({
    offer: makeOffer({
      id: 102,
      name: 'Lakeshore Rewards',
      use_points: true,
      points_ratio: 10,
      gifting: false,
    }),
    deals: [makeDeal({ id: 401, offer_id: 102, name: 'Lakeshore Rewards Points', current_points: 1200 })],
    partner_user: makeUser({ id: 1001 }),
    current_points: 1200,
  });
}

export function makeRewardItem(overrides: Partial<RewardItem> = {}): RewardItem {
  return {
    id: 1211,
    offer_id: 102,
    deal_id: null,
    type: 'product',
    name: 'Lighthouse Sunset Cruise for Two',
    description: 'A 90-minute sunset cruise from Lighthouse Point.',
    attributes: [],
    retail_price: 100,
    shipped: false,
    picked_up: true,
    shipping_details: null,
    pickup_instructions: 'Check in at the boat launch 20 minutes before departure.',
    giftable: false,
    ticketsAvailable: { '0': 8 },
    venue_id: 303,
    redemption_validation: 'gpsOrPin',
    package_id: null,
    grants_deal_id: null,
    media: [{ id: 2078, location: null, name: 'Hero', url: '/pass/media/sunset-cruise.svg' }],
    ...overrides,
  };
}

export const cruise = makeRewardItem();
export const getaway = makeRewardItem({
  id: 1212,
  name: 'Lakeshore Getaway Night',
  description: null,
  attributes: [
    { id: 1306, name: 'Weeknight', retail_price: 110 },
    { id: 1307, name: 'Weekend', retail_price: 140 },
  ],
  retail_price: null,
  shipped: true,
  picked_up: false,
  shipping_details: 'The certificate is mailed within 5 business days.',
  pickup_instructions: null,
  ticketsAvailable: { '0': 6, '1307': 2 },
  venue_id: null,
  media: [],
});
export const pintGlasses = makeRewardItem({
  id: 1215,
  name: 'Lakeshore Pint Glass Set',
  retail_price: 20,
  shipped: true,
  picked_up: true,
  shipping_details: 'Ships within 7–10 business days.',
  pickup_instructions: 'Pick up at the gift counter.',
  giftable: true,
  ticketsAvailable: null,
  venue_id: 302,
});
export const tumbler = makeRewardItem({
  id: 1210,
  name: 'Insulated Tumbler',
  retail_price: 45,
  shipped: true,
  picked_up: false,
  pickup_instructions: null,
  ticketsAvailable: null,
  venue_id: null,
});

export function makeOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 9501,
    order_id: 7100,
    name: 'Lighthouse Sunset Cruise for Two',
    type: 'product',
    reward_item_id: 1211,
    parent: { id: 1211, type: 'reward_item', pickup_instructions: null },
    venue_id: 303,
    delivery_method: 'picked_up',
    points_paid: 1000,
    attribute: null,
    media: [{ id: 2078, location: null, name: 'Hero', url: '/pass/media/sunset-cruise.svg' }],
    redeemed: null,
    completed: null,
    redemption_validation: 'gpsOrPin',
    pickup_instructions: 'Check in at the boat launch 20 minutes before departure.',
    ...overrides,
  };
}

export function makeCartOrder(overrides: Partial<CartOrder> = {}): CartOrder {
  return {
    id: 7100,
    offer_id: 102,
    deal_id: 401,
    status: 'draft',
    fields: {},
    points_paid: 0,
    price_paid: '0.00',
    current_points: null,
    purchased_at: null,
    customer: { first_name: 'Ava', last_name: 'Lindqvist', email: 'ava@example.com' },
    distribute: null,
    deals: [],
    packages: [],
    products: [makeOrderItem()],
    orderDeals: [],
    orderPackages: [],
    orderProducts: [],
    leftTime: 600,
    expires_at: '2026-03-02T15:30:00.000Z',
    ...overrides,
  };
}

export function cartAnswer(overrides: Partial<CartOrder> = {}): CartResponse {
  const order = makeCartOrder(overrides);
  return { orderId: order.id, order };
}

/** A loaded page's assignment that names venue 303 (ClaimReward shows its address beside the pickup). */
export function assignmentWithVenue(): AssignmentResponse {
  return {
    assignment: null,
    modules: [],
    data: {
      venues: [
        {
          id: 303,
          name: 'Lighthouse Point Beach',
          address: 'North Lakeshore Drive, Port Alder, WI 54290',
          google_place_id: null,
          latitude: null,
          longitude: null,
          phone: null,
          website: null,
          description: null,
          short_description: null,
          categories: [],
          media: [],
          opening_hours: null,
          custom_fields: null,
          products: [],
          miles: null,
          hasSomeRedemption: false,
        },
      ],
      categories: [],
      media: [],
      deals: [],
      products: [],
      packages: [],
      rewardItems: [],
      perks: [],
      polls: [],
    },
  };
}
