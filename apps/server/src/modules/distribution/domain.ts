import {
  type Address,
  type CartItemType,
  isShippingAddressComplete,
  type OrderItemType,
  SHIPPING_INFO_MESSAGE,
} from '@trailpass/contract';

/**
 * Rules of changing a completed order's recipient (spec 7 Distribution; decision 0017), as pure
 * functions. The spec 5 shipping rules are the cart's (contract cart-rules.ts), applied to the order as
 * it would be after the change.
 */

/** The cart's item references (`order_{type}s`) name order items of this type. */
export const ITEM_TYPE_OF: Record<CartItemType, OrderItemType> = {
  order_products: 'product',
  order_deals: 'deal',
  order_packages: 'package',
};

export const SHIP_TO_SELF_MESSAGE = 'You cannot ship this to yourself';
export const NOT_COMPLETED_MESSAGE = 'Only a completed order’s recipient can be changed here; use the bag.';
export const NOT_SHIPPED_MESSAGE = 'This item is picked up, so it has no recipient to ship to.';
export const ALREADY_SHIPPED_MESSAGE = 'This order has already been shipped.';
export const NOT_GIFTABLE_MESSAGE = 'This item cannot be shipped to someone else.';

export interface RecipientProblem {
  message: string;
  /** Field messages keyed as the request spells them (prefix included). */
  fields: Record<string, string>;
}

const SHIP_FIELDS = ['first_name', 'address', 'city', 'state', 'country', 'zip_code'] as const;

const blank = (value: string | null | undefined) => typeof value !== 'string' || value.trim() === '';

/**
 * Spec 5: what the order ships to after the change (the recipient, or else the holder's customer
 * address) needs a first name, street address, city, state, country and zip code; a recipient's
 * e-mail may not be the holder's own. Null when the change is fine.
 */
export function recipientProblem(
  distribute: Address | false,
  customer: Address,
  holderEmail: string,
  prefix: string,
  customerSent = false,
): RecipientProblem | null {
  const shipTo = distribute === false ? customer : distribute;
  if (!isShippingAddressComplete(shipTo) || blank(shipTo.first_name)) {
    const fields: Record<string, string> = {};
    // The fields of an address the request sent (not of the order's stored one).
    if (distribute !== false || customerSent) {
      for (const name of SHIP_FIELDS) if (blank(shipTo[name])) fields[`${prefix}${name}`] = 'Required';
    }
    return { message: SHIPPING_INFO_MESSAGE, fields };
  }
  const email = distribute === false ? null : distribute.email?.trim().toLowerCase();
  if (email && email === holderEmail.trim().toLowerCase()) {
    return { message: SHIP_TO_SELF_MESSAGE, fields: { [`${prefix}email`]: SHIP_TO_SELF_MESSAGE } };
  }
  return null;
}
