import type {
  MessageList,
  MessageListsResponse,
  PartnerMessageLists,
  PassLanguage,
  UpdateSubscriptionRequest,
} from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { badRequest, notFound } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { listMessageListsForOffer } from '../data/repository';
import { localized } from '../language/translate';
import type { PassSession } from '../sessions/repository';
import { findMessageListOfOffer, upsertSubscription } from './repository';

const flag = (value: unknown): 0 | 1 => (Number(value) === 1 ? 1 : 0);

/**
 * GET /messageLists (site root): the mailing lists of the pass offer's partner, without anyone's flags.
 * Any session with an offer may read them (a holder, a signed-out pass, a preview); an unregistered
 * link has no offer and so no lists, as in its /data.
 */
export async function loadPartnerMessageLists(
  db: DbExecutor,
  session: PassSession,
  language: PassLanguage = 'en',
): Promise<PartnerMessageLists> {
  if (session.offerId === null || session.isUnregisteredLink) return { data: [] };
  const rows = await listMessageListsForOffer(db, session.offerId, null);
  return {
    data: rows.map((row) => {
      const { id, name, description } = localized(row, language);
      return { id, name, description };
    }),
  };
}

/** GET .../messageLists: each list of the partner with the holder's flag (no row counts as 0). */
export async function loadHolderMessageLists(
  db: DbExecutor,
  holder: HolderSession,
  language: PassLanguage = 'en',
): Promise<MessageListsResponse> {
  const rows = await listMessageListsForOffer(db, holder.offerId, holder.partnerUserId);
  return {
    data: rows.map((row) => {
      const { id, name, description, subscribed } = localized(row, language);
      return { id, name, description, subscribed: flag(subscribed) };
    }),
  };
}

/** PUT .../messageLists/{listId}: the body names the list again; another partner's list is 404. */
export async function updateSubscription(
  db: DbExecutor,
  holder: HolderSession,
  listId: number,
  body: UpdateSubscriptionRequest,
  language: PassLanguage = 'en',
): Promise<MessageList> {
  if (body.id !== listId) {
    throw badRequest('The request body is invalid (id: must be the list id of the path)', {
      id: 'Must be the list id of the path.',
    });
  }
  const list = await findMessageListOfOffer(db, { listId, offerId: holder.offerId });
  if (!list) throw notFound();
  const subscribed = await upsertSubscription(db, {
    partnerUserId: holder.partnerUserId,
    listId: list.id,
    subscribed: body.subscribed,
  });
  // The list's name and description in the request's language (decision 0049), as GET shows them.
  const { id, name, description } = localized(list, language);
  return { id, name, description, subscribed };
}
