import { z } from 'zod';
import { pickupSlotChoice } from './availability';
import { id, idParam, passQuery } from './common';
import { address, deliveryMethod, order, orderItemType } from './orders';

/**
 * Spec 7 cart calls (decision 0016). Each acts for the signed-in holder of the pass (403 for a preview or
 * unregistered link, 404 for a signed-out one) on their own draft order of this offer (404 otherwise).
 */

/** Cart item references use the spec's `order_{type}s` form. */
export const CART_ITEM_TYPES = ['order_products', 'order_deals', 'order_packages'] as const;
export const cartItemType = z.enum(CART_ITEM_TYPES);
export type CartItemType = z.infer<typeof cartItemType>;

export const cartParams = z.strictObject({ orderId: idParam });
export const cartItemParams = cartParams.extend({ itemType: cartItemType, itemId: idParam });
export const cartQuery = passQuery;

/** qty is always 1 (spec 9): the number 1, or a map of the chosen attribute id to 1. */
export const cartQuantity = z.union([
  z.literal(1),
  z
    .record(z.string().regex(/^[1-9][0-9]{0,9}$/, 'Expected an attribute id.'), z.literal(1))
    .refine((map) => Object.keys(map).length === 1, 'Choose exactly one option.'),
]);

const fields = z.record(z.string().max(50), z.string().max(500));

/** POST /cart: a new draft order holding one reward item for 10 minutes. */
export const createCartRequest = z.strictObject({
  offerId: id,
  partnerUserId: id,
  /** The gamified deal whose points pay; null or left out on a points offer. */
  dealId: id.nullable().optional(),
  qty: cartQuantity,
  /** The reward item (typeId of /rewards/{type}/{typeId}). */
  itemId: id,
  itemType: orderItemType,
  deliveryMethod,
  payWithPoints: z.literal(true),
  customer: address.optional(),
  fields: fields.optional(),
});
export type CreateCartRequest = z.infer<typeof createCartRequest>;

/** POST /cart/{orderId}/items: as create, plus orderId and attributeId. */
export const addCartItemRequest = createCartRequest.extend({
  orderId: id,
  attributeId: id.nullable().optional(),
});
export type AddCartItemRequest = z.infer<typeof addCartItemRequest>;

/** PUT /cart/{orderId}: the shipping form's recipient (or false) and customer, and the item's option. */
export const updateCartRequest = z.strictObject({
  orderId: id,
  distribute: z.union([address, z.literal(false)]).optional(),
  customer: address.optional(),
  partnerUser: z.strictObject({ id }).optional(),
  itemId: id.optional(),
  itemType: cartItemType.optional(),
  attributeId: id.nullable().optional(),
});
export type UpdateCartRequest = z.infer<typeof updateCartRequest>;

/** PUT /cart/{orderId}/{itemType}/{itemId}: change the item's delivery method or option. */
export const updateCartItemRequest = z.strictObject({
  deliveryMethod: deliveryMethod.optional(),
  attributeId: id.nullable().optional(),
});
export type UpdateCartItemRequest = z.infer<typeof updateCartItemRequest>;

/** DELETE /cart/{orderId}/{itemType}/{itemId}; moreTime false = the hold ran out and the holder said No. */
export const deleteCartItemRequest = z
  .strictObject({
    orderId: id.optional(),
    itemType: cartItemType.optional(),
    itemId: id.optional(),
    moreTime: z.boolean().optional(),
  })
  .nullish();
export type DeleteCartItemRequest = z.infer<typeof deleteCartItemRequest>;

export const keepAliveRequest = z.strictObject({ orderId: id }).nullish();

/**
 * PUT /cart/{orderId}/complete. `pickupSlot`: the slot chosen for a pickup item with availability, taken in
 * the completion's transaction (422 under `pickupSlot.*`, nothing completed, when it is no longer offered).
 */
export const completeCartRequest = z.strictObject({
  orderId: id,
  distribute: z.union([address, z.literal(false), z.literal('')]).optional(),
  customer: z.union([address, z.literal('')]).optional(),
  pickupSlot: pickupSlotChoice.optional(),
});
export type CompleteCartRequest = z.infer<typeof completeCartRequest>;

/** A draft order as the cart shows it: the order, and the seconds left on its hold. */
export const cartOrder = order.extend({
  /** Seconds left before the hold runs out (0 once it has). */
  leftTime: z.number().int().nonnegative(),
  expires_at: z.string().nullable(),
});
export type CartOrder = z.infer<typeof cartOrder>;

export const cartResponse = z.object({ orderId: id, order: cartOrder });
export type CartResponse = z.infer<typeof cartResponse>;

/** Completing answers data.message (spec 4 Complete order) and the completed order. */
export const completeCartResponse = z.object({ message: z.string(), order });
export type CompleteCartResponse = z.infer<typeof completeCartResponse>;
