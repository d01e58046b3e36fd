import { describe, expect, it } from 'vitest';
import {
  COMPLETION_BLOCK_MESSAGES,
  type CompletionInput,
  completionBlock,
  isAvailable,
  isShippingAddressComplete,
  pointsNeeded,
  ticketsLeft,
} from './cart-rules';

describe('pointsNeeded (spec 9: points_ratio times retail_price)', () => {
  it('multiplies, rounding to whole points', () => {
    expect(pointsNeeded(10, 45)).toBe(450);
    expect(pointsNeeded(5, 24)).toBe(120);
    expect(pointsNeeded(5, 12.5)).toBe(63);
  });
  it('counts a missing ratio as 1 and a missing price as 0', () => {
    expect(pointsNeeded(null, 30)).toBe(30);
    expect(pointsNeeded(10, null)).toBe(0);
  });
});

describe('option availability (spec 5)', () => {
  // Demo: the tee {S: 5, M: 0, L: unlimited}; the getaway {all: 6, Weekend: 2}; the towel {all: 0}.
  const tee = { 1301: 5, 1302: 0, 1303: null };
  const getaway = { 0: 6, 1307: 2 };
  it('is available without a map, with a count above 0, or with a null (unlimited) count', () => {
    expect(isAvailable(null, 1301)).toBe(true);
    expect(isAvailable(tee, 1301)).toBe(true);
    expect(isAvailable(tee, 1303)).toBe(true);
    expect(isAvailable(tee, 1302)).toBe(false);
  });
  it('uses the option’s own count, else key 0 (all)', () => {
    expect(ticketsLeft(getaway, 1307)).toBe(2);
    expect(ticketsLeft(getaway, 1306)).toBe(6);
    expect(isAvailable({ 0: 0 }, null)).toBe(false);
    expect(ticketsLeft({ 0: 0 }, null)).toBe(0);
  });
  it('has no limit for an option a map does not name', () => {
    expect(ticketsLeft({ 1301: 1 }, 1399)).toBeNull();
    expect(isAvailable({ 1301: 1 }, 1399)).toBe(true);
  });
});

describe('isShippingAddressComplete (spec 5)', () => {
  const full = {
    address: '742 Birch Lane',
    city: 'Port Alder',
    state: 'WI',
    country: 'US',
    zip_code: '54290',
  };
  it('needs address, city, state, country and zip code, not blank', () => {
    expect(isShippingAddressComplete(full)).toBe(true);
    for (const key of Object.keys(full)) {
      expect(isShippingAddressComplete({ ...full, [key]: ' ' })).toBe(false);
      expect(isShippingAddressComplete({ ...full, [key]: null })).toBe(false);
    }
    expect(isShippingAddressComplete(null)).toBe(false);
  });
});

describe('completionBlock (spec 5: when an order may be completed)', () => {
  const customer = {
    first_name: 'Ava',
    address: '742 Birch Lane',
    city: 'Port Alder',
    state: 'WI',
    country: 'US',
    zip_code: '54290',
  };
  const base: CompletionInput = {
    hasOrderAndItem: true,
    currentPoints: 205,
    itemPoints: 80,
    deliveryMethod: 'picked_up',
    distribute: null,
    customer,
  };
  it('allows a covered pickup, and a covered shipment to a complete address', () => {
    expect(completionBlock(base)).toBeNull();
    expect(completionBlock({ ...base, deliveryMethod: 'shipped' })).toBeNull();
    expect(completionBlock({ ...base, currentPoints: 80 })).toBeNull();
  });
  it('needs an order with its item, and enough points', () => {
    expect(completionBlock({ ...base, hasOrderAndItem: false })).toBe('no-order');
    expect(completionBlock({ ...base, currentPoints: 79 })).toBe('not-enough-points');
    expect(COMPLETION_BLOCK_MESSAGES['not-enough-points']).toBe(
      'You do not have enough points to claim this.',
    );
  });
  it('ships to the recipient when there is one, else the customer, and needs a first name', () => {
    const shipped = { ...base, deliveryMethod: 'shipped' as const };
    expect(completionBlock({ ...shipped, customer: { ...customer, zip_code: '' } })).toBe('shipping-info');
    expect(
      completionBlock({
        ...shipped,
        customer: { first_name: 'Ava' },
        distribute: { ...customer, first_name: 'Leo' },
      }),
    ).toBeNull();
    expect(completionBlock({ ...base, customer: { ...customer, first_name: ' ' } })).toBe('shipping-info');
    expect(COMPLETION_BLOCK_MESSAGES['shipping-info']).toBe('You need to finish your shipping info.');
  });
});
