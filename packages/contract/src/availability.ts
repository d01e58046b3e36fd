import { z } from 'zod';
import { id, idParam, MAX_ID, partnerUserParams, passQuery } from './common';

/**
 * Spec 7 Availability (decision 0017): the dates, times and pickup points a partner offers for a pickup
 * reward or a bookable product, and the holder's choice for one of their items. The spec names the calls
 * and their parameters only; these shapes are ours.
 *
 * - `itemType=product`: `itemIds` are products of the offer (a bookable product such as a tour).
 *   `itemType=reward_item`: `itemIds` are reward items of the offer (a pickup reward, ClaimReward's typeId).
 * - Dates are calendar dates (YYYY-MM-DD) and times wall-clock times (HH:MM) in the item's `timezone`.
 *   Only what is still ahead is offered: past dates and today's past times are left out. A date with no
 *   times left is fully booked (`available` false).
 * - Every call acts for the signed-in pass holder (403 for a preview or unregistered link, 404 for a
 *   signed-out pass); an item, pickup point or order item that is not the offer's or the holder's is 404.
 */

export const AVAILABILITY_ITEM_TYPES = ['product', 'reward_item'] as const;
export const availabilityItemType = z.enum(AVAILABILITY_ITEM_TYPES);
export type AvailabilityItemType = z.infer<typeof availabilityItemType>;

/** Most item ids one request may name. */
export const MAX_AVAILABILITY_ITEMS = 50;

const ITEM_IDS_MESSAGE = 'Expected item ids: positive whole numbers separated by commas.';
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/**
 * itemIds in a query string: `itemIds=1202,1211` or `itemIds=1202&itemIds=1211`, 1 to
 * MAX_AVAILABILITY_ITEMS ids; a repeated id counts once.
 */
export const itemIdsParam = z.union([z.string(), z.array(z.string())]).transform((value, ctx) => {
  const parts = (Array.isArray(value) ? value : [value]).flatMap((text) => text.split(','));
  const ids = parts.map((part) => (ID_TEXT.test(part) ? Number(part) : Number.NaN));
  if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n > MAX_ID)) {
    ctx.addIssue({ code: 'custom', message: ITEM_IDS_MESSAGE });
    return z.NEVER;
  }
  const unique = [...new Set(ids)];
  if (unique.length > MAX_AVAILABILITY_ITEMS) {
    ctx.addIssue({ code: 'custom', message: `Send at most ${MAX_AVAILABILITY_ITEMS} item ids.` });
    return z.NEVER;
  }
  return unique;
});

/** A calendar date, YYYY-MM-DD, that exists. */
export const calendarDate = z
  .string()
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'Expected a date as YYYY-MM-DD.')
  .refine((text) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'That date does not exist.');

/** A wall-clock time, HH:MM (24 hours). */
export const clockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Expected a time as HH:MM.');

// ---------------------------------------------------------------------------------------------------------
// GET /availableDates

export const availableDatesQuery = passQuery.extend({
  itemIds: itemIdsParam,
  /** The spec sends itemType=product; reward_item names pickup rewards. */
  itemType: availabilityItemType,
  /** Only the dates of this pickup point (one of the items' pickup points, else 404). */
  pickupPoint: idParam.optional(),
});
export type AvailableDatesQuery = z.infer<typeof availableDatesQuery>;

export const availableDate = z.object({
  date: z.string(),
  /** The pickup point the date is offered at; null when the item has none. */
  pickup_point_id: id.nullable(),
  /** False when the date is fully booked (no times left). */
  available: z.boolean(),
});
export type AvailableDate = z.infer<typeof availableDate>;

export const availableDatesItem = z.object({
  item_id: id,
  item_type: availabilityItemType,
  /** The IANA time zone of the dates; null when the item has no availability (then dates is empty). */
  timezone: z.string().nullable(),
  /** Ascending by date, then by the pickup point's order. */
  dates: z.array(availableDate),
});
export type AvailableDatesItem = z.infer<typeof availableDatesItem>;

/** One entry per item asked for, in the order asked. */
export const availableDatesResponse = z.object({ items: z.array(availableDatesItem) });
export type AvailableDatesResponse = z.infer<typeof availableDatesResponse>;

// ---------------------------------------------------------------------------------------------------------
// GET /availableTimes

