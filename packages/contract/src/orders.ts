import { z } from 'zod';
import { id, idParam, isoDateTime, mediaItem, partnerUserParams, passQuery } from './common';
import { orderDeal, orderProduct } from './entities';

export const DELIVERY_METHODS = ['shipped', 'picked_up'] as const;
export const deliveryMethod = z.enum(DELIVERY_METHODS);
export type DeliveryMethod = z.infer<typeof deliveryMethod>;

/** The kinds of order item (spec 3 Order item type); a reward item's type. */
export const ORDER_ITEM_TYPES = ['product', 'deal', 'package'] as const;
export const orderItemType = z.enum(ORDER_ITEM_TYPES);
export type OrderItemType = z.infer<typeof orderItemType>;

/**
 * Spec 3 Address/recipient as stored on an order (customer, distribute) and sent by the shipping form.
 * Every field may be missing or null while the holder has not filled it in; spec 5 says when it is
 * complete enough to ship (cart-rules.ts).
 */
export const address = z.strictObject({
  first_name: z.string().max(100).nullable().optional(),
  last_name: z.string().max(100).nullable().optional(),
  email: z.string().max(254).nullable().optional(),
  phone: z.string().max(32).nullable().optional(),
  address: z.string().max(200).nullable().optional(),
  address_2: z.string().max(200).nullable().optional(),
  country: z.string().max(2).nullable().optional(),
  state: z.string().max(3).nullable().optional(),
  city: z.string().max(100).nullable().optional(),
  zip_code: z.string().max(20).nullable().optional(),
});
export type Address = z.infer<typeof address>;

export const orderItemAttribute = z.object({ id, name: z.string(), retail_price: z.number() });

/** Spec 3 Order item. */
export const orderItem = z.object({
  id,
  order_id: id,
  name: z.string(),
  type: orderItemType,
  /** The reward item claimed, when it was one. */
  reward_item_id: id.nullable(),
  parent: z.object({ id, type: z.string(), pickup_instructions: z.string().nullable() }),
  venue_id: id.nullable(),
  delivery_method: deliveryMethod.nullable(),
  points_paid: z.number().int(),
  attribute: orderItemAttribute.nullable(),
  media: z.array(mediaItem),
  redeemed: isoDateTime.nullable(),
  completed: isoDateTime.nullable(),
  redemption_validation: z.string().nullable(),
  pickup_instructions: z.string().nullable(),
  /**
   * Whether the item may be shipped to someone else (issue 27): from the reward item it was claimed
   * from, or the import. Ship to Someone Else needs this and the offer's gifting.
   */
  giftable: z.boolean(),
  /**
   * Set by the partner's console when it marks the item shipped (issue 30 item 3): the carrier and a
   * tracking number and/or an https tracking link. Null until then (and for pickups).
   */
  carrier: z.string().nullable().optional(),
  tracking_number: z.string().nullable().optional(),
  tracking_url: z.string().nullable().optional(),
  /** When the partner cancelled the item (its points were refunded); null otherwise. */
  cancelled: isoDateTime.nullable().optional(),
  /**
   * The pickup slot the holder chose (itemDates), as the venue's clock reads it: date YYYY-MM-DD, time
   * HH:MM, in `timezone`. Null when none was chosen.
   */
  pickup_slot: z
    .object({
      date: z.string(),
      time: z.string(),
      timezone: z.string(),
      pickup_point: z.object({ id, name: z.string(), venue_id: id.nullable() }).nullable(),
    })
    .nullable()
    .optional(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const ORDER_STATUSES = ['draft', 'completed', 'expired', 'cancelled'] as const;

/**
 * Spec 3 Order: the items grouped as deals, packages and products (each tagged with its type), and the
 * order's deals, packages and products as the pass holds them.
 */
export const order = z.object({
  id,
  offer_id: id,
  /** The deal whose points pay (gamified offers); null on points offers. */
  deal_id: id.nullable(),
  status: z.enum(ORDER_STATUSES),
  fields: z.record(z.string(), z.string()),
  points_paid: z.number().int(),
  /** Money as a string like "0.00". */
  price_paid: z.string(),
  current_points: z.number().int().nullable(),
  purchased_at: isoDateTime.nullable(),
  customer: address,
  distribute: address.nullable(),
  deals: z.array(orderItem),
  packages: z.array(orderItem),
  products: z.array(orderItem),
  orderDeals: z.array(orderDeal),
  orderPackages: z.array(z.object({ id, package_id: id, type: z.literal('package') })),
  orderProducts: z.array(orderProduct),
});
export type Order = z.infer<typeof order>;

const positiveInt = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, 'Expected a positive whole number.')
  .transform(Number);

/** GET /partnerUser/{id}/orders?offerId&display&page: the holder's completed orders, newest first. */
export const orderHistoryQuery = passQuery.extend({
  offerId: idParam,
  display: positiveInt.optional(),
  page: positiveInt.optional(),
});
export type OrderHistoryQuery = z.infer<typeof orderHistoryQuery>;
export const orderHistory = z.object({
  data: z.array(order),
  page: z.number().int(),
  display: z.number().int(),
  total: z.number().int(),
});
export type OrderHistory = z.infer<typeof orderHistory>;

/** GET /partnerUser/{id}/orders/{orderId}: one of the holder's orders. */
export const orderParams = partnerUserParams.extend({ orderId: idParam });
