import type { MarkShippedRequest, TRACKING_NUMBER_PATTERN } from '@trailpass/contract/console';

/** The contract's pattern, restated (a value import would load its zod schemas); the test holds them equal. */
export const TRACKING_NUMBER: typeof TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

export type ShipField = keyof MarkShippedRequest;
export interface ShipValues {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
}

/**
 * The "Mark shipped" form as the contract's request, or the field messages that keep it from being sent
 * (the server checks it all again and its messages land on the same fields).
 */
export function toMarkShippedRequest(
  values: ShipValues,
): { request: MarkShippedRequest } | { errors: Partial<Record<ShipField, string>> } {
  const carrier = values.carrier.trim();
  const trackingNumber = values.trackingNumber.trim();
  const trackingUrl = values.trackingUrl.trim();
  const errors: Partial<Record<ShipField, string>> = {};
  if (!carrier) errors.carrier = 'The carrier is required.';
  else if (carrier.length > 100) errors.carrier = 'The carrier is too long (at most 100 characters).';
  if (trackingNumber) {
    if (trackingNumber.length > 64)
      errors.trackingNumber = 'The tracking number is too long (at most 64 characters).';
    else if (!TRACKING_NUMBER.test(trackingNumber))
      errors.trackingNumber = 'Use only letters, digits, spaces and dashes.';
  }
  if (trackingUrl) {
    let url: URL | null = null;
    try {
      url = new URL(trackingUrl);
    } catch {
      url = null;
    }
    if (url?.protocol !== 'https:') errors.trackingUrl = 'Enter a tracking link that starts with https://.';
    else if (trackingUrl.length > 500)
      errors.trackingUrl = 'The tracking link is too long (at most 500 characters).';
  }
  if (!trackingNumber && !trackingUrl) errors.trackingNumber = 'Enter a tracking number or a tracking link.';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      carrier,
      trackingNumber: trackingNumber || null,
      trackingUrl: trackingUrl || null,
    },
  };
}
