import { z } from 'zod';
import { cartItemType } from './cart';
import { id, idParam, partnerUserParams, passQuery } from './common';
import { address } from './orders';

/**
 * Spec 7 Distribution (decision 0017; the spec shows the paths only). The ship-to-someone-else recipient
 * (`distribute`) of one of the holder's completed orders, while its shipped item has not been sent:
 * `false` ships to the holder (the order's customer) again. The item is named as in the cart calls
 * (`order_products`, `order_deals` or `order_packages`, and the order item's id).
 */

export const distributionParams = partnerUserParams.extend({
  orderId: idParam,
  itemType: cartItemType,
  itemId: idParam,
});
export type DistributionParams = z.infer<typeof distributionParams>;
export const distributionQuery = passQuery;

export const recipient = z.union([address, z.literal(false)]);

/**
 * With `distribute: false` (ship to the holder), `customer` is the holder's own shipping address for the
 * order, which replaces the one it has (issue 27): shipping to oneself at a new address changes the
 * holder's address, it does not make a recipient named after them.
 */
const ownAddress = {
  customer: address.optional(),
};
const customerOnlyWithSelf = (body: { distribute: unknown; customer?: unknown }) =>
  body.customer === undefined || body.distribute === false;
const CUSTOMER_ONLY_WITH_SELF = {
  message: 'Send customer only with distribute false (shipping to yourself).',
  path: ['customer'],
};

/** PUT .../orders/{orderId}/{itemType}/{itemId}/distribution. */
export const distributionRequest = z
  .strictObject({ distribute: recipient, ...ownAddress })
  .refine(customerOnlyWithSelf, CUSTOMER_ONLY_WITH_SELF);
export type DistributionRequest = z.infer<typeof distributionRequest>;

/** The order's recipient as stored now (null when it ships to the holder), and the holder's address. */
export const distributionResponse = z.object({
  orderId: id,
  distribute: address.nullable(),
  customer: address,
});
export type DistributionResponse = z.infer<typeof distributionResponse>;

/** Most orders one POST /partnerUser/{id}/distributions may change. */
export const MAX_DISTRIBUTIONS = 20;

export const distributionEntry = z
  .strictObject({
    orderId: id,
    itemType: cartItemType,
    itemId: id,
    distribute: recipient,
    ...ownAddress,
  })
  .refine(customerOnlyWithSelf, CUSTOMER_ONLY_WITH_SELF);
export type DistributionEntry = z.infer<typeof distributionEntry>;

/** POST /partnerUser/{id}/distributions: several orders, all changed or none; each order once. */
export const distributionsRequest = z
  .strictObject({ distributions: z.array(distributionEntry).min(1).max(MAX_DISTRIBUTIONS) })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.distributions.forEach((entry, index) => {
      if (seen.has(entry.orderId)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Name each order once.',
          path: ['distributions', index, 'orderId'],
        });
      }
      seen.add(entry.orderId);
    });
  });
export type DistributionsRequest = z.infer<typeof distributionsRequest>;

export const distributionsResponse = z.object({ distributions: z.array(distributionResponse) });
export type DistributionsResponse = z.infer<typeof distributionsResponse>;
