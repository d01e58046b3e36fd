import { describe, expect, it } from 'vitest';
import { duplicateDateAfter } from '../src/modules/data/domain';
import {
  creditExpiry,
  dealEarnsPoints,
  earnedReason,
  pickupValidation,
  pinMatches,
  tooManyAttemptsMessage,
  withinVenueRadius,
} from '../src/modules/redeem/domain';

const NOW = new Date('2026-06-01T12:00:00Z');
const plus = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('duplicateDateAfter (spec 4: redeemed plus repeat_delay in its unit)', () => {
  const repeating = (repeat_delay: number | null, repeat_delay_type: string | null) => ({
    repeat: true,
    repeat_delay,
    repeat_delay_type,
  });
  it('adds the delay in minutes, hours, days or weeks', () => {
    expect(duplicateDateAfter(repeating(30, 'minutes'), NOW)).toEqual(plus(30 * 60_000));
    expect(duplicateDateAfter(repeating(2, 'hours'), NOW)).toEqual(plus(2 * HOUR));
    expect(duplicateDateAfter(repeating(1, 'days'), NOW)).toEqual(plus(DAY));
    expect(duplicateDateAfter(repeating(1, 'Day'), NOW)).toEqual(plus(DAY));
    expect(duplicateDateAfter(repeating(2, 'weeks'), NOW)).toEqual(plus(14 * DAY));
  });
  it('is null for a product that does not repeat, or whose delay is missing or in an unknown unit', () => {
    expect(duplicateDateAfter({ repeat: false, repeat_delay: 1, repeat_delay_type: 'days' }, NOW)).toBeNull();
    expect(duplicateDateAfter(repeating(null, 'days'), NOW)).toBeNull();
    expect(duplicateDateAfter(repeating(1, 'fortnights'), NOW)).toBeNull();
    expect(duplicateDateAfter(repeating(1, null), NOW)).toBeNull();
    expect(duplicateDateAfter(repeating(-1, 'days'), NOW)).toBeNull();
  });
});

describe('validation codes', () => {
  it('match only exactly', () => {
    expect(pinMatches('4821', '4821')).toBe(true);
    expect(pinMatches('4821', '4822')).toBe(false);
    expect(pinMatches('4821', '482')).toBe(false);
    expect(pinMatches('0042', '42')).toBe(false);
  });
  it('say how long to wait in whole minutes', () => {
    expect(tooManyAttemptsMessage(15 * 60_000)).toBe(
      'Too many wrong codes. Please wait 15 minutes and try again.',
    );
    expect(tooManyAttemptsMessage(61_000)).toBe('Too many wrong codes. Please wait 2 minutes and try again.');
    expect(tooManyAttemptsMessage(5_000)).toBe('Too many wrong codes. Please wait 1 minute and try again.');
  });
  it('pickups: pin and gpsOrPin as named, anything else at once', () => {
    expect(pickupValidation('pin')).toBe('pin');
    expect(pickupValidation('gpsOrPin')).toBe('gpsOrPin');
    expect(pickupValidation('none')).toBe('none');
    expect(pickupValidation(null)).toBe('none');
    expect(pickupValidation('PIN')).toBe('none');
  });
});

describe('withinVenueRadius (gpsOrPin)', () => {
  const driftwood = { latitude: 44.1448, longitude: -87.5702 };
  it('accepts a holder at the venue and refuses one a mile away', () => {
    expect(withinVenueRadius(driftwood, { latitude: 44.1449, longitude: -87.5703 })).toBe(true);
    // About 250 feet away (0.0007 degree of latitude): in the car park.
    expect(withinVenueRadius(driftwood, { latitude: 44.1455, longitude: -87.5702 })).toBe(true);
    // Birch Harbor Coffee, a few hundred feet further: just outside 0.1 mile.
    expect(withinVenueRadius(driftwood, { latitude: 44.1461, longitude: -87.5688 })).toBe(false);
    expect(withinVenueRadius(driftwood, { latitude: 44.16, longitude: -87.5702 })).toBe(false);
  });
  it('refuses without a location or without venue coordinates', () => {
    expect(withinVenueRadius(driftwood, null)).toBe(false);
    expect(withinVenueRadius({ latitude: null, longitude: null }, driftwood)).toBe(false);
  });
});

describe('points earned by a redemption', () => {
  it('name the venue of a check-in, and the product and venue otherwise', () => {
    expect(earnedReason({ type: 'check-in', name: 'Check in' }, 'Driftwood Brewing Co.')).toBe(
      'checked in at Driftwood Brewing Co.',
    );
    expect(earnedReason({ type: 'voucher', name: 'Pint Night' }, 'Driftwood Brewing Co.')).toBe(
      'redeemed Pint Night at Driftwood Brewing Co.',
    );
    expect(earnedReason({ type: 'voucher', name: 'Pint Night' }, null)).toBe('redeemed Pint Night');
  });
  it('expire with the deal, and on a points offer no later than a year on', () => {
    const dealEnd = plus(45 * DAY);
    expect(creditExpiry({ points_valid_until: dealEnd }, { use_points: false }, NOW)).toEqual(dealEnd);
    expect(creditExpiry({ points_valid_until: null }, { use_points: false }, NOW)).toBeNull();
    expect(creditExpiry({ points_valid_until: null }, { use_points: true }, NOW)).toEqual(plus(365 * DAY));
    expect(creditExpiry({ points_valid_until: plus(400 * DAY) }, { use_points: true }, NOW)).toEqual(
      plus(365 * DAY),
    );
    expect(creditExpiry({ points_valid_until: dealEnd }, { use_points: true }, NOW)).toEqual(dealEnd);
  });
  it('are earned only on a points deal whose points period has not ended', () => {
    expect(dealEarnsPoints({ use_points: true, points_valid_until: plus(DAY) }, NOW)).toBe(true);
    expect(dealEarnsPoints({ use_points: true, points_valid_until: null }, NOW)).toBe(true);
    expect(dealEarnsPoints({ use_points: true, points_valid_until: plus(-DAY) }, NOW)).toBe(false);
    expect(dealEarnsPoints({ use_points: false, points_valid_until: null }, NOW)).toBe(false);
  });
});