export const availableTimesQuery = availableDatesQuery.extend({ date: calendarDate });
export type AvailableTimesQuery = z.infer<typeof availableTimesQuery>;

export const availableTime = z.object({
  time: z.string(),
  pickup_point_id: id.nullable(),
});
export type AvailableTime = z.infer<typeof availableTime>;

export const availableTimesItem = z.object({
  item_id: id,
  item_type: availabilityItemType,
  timezone: z.string().nullable(),
  /** The date's times still ahead, ascending, then by the pickup point's order; empty when fully booked. */
  times: z.array(availableTime),
});
export type AvailableTimesItem = z.infer<typeof availableTimesItem>;

export const availableTimesResponse = z.object({ date: z.string(), items: z.array(availableTimesItem) });
export type AvailableTimesResponse = z.infer<typeof availableTimesResponse>;

// ---------------------------------------------------------------------------------------------------------
// GET /pickupPoints

export const pickupPointsQuery = passQuery.extend({
  productId: idParam,
  /** What productId names; the spec sends productId alone, which means a product. */
  itemType: availabilityItemType.optional(),
});
export type PickupPointsQuery = z.infer<typeof pickupPointsQuery>;

export const pickupPoint = z.object({
  id,
  name: z.string(),
  venue_id: id,
  venue_name: z.string(),
  /** The venue's one-line address. */
  address: z.string().nullable(),
});
export type PickupPoint = z.infer<typeof pickupPoint>;

export const pickupPointsResponse = z.object({
  item_id: id,
  item_type: availabilityItemType,
  /** In the partner's order; empty when the item has none. */
  pickup_points: z.array(pickupPoint),
});
export type PickupPointsResponse = z.infer<typeof pickupPointsResponse>;

// ---------------------------------------------------------------------------------------------------------
// POST /partnerUser/{id}/itemDates

export const itemDatesParams = partnerUserParams;

/** Most choices one request may store. */
export const MAX_ITEM_DATES = 20;

/**
 * One choice: for one of the holder's order items (a pickup reward they claimed) or order products (a
 * bookable product they hold), exactly one of the two. `time` must be one the item's availability offers
 * on `date` (at `pickupPoint`, which is needed when the item has pickup points), still ahead: else 422.
 */
export const itemDateChoice = z
  .strictObject({
    orderItemId: id.optional(),
    orderProductId: id.optional(),
    date: calendarDate,
    time: clockTime,
    pickupPoint: id.nullable().optional(),
  })
  .refine((choice) => (choice.orderItemId === undefined) !== (choice.orderProductId === undefined), {
    message: 'Send orderItemId or orderProductId, not both.',
    path: ['orderItemId'],
  });
export type ItemDateChoice = z.infer<typeof itemDateChoice>;

/**
 * The pickup slot chosen for a cart's pickup item, sent with PUT /cart/{orderId}/complete so that the
 * completion takes it in its own transaction (issue 27): the same date, time and pickup point as a choice
 * above, checked the same way.
 */
export const pickupSlotChoice = z.strictObject({
  date: calendarDate,
  time: clockTime,
  pickupPoint: id.nullable().optional(),
});
export type PickupSlotChoice = z.infer<typeof pickupSlotChoice>;

/** Spec 7 payload "products": the choices, stored together or not at all. Choosing again replaces. */
export const itemDatesRequest = z
  .strictObject({ products: z.array(itemDateChoice).min(1).max(MAX_ITEM_DATES) })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.products.forEach((choice, index) => {
      const key =
        choice.orderItemId !== undefined ? `item:${choice.orderItemId}` : `product:${choice.orderProductId}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Choose once per item.',
          path: ['products', index, choice.orderItemId !== undefined ? 'orderItemId' : 'orderProductId'],
        });
      }
      seen.add(key);
    });
  });
export type ItemDatesRequest = z.infer<typeof itemDatesRequest>;

/** A stored choice. */
export const itemDate = z.object({
  id,
  order_item_id: id.nullable(),
  order_product_id: id.nullable(),
  date: z.string(),
  time: z.string(),
  pickup_point_id: id.nullable(),
  timezone: z.string(),
});
export type ItemDate = z.infer<typeof itemDate>;

export const itemDatesResponse = z.object({ products: z.array(itemDate) });
export type ItemDatesResponse = z.infer<typeof itemDatesResponse>;
