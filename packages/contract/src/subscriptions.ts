import { z } from 'zod';
import { id, idParam, passQuery } from './common';
import { messageList } from './entities';

/**
 * Spec 7 Mailing lists. GET /messageLists (site root): the lists of the pass's partner, without the
 * holder's choices. GET /partnerUser/{id}/messageLists?offerId: each list with the holder's subscribed
 * flag (a list with no row counts as 0). PUT /partnerUser/{id}/messageLists/{listId}: one list's flag.
 */
export const messageListsQuery = passQuery.extend({ offerId: idParam });
export const partnerMessageLists = z.object({
  data: z.array(messageList.omit({ subscribed: true })),
});
export type PartnerMessageLists = z.infer<typeof partnerMessageLists>;
export const messageListsResponse = z.object({ data: z.array(messageList) });
export type MessageListsResponse = z.infer<typeof messageListsResponse>;

export const messageListParams = z.strictObject({ id: idParam, listId: idParam });
export const updateSubscriptionRequest = z.strictObject({
  /** The list id again, as spec 7 sends it; must match the path. */
  id,
  subscribed: z.union([z.literal(0), z.literal(1)]),
});
export type UpdateSubscriptionRequest = z.infer<typeof updateSubscriptionRequest>;
