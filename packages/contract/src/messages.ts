import { z } from 'zod';
import { idParam, passQuery } from './common';

/** GET /pass/api/partnerUser/{id}/messages/unreadCount query: the session's offer. */
export const unreadCountQuery = passQuery.extend({ offerId: idParam });
export type UnreadCountQuery = z.infer<typeof unreadCountQuery>;

/** Messages of the user on the offer that have not been read (no read_at). */
export const unreadCountResponse = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;
