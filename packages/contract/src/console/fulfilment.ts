import { z } from 'zod';
import { id, idParam, isoDateTime } from '../common';
import { listPage, listQuery } from './common';

/**
 * Issue 30 item 3: the fulfilment queue of an offer and what staff do with an item of it. An item is in the
 * queue while its order is completed and the item is neither fulfilled (`redeemed`: shipped or picked up)
 * nor cancelled. Paths from the site root, in Fastify's `:param` form (as consolePaths).
 */
export const fulfilmentPaths = {
  queue: '/console/api/offers/:offerId/fulfilment',
  ship: '/console/api/offers/:offerId/fulfilment/:itemId/ship',
  pickedUp: '/console/api/offers/:offerId/fulfilment/:itemId/picked-up',
  cancel: '/console/api/offers/:offerId/fulfilment/:itemId/cancel',
} as const;

/** `shipped`: items to send; `pickup`: pickups pending. */
export const FULFILMENT_KINDS = ['shipped', 'pickup'] as const;
export const fulfilmentKind = z.enum(FULFILMENT_KINDS);
export type FulfilmentKind = z.infer<typeof fulfilmentKind>;

/** The columns the queue sorts on (server-side); claimedAt (oldest first) by default. */
export const FULFILMENT_SORT_FIELDS = ['claimedAt', 'holder', 'reward'] as const;
/** GET .../fulfilment?kind=shipped|pickup&page&perPage&sort&order&q (q: holder name or e-mail, reward). */
export const fulfilmentQuery = listQuery(FULFILMENT_SORT_FIELDS).extend({
  kind: fulfilmentKind.optional().default('shipped'),
});
export type FulfilmentQuery = z.infer<typeof fulfilmentQuery>;

/** Where a shipped item goes: the recipient when the holder shipped it to someone else, else the holder. */
export const shipTo = z.object({
  /** True when this is a recipient the holder named (Ship to Someone Else), not the holder. */
  recipient: z.boolean(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
});
export type ShipTo = z.infer<typeof shipTo>;

/** Where and when a pickup is collected. `slot` is the one the holder chose, on the venue's clock. */
export const pickupPlace = z.object({
  venueName: z.string().nullable(),
  instructions: z.string().nullable(),
  slot: z
    .object({ date: z.string(), time: z.string(), timezone: z.string(), pointName: z.string().nullable() })
    .nullable(),
});
export type PickupPlace = z.infer<typeof pickupPlace>;

/** One item of the queue. */
export const fulfilmentRow = z.object({
  itemId: id,
  orderId: id,
  kind: fulfilmentKind,
  holder: z.object({ id, name: z.string(), email: z.string() }),
  reward: z.string(),
  /** The chosen option (attribute), if any. */
  option: z.string().nullable(),
  points: z.number().int(),
  claimedAt: isoDateTime,
  /** Shipped items only. */
  shipTo: shipTo.nullable(),
  /** Pickups only. */
  pickup: pickupPlace.nullable(),
});
export type FulfilmentRow = z.infer<typeof fulfilmentRow>;
export const fulfilmentPage = listPage(fulfilmentRow);
export type FulfilmentPage = z.infer<typeof fulfilmentPage>;

export const fulfilmentItemParams = z.strictObject({ offerId: idParam, itemId: idParam });

const trimmed = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`);

/** A tracking number: letters, digits, spaces and dashes (carriers' numbers are no more). */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/**
 * POST .../fulfilment/{itemId}/ship: the carrier and a tracking number or a tracking URL (https), or both.
 * The holder's OrderDetails and the shipped e-mail show them.
 */
export const markShippedRequest = z
  .strictObject({
    carrier: trimmed('The carrier', 100),
    trackingNumber: trimmed('The tracking number', 64)
      .regex(TRACKING_NUMBER_PATTERN, 'Use only letters, digits, spaces and dashes.')
      .nullable()
      .optional(),
    trackingUrl: z
      .string()
      .trim()
      .max(500, 'The tracking link is too long (at most 500 characters).')
      .pipe(z.url({ protocol: /^https$/, error: 'Enter a tracking link that starts with https://.' }))
      .nullable()
      .optional(),
  })
  .refine((body) => Boolean(body.trackingNumber || body.trackingUrl), {
    message: 'Enter a tracking number or a tracking link.',
    path: ['trackingNumber'],
  });
export type MarkShippedRequest = z.infer<typeof markShippedRequest>;

/** POST .../fulfilment/{itemId}/cancel: why (the holder's ledger shows the refund; the audit the reason). */
export const cancelItemRequest = z.strictObject({ reason: trimmed('A reason', 200) });
export type CancelItemRequest = z.infer<typeof cancelItemRequest>;

export const FULFILMENT_STATES = ['shipped', 'picked_up', 'cancelled'] as const;

/**
 * The answer of ship, picked-up and cancel: the item as it now stands. `refundedPoints` is what a
 * cancellation credited back (0 otherwise), `stockReturned` whether it gave a unit back to a limited stock.
 * A second action on an item that is no longer in the queue is a 409 CONFLICT that says what happened.
 */
export const fulfilmentResult = z.object({
  itemId: id,
  state: z.enum(FULFILMENT_STATES),
  at: isoDateTime,
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  refundedPoints: z.number().int().nonnegative(),
  stockReturned: z.boolean(),
});
export type FulfilmentResult = z.infer<typeof fulfilmentResult>;
