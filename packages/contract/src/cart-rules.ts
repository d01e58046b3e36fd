/**
 * Spec 4, 5 and 9 rules of claiming a reward that the server enforces and the app shows: one definition,
 * zod-free (the app's pages import it without pulling in zod).
 */

/** Spec 9: a draft order holds its item for 10 minutes; more time restores 10 minutes. */
export const ORDER_HOLD_MINUTES = 10;
export const ORDER_HOLD_MS = ORDER_HOLD_MINUTES * 60_000;

export const NOT_ENOUGH_POINTS_MESSAGE = 'You do not have enough points to claim this.';
export const SHIPPING_INFO_MESSAGE = 'You need to finish your shipping info.';
export const NOT_ENOUGH_POINTS_FOR_OPTIONS = 'Not enough points for some options.';
export const ORDER_EXPIRED_MESSAGE = 'Your Order Has Expired';
export const SOLD_OUT_MESSAGE = 'Sorry, this reward is no longer available.';

/** Spec 9: points needed = points_ratio times retail_price (a missing ratio counts as 1). */
export function pointsNeeded(pointsRatio: number | null, retailPrice: number | null): number {
  return Math.round((pointsRatio ?? 1) * (retailPrice ?? 0));
}

/**
 * Spec 5: an option (attribute) is available if there is no ticketsAvailable map, or the count for the
 * attribute, else for key 0 (all), is above 0 or null (unlimited). A map that names neither has no limit
 * for it. `attributeId` null means the item has no options (key 0 only).
 */
export function ticketsLeft(
  ticketsAvailable: Record<string, number | null> | null,
  attributeId: number | null,
): number | null {
  if (!ticketsAvailable) return null;
  const own = attributeId === null ? undefined : ticketsAvailable[String(attributeId)];
  const count = own !== undefined ? own : ticketsAvailable['0'];
  return count === undefined ? null : count;
}

export function isAvailable(
  ticketsAvailable: Record<string, number | null> | null,
  attributeId: number | null,
): boolean {
  const left = ticketsLeft(ticketsAvailable, attributeId);
  return left === null || left > 0;
}

export interface AddressFields {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  zip_code?: string | null;
}

/** Spec 5: shipped needs address, city, state, country and zip_code non-empty. */
export function isShippingAddressComplete(address: AddressFields | null | undefined): boolean {
  if (!address) return false;
  return [address.address, address.city, address.state, address.country, address.zip_code].every(
    (value) => typeof value === 'string' && value.trim() !== '',
  );
}

/** An address to show: the shipping fields with the recipient's name. */
export interface AddressLinesInput extends AddressFields {
  first_name?: string | null;
  last_name?: string | null;
  address_2?: string | null;
}

/**
 * The address as lines to show (name, street, suite, city state zip, country): OrderDetails' Shipping
 * Address and the order confirmation e-mail. None when there is no street address, so a name alone asks
 * for the shipping information rather than pretending it is there.
 */
export function addressLines(address: AddressLinesInput | null | undefined): string[] {
  if (!address?.address?.trim()) return [];
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
  const cityLine = [address.city, [address.state, address.zip_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [name, address.address, address.address_2, cityLine, address.country].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
}

/**
 * Spec 2.9 chips, on OrderDetails and in the order confirmation e-mail: Ship or Pickup for products,
 * Instant Download for deals and packages.
 */
export function deliveryChip(item: {
  type: string;
  delivery_method: 'shipped' | 'picked_up' | null;
}): 'Ship' | 'Pickup' | 'Instant Download' | null {
  if (item.type !== 'product') return 'Instant Download';
  if (item.delivery_method === 'shipped') return 'Ship';
  if (item.delivery_method === 'picked_up') return 'Pickup';
  return null;
}

export interface CompletionInput {
  /** An active (draft) order with its item. */
  hasOrderAndItem: boolean;
  currentPoints: number;
  /** The item's points_paid. */
  itemPoints: number;
  deliveryMethod: 'shipped' | 'picked_up' | null;
  /** Ship-to-someone-else recipient, when there is one. */
  distribute: (AddressFields & { first_name?: string | null }) | null;
  customer: (AddressFields & { first_name?: string | null }) | null;
}

export type CompletionBlock = 'no-order' | 'not-enough-points' | 'shipping-info';

/**
 * Spec 5: an order is completable only if an active order and item exist, current points are at least
 * the item's points_paid, the address is valid (pickup always; shipped needs a complete address on the
 * recipient or the customer) and a first name exists.
 */
export function completionBlock(input: CompletionInput): CompletionBlock | null {
  if (!input.hasOrderAndItem) return 'no-order';
  if (input.currentPoints < input.itemPoints) return 'not-enough-points';
  const shipTo = input.distribute ?? input.customer;
  if (input.deliveryMethod === 'shipped' && !isShippingAddressComplete(shipTo)) return 'shipping-info';
  const firstName = shipTo?.first_name ?? input.customer?.first_name;
  if (!firstName || firstName.trim() === '') return 'shipping-info';
  return null;
}

export const COMPLETION_BLOCK_MESSAGES: Record<CompletionBlock, string> = {
  'no-order': 'Your bag is empty.',
  'not-enough-points': NOT_ENOUGH_POINTS_MESSAGE,
  'shipping-info': SHIPPING_INFO_MESSAGE,
};
