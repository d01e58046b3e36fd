import { z } from 'zod';
import { id, passQuery } from './common';

/** POST /pass/api/partnerUser/{id}/event (spec 7 Ad event; its payload is not in the spec). */
export const AD_EVENT_TYPES = ['impression', 'click'] as const;
export const adEventRequest = z.strictObject({
  type: z.enum(AD_EVENT_TYPES),
  /** The module the content was shown in. */
  module_id: id,
  deal_id: id.nullable().optional(),
  venue_id: id.nullable().optional(),
  product_id: id.nullable().optional(),
  /** Where a click led (an in-app path or an external address). */
  url: z.string().max(2048).nullable().optional(),
});
export type AdEventRequest = z.infer<typeof adEventRequest>;
export const adEventQuery = passQuery;
export const adEventResponse = z.object({ ok: z.literal(true) });
export type AdEventResponse = z.infer<typeof adEventResponse>;
