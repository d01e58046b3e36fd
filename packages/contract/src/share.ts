import { z } from 'zod';
import { idParam, passQuery } from './common';

/** GET /pass/api/partnerUser/{id}/share?dealId&offerId (spec 7 Share). */
export const shareQuery = passQuery.extend({ offerId: idParam });
export type ShareQuery = z.infer<typeof shareQuery>;

/**
 * What the app hands to the system share sheet. The url is the offer's public sign-up page, never a
 * pass link: a pass token is a credential and must not travel in a share.
 */
export const shareResponse = z.object({
  title: z.string(),
  text: z.string(),
  url: z.string().nullable(),
});
export type ShareResponse = z.infer<typeof shareResponse>;
