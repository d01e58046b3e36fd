import { z } from 'zod';
import { id, idParam, isoDateTime, passQuery } from './common';
import { pointsExpiration } from './entities';
import { deliveryMethod } from './orders';

/**
 * Spec 7 Points current: GET /partnerUser/{id}/points/current?offerId&dealId. Without dealId: the offer's
 * headline points deal (the single deal of a points offer, else the first gamified deal in rewards order).
 */
export const pointsCurrentQuery = passQuery.extend({ offerId: idParam });
export type PointsCurrentQuery = z.infer<typeof pointsCurrentQuery>;
export const pointsCurrent = z.object({
  /** The deal these points belong to (null when the offer has no points deal). */
  deal_id: id.nullable(),
  current_points: z.number().int(),
  next_points_expiration: pointsExpiration.nullable(),
});
export type PointsCurrent = z.infer<typeof pointsCurrent>;

const positiveInt = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, 'Expected a positive whole number.')
  .transform(Number);

/** Spec 9: points history display 1000000, page 1. */
export const POINTS_HISTORY_DISPLAY = 1_000_000;

/** Spec 7 Points history: one deal's history (one call per deal for non-points offers), newest first. */
export const pointsHistoryQuery = passQuery.extend({
  offerId: idParam,
  page: positiveInt.optional(),
  display: positiveInt.optional(),
});
export type PointsHistoryQuery = z.infer<typeof pointsHistoryQuery>;

/** Spec 3 Points history entry (dealName is added on the client). */
export const pointsHistoryEntry = z.object({
  id,
  deal_id: id,
  reason_text: z.string(),
  points: z.number().int(),
  balance: z.number().int(),
  value_date: isoDateTime,
  order_id: id.nullable(),
  /** On debits: the order item the points paid for, with its state (for the Pending Pickup link). */
  redeemed: z
    .object({ id, completed: isoDateTime.nullable(), delivery_method: deliveryMethod.nullable() })
    .nullable(),
});
export type PointsHistoryEntry = z.infer<typeof pointsHistoryEntry>;

export const pointsHistory = z.object({
  data: z.array(pointsHistoryEntry),
  deal_id: id.nullable(),
  page: z.number().int(),
  display: z.number().int(),
  total: z.number().int(),
});
export type PointsHistory = z.infer<typeof pointsHistory>;
