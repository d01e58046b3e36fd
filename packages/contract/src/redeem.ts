import { z } from 'zod';
import { errorBody, id, isoDateTime } from './common';
import { orderDeal, orderProduct } from './entities';
import { PIN_PATTERN } from './redemption-rules';

/**
 * Spec 7 Redeem: POST /partnerUser/{id}/redeem, or /checkIn when the product's type is check-in; the
 * preview forms are /preview/redeem and /preview/checkIn. Decision 0015 says what each part means.
 */
export const pinNumber = z.string().regex(PIN_PATTERN, 'Enter the 4-digit code.');

const oneId = (what: string) => z.array(id).length(1, `Send exactly one ${what} id.`);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

function bothOrNeither(body: { latitude?: number | undefined; longitude?: number | undefined }): boolean {
  return (body.latitude === undefined) === (body.longitude === undefined);
}
const LOCATION_PAIR = { message: 'Send latitude and longitude together.', path: ['longitude'] };

/**
 * A holder redeems one order product (a ticket, voucher, check-in...) or confirms one pickup (an order
 * item picked up at a venue). pinNumber is the venue's code, entered by its staff; latitude and longitude
 * are the holder's location, which is enough for a `gpsOrPin` pickup within GPS_REDEEM_RADIUS_MILES.
 */
export const redeemRequest = z
  .strictObject({
    partnerUserId: id,
    orderProductIds: oneId('order product').optional(),
    orderItemIds: oneId('order item').optional(),
    pinNumber: pinNumber.optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
  })
  .refine((body) => (body.orderProductIds === undefined) !== (body.orderItemIds === undefined), {
    message: 'Send orderProductIds or orderItemIds, not both.',
    path: ['orderProductIds'],
  })
  .refine(bothOrNeither, LOCATION_PAIR);
export type RedeemRequest = z.infer<typeof redeemRequest>;

/**
 * A preview has no holder and no orders: the one id is the previewed product's, the code is checked as
 * for a holder, and nothing is stored. The answer shows the product redeemed, with the preview's
 * 0.25-minute ticket.
 */
export const previewRedeemRequest = z
  .strictObject({
    orderProductIds: oneId('product'),
    pinNumber: pinNumber.optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
  })
  .refine(bothOrNeither, LOCATION_PAIR);
export type PreviewRedeemRequest = z.infer<typeof previewRedeemRequest>;

/** A confirmed pickup: the order item as it is now. */
export const redeemedOrderItem = z.object({
  id,
  order_id: id,
  redeemed: isoDateTime.nullable(),
  completed: isoDateTime.nullable(),
});
export type RedeemedOrderItem = z.infer<typeof redeemedOrderItem>;

/** Success: what changed, as /data spells it, so the app can show it without reloading everything. */
export const redeemResponse = z.object({
  order_products: z.array(orderProduct),
  /** The order deal whose counters moved (empty for a standalone product, a pickup or a preview). */
  order_deals: z.array(orderDeal),
  order_items: z.array(redeemedOrderItem),
  /** Points credited to the ledger by this redemption (0 when none). */
  points_earned: z.number().int().nonnegative(),
  /** Always empty on success; a failure is a 4xx whose `errors` lists the messages. */
  errors: z.array(z.string()),
});
export type RedeemResponse = z.infer<typeof redeemResponse>;

/**
 * A refused redemption (404, 409, 422, 429...): the one error shape, plus spec 7's `errors[]` (each
 * message, shown as a red alert) and an empty `order_products[]`.
 */
export const redeemErrorBody = errorBody.extend({
  order_products: z.array(orderProduct).max(0),
  errors: z.array(z.string()),
});
export type RedeemErrorBody = z.infer<typeof redeemErrorBody>;
