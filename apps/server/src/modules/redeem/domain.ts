/**
 * Rules of redeeming (spec 4 and 9, decision 0015) that need no database: tested on their own.
 */
import { timingSafeEqual } from 'node:crypto';
import { GPS_REDEEM_RADIUS_MILES, type LatLng, milesBetween } from '@trailpass/contract';

export const WRONG_PIN_MESSAGE = 'That code is not correct. Please try again.';
export const MISSING_PIN_MESSAGE = 'Enter the 4-digit validation code.';
export const NO_VENUE_CODE_MESSAGE =
  'This venue has no validation code set up yet, so it cannot be redeemed in the app. Please ask the staff.';
export const PICKUP_DONE_MESSAGE = 'This pickup has already been confirmed.';
/** The partner cancelled the item in its console (issue 30 item 3): its points were credited back. */
export const PICKUP_CANCELLED_MESSAGE = 'This item was cancelled and its points were given back.';
export const NOT_A_PICKUP_MESSAGE = 'This item is not picked up at a venue.';
export const USE_CHECK_IN_MESSAGE = 'This is a check-in: send it to checkIn, not redeem.';
export const USE_REDEEM_MESSAGE = 'This is not a check-in: send it to redeem, not checkIn.';

/**
 * Wrong-code limits (DESIGN.md section 5). Each order product or pickup gets a few tries per window,
 * and one holder gets a few more at one venue across everything they hold there, so holding many
 * tickets does not multiply the guesses. At these rates guessing a 4-digit code takes weeks, while a
 * bartender who mistypes twice is not locked out.
 */
export const PIN_ATTEMPTS_PER_TARGET = 5;
export const PIN_ATTEMPTS_PER_USER_VENUE = 10;
export const PIN_ATTEMPT_WINDOW_MS = 15 * 60_000;

export interface PinAttemptLimits {
  perTarget: number;
  perUserVenue: number;
}
export const DEFAULT_PIN_ATTEMPT_LIMITS: PinAttemptLimits = {
  perTarget: PIN_ATTEMPTS_PER_TARGET,
  perUserVenue: PIN_ATTEMPTS_PER_USER_VENUE,
};

/** The whole minutes to wait before another try, at least 1. */
export function attemptMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = attemptMinutes(retryAfterMs);
  return `Too many wrong codes. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

/** Compares codes in constant time, so response timing says nothing about how many digits matched. */
export function pinMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** gpsOrPin: the holder is within GPS_REDEEM_RADIUS_MILES of a venue with coordinates. */
export function withinVenueRadius(
  venue: { latitude: number | null; longitude: number | null },
  at: LatLng | null,
): boolean {
  if (!at || venue.latitude === null || venue.longitude === null) return false;
  return (
    milesBetween(at, { latitude: venue.latitude, longitude: venue.longitude }) <= GPS_REDEEM_RADIUS_MILES
  );
}

/** How a pickup is confirmed (spec 4 Pickup confirmation): pin, gpsOrPin, or anything else at once. */
export type PickupValidation = 'pin' | 'gpsOrPin' | 'none';
export function pickupValidation(value: string | null): PickupValidation {
  return value === 'pin' || value === 'gpsOrPin' ? value : 'none';
}

/** The ledger's reason for points earned by a redemption (lower-case first; the app capitalises it). */
export function earnedReason(product: { type: string; name: string }, venueName: string | null): string {
  if (product.type === 'check-in')
    return venueName ? `checked in at ${venueName}` : `checked in: ${product.name}`;
  return venueName ? `redeemed ${product.name} at ${venueName}` : `redeemed ${product.name}`;
}

/** Points of a points offer last a year from when they are earned (as every credit in the demo does). */
export const POINTS_OFFER_CREDIT_LIFETIME_MS = 365 * 86_400_000;

/**
 * When points credited now expire: on the deal's points_valid_until, and on a points offer no later
 * than a year after earning. Null when neither applies (the points do not expire).
 */
export function creditExpiry(
  deal: { points_valid_until: Date | null },
  offer: { use_points: boolean },
  now: Date,
): Date | null {
  const yearOn = offer.use_points ? new Date(now.getTime() + POINTS_OFFER_CREDIT_LIFETIME_MS) : null;
  const dealEnd = deal.points_valid_until;
  if (dealEnd && yearOn) return new Date(Math.min(dealEnd.getTime(), yearOn.getTime()));
  return dealEnd ?? yearOn;
}

/**
 * Whether points can still be earned on a deal: it uses points and its points period (when it has one)
 * has not ended. Points earned after the end would appear in a history that has already expired.
 */
export function dealEarnsPoints(
  deal: { use_points: boolean; points_valid_until: Date | null },
  now: Date,
): boolean {
  return deal.use_points && (deal.points_valid_until === null || deal.points_valid_until > now);
}
