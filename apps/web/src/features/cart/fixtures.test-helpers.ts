import type {
  AssignmentResponse,
  AvailableDate,
  CartOrder,
  CartResponse,
  OrderItem,
  PickupPoint,
  RewardItem,
} from '@trailpass/contract';
import type { MockCall, MockHandler } from '../../test/api-mock';
import { makeData, makeDeal, makeOffer, makeUser } from '../../test/fixtures';
import type { PickupSlot } from './cart-store';

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
    giftable: true,
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

// --- availability (spec 7; decision 0017) ----------------------------------------------------------------

export const CHICAGO = 'America/Chicago';

/** The growler of the demo, as a reward of this offer (160 points): two pickup points at Anchor & Oar. */
export const growler = makeRewardItem({
  id: 1202,
  name: 'Growler Fill at Anchor & Oar',
  description: 'One 64-oz growler fill of any house beer.',
  retail_price: 16,
  pickup_instructions: 'Bring this pass to the taproom bar.',
  ticketsAvailable: { '0': 12 },
  venue_id: 301,
  media: [],
});

const anchorAndOar = {
  venue_id: 301,
  venue_name: 'Anchor & Oar Brewing',
  address: '118 Harbor Street, Port Alder, WI 54290',
};
export const taproomBar: PickupPoint = { id: 5101, name: 'Taproom bar', ...anchorAndOar };
export const beerGarden: PickupPoint = { id: 5102, name: 'Beer garden pickup window', ...anchorAndOar };
export const boatLaunch: PickupPoint = {
  id: 5103,
  name: 'Lighthouse Point boat launch',
  venue_id: 303,
  venue_name: 'Lighthouse Point Beach',
  address: 'North Lakeshore Drive, Port Alder, WI 54290',
};

/** One item's availability as the server would answer it: its zone, pickup points, dates and times. */
export interface AvailabilityFixture {
  itemId: number;
  timezone: string | null;
  pickupPoints: PickupPoint[];
  /** Per date and pickup point, the times left (none: fully booked). */
  slots: Array<{ date: string; pickupPointId: number | null; times: string[] }>;
}

/** The growler: Taproom bar on Tue 24 (four times) and Wed 25 (two), fully booked Thu 26; the beer garden on Wed 25. */
export const growlerAvailability: AvailabilityFixture = {
  itemId: 1202,
  timezone: CHICAGO,
  pickupPoints: [taproomBar, beerGarden],
  slots: [
    { date: '2026-11-24', pickupPointId: 5101, times: ['16:00', '17:00', '18:00', '19:00'] },
    { date: '2026-11-25', pickupPointId: 5101, times: ['12:00', '13:00'] },
    { date: '2026-11-25', pickupPointId: 5102, times: ['12:30'] },
    { date: '2026-11-26', pickupPointId: 5101, times: [] },
  ],
};

/** The cruise: one pickup point, two evenings. */
export const cruiseAvailability: AvailabilityFixture = {
  itemId: 1211,
  timezone: CHICAGO,
  pickupPoints: [boatLaunch],
  slots: [
    { date: '2026-11-27', pickupPointId: 5103, times: ['19:00'] },
    { date: '2026-12-04', pickupPointId: 5103, times: ['18:45'] },
  ],
};

export const taproomSlot: PickupSlot = {
  date: '2026-11-24',
  time: '16:00',
  timezone: CHICAGO,
  pickupPointId: 5101,
  pickupPointName: 'Taproom bar',
  venueName: 'Anchor & Oar Brewing',
  address: '118 Harbor Street, Port Alder, WI 54290',
};

function itemIdsOf(call: MockCall): number[] {
  return (call.url.searchParams.get('itemIds') ?? '').split(',').map(Number);
}

function pointFilter(call: MockCall): number | null {
  const value = call.url.searchParams.get('pickupPoint');
  return value === null ? null : Number(value);
}

/**
 * The three availability reads for these items (any other item answers as one without availability:
 * timezone null, no dates, no pickup points), as the server shapes them.
 */
export function availabilityApi(...fixtures: AvailabilityFixture[]): Record<string, MockHandler> {
  const of = (itemId: number): AvailabilityFixture =>
    fixtures.find((fixture) => fixture.itemId === itemId) ?? {
      itemId,
      timezone: null,
      pickupPoints: [],
      slots: [],
    };
  return {
    'GET /availableDates': (call) => {
      const point = pointFilter(call);
      return {
        status: 200,
        body: {
          items: itemIdsOf(call).map((itemId) => {
            const fixture = of(itemId);
            const dates: AvailableDate[] = fixture.slots
              .filter((slot) => point === null || slot.pickupPointId === point)
              .map((slot) => ({
                date: slot.date,
                pickup_point_id: slot.pickupPointId,
                available: slot.times.length > 0,
              }));
            return { item_id: itemId, item_type: 'reward_item', timezone: fixture.timezone, dates };
          }),
        },
      };
    },
    'GET /availableTimes': (call) => {
      const point = pointFilter(call);
      const date = call.url.searchParams.get('date');
      return {
        status: 200,
        body: {
          date,
          items: itemIdsOf(call).map((itemId) => {
            const fixture = of(itemId);
            const times = fixture.slots
              .filter((slot) => slot.date === date && (point === null || slot.pickupPointId === point))
              .flatMap((slot) => slot.times.map((time) => ({ time, pickup_point_id: slot.pickupPointId })));
            return { item_id: itemId, item_type: 'reward_item', timezone: fixture.timezone, times };
          }),
        },
      };
    },
    'GET /pickupPoints': (call) => {
      const itemId = Number(call.url.searchParams.get('productId'));
      return {
        status: 200,
        body: { item_id: itemId, item_type: 'reward_item', pickup_points: of(itemId).pickupPoints },
      };
    },
  };
}
