import { describe, expect, it } from 'vitest';
import {
  cashOrder,
  growlerOrder,
  makeOrder,
  makeOrderItem,
  mugOrder,
  samOrder,
  teeOrder,
} from './fixtures.test-helpers';
import {
  addressLines,
  deliveryChip,
  detailsTypeOf,
  hasPendingPickup,
  isPendingPickup,
  itemsOf,
  newestFirst,
  shipToOf,
  withItemConfirmed,
} from './order-rules';

describe('order rules (spec 2.9, 3, 4, 9)', () => {
  it('lists an order’s items as deals, packages, then products', () => {
    const order = makeOrder({
      products: [makeOrderItem({ id: 3 })],
      deals: [makeOrderItem({ id: 1, type: 'deal' })],
      packages: [makeOrderItem({ id: 2, type: 'package' })],
    });
    expect(itemsOf(order).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('puts the newest (highest id) order first', () => {
    expect(newestFirst([cashOrder, mugOrder, teeOrder]).map((order) => order.id)).toEqual([9012, 9008, 9003]);
  });

  it('calls an unredeemed picked_up item (redeemed empty, completed null) a pending pickup', () => {
    expect(isPendingPickup(makeOrderItem())).toBe(true);
    expect(isPendingPickup(makeOrderItem({ redeemed: '2026-03-02T12:00:00Z' }))).toBe(false);
    expect(isPendingPickup(makeOrderItem({ completed: '2026-03-02T12:00:00Z' }))).toBe(false);
    expect(isPendingPickup(makeOrderItem({ delivery_method: 'shipped' }))).toBe(false);
    expect(hasPendingPickup(growlerOrder)).toBe(true);
    expect(hasPendingPickup(teeOrder)).toBe(false);
    expect(hasPendingPickup(samOrder)).toBe(false);
  });

  it('links OrderDetails with type products when the order has products, else deals', () => {
    expect(detailsTypeOf(growlerOrder)).toBe('products');
    expect(detailsTypeOf(cashOrder)).toBe('deals');
  });

  it('chips products Ship or Pickup and every other item Instant Download', () => {
    expect(deliveryChip(makeOrderItem({ delivery_method: 'shipped' }))).toBe('Ship');
    expect(deliveryChip(makeOrderItem())).toBe('Pickup');
    expect(deliveryChip(makeOrderItem({ type: 'deal', delivery_method: 'picked_up' }))).toBe(
      'Instant Download',
    );
    expect(deliveryChip(makeOrderItem({ type: 'package', delivery_method: null }))).toBe('Instant Download');
  });

  it('ships to the recipient, else the holder; a name without a street is no address', () => {
    const leo = {
      first_name: 'Leo',
      last_name: 'Lindqvist',
      address: '19 Willow Court',
      city: 'Elm Prairie',
      state: 'WI',
      zip_code: '53799',
      country: 'US',
    };
    expect(shipToOf(makeOrder({ distribute: leo }))).toBe(leo);
    expect(shipToOf(makeOrder({ distribute: { first_name: '  ' } }))?.first_name).toBe('Ava');
    expect(addressLines(shipToOf(teeOrder))).toEqual([
      'Ava Lindqvist',
      '742 Birch Lane',
      'Apt 3',
      'Port Alder, WI 54290',
      'US',
    ]);
    expect(addressLines(shipToOf(samOrder))).toEqual([]);
  });

  it('marks a confirmed pickup on the order', () => {
    const confirmed = withItemConfirmed(growlerOrder, {
      id: 9412,
      redeemed: '2026-03-04T12:00:00Z',
      completed: '2026-03-04T12:00:00Z',
    });
    expect(confirmed.products[0]).toMatchObject({ redeemed: '2026-03-04T12:00:00Z' });
    expect(hasPendingPickup(confirmed)).toBe(false);
    expect(growlerOrder.products[0]?.redeemed).toBeNull();
  });
});
