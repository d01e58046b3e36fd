import {
  EMAIL_SENT_MESSAGE,
  type NeedHelpRequest,
  type PartnerUser,
  type SuggestionRequest,
  type SupportReceipt,
} from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { notFound } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { findOfferWithPartner } from '../data/repository';
import { toPartnerUser } from '../data/service';
import { findHolderOrder } from '../orders/repository';
import { insertHelpRequest, insertSuggestion, updatePartnerUserPhone } from './repository';

/** The answer to a stored Need Help request (the app shows its own confirmation). */
export const HELP_REQUEST_SENT_MESSAGE = 'Your request has been sent. We will get back to you soon.';

/**
 * The partner of the pass offer, when the ids the body repeats are the session's: partnerUserId must be
 * the holder and partnerId the offer's partner, else 404 like any other id that is not theirs. The
 * partnerName the app sends is display text and is not checked or kept (the partner id says who).
 */
async function requireOwnIds(
  db: DbExecutor,
  holder: HolderSession,
  body: { partnerUserId: number; partnerId: number },
): Promise<number> {
  if (body.partnerUserId !== holder.partnerUserId) throw notFound();
  const found = await findOfferWithPartner(db, holder.offerId);
  if (!found || found.partner.id !== body.partnerId) throw notFound();
  return found.partner.id;
}

/** POST .../suggestions (spec 2.17): stored for the partner to read. */
export async function submitSuggestion(
  db: DbExecutor,
  holder: HolderSession,
  body: SuggestionRequest,
): Promise<SupportReceipt> {
  // body.offerId was checked against the session by holderSession.
  const partnerId = await requireOwnIds(db, holder, body);
  const id = await insertSuggestion(db, {
    session_id: holder.id,
    partner_user_id: holder.partnerUserId,
    offer_id: holder.offerId,
    partner_id: partnerId,
    suggestion: body.suggestion,
    priority: body.priority,
    contact_permission: body.contactPermission,
  });
  return { id, message: EMAIL_SENT_MESSAGE };
}

/** POST .../needHelp (spec 2.16): stored for support; orderId, when sent, must be the holder's order here. */
export async function submitHelpRequest(
  db: DbExecutor,
  holder: HolderSession,
  body: NeedHelpRequest,
): Promise<SupportReceipt> {
  const partnerId = await requireOwnIds(db, holder, body);
  const orderId = body.orderId ?? null;
  if (orderId !== null) {
    const order = await findHolderOrder(db, {
      orderId,
      partnerUserId: holder.partnerUserId,
      offerId: holder.offerId,
    });
    if (!order) throw notFound();
  }
  const id = await insertHelpRequest(db, {
    session_id: holder.id,
    partner_user_id: holder.partnerUserId,
    offer_id: holder.offerId,
    partner_id: partnerId,
    order_id: orderId,
    item_selected: body.itemSelected,
    question: body.question,
  });
  return { id, message: HELP_REQUEST_SENT_MESSAGE };
}

/** POST .../update (spec 7, Update phone): the holder's phone, E.164 or null; answers the updated user. */
export async function updatePhone(
  db: DbExecutor,
  holder: HolderSession,
  phone: string | null,
): Promise<PartnerUser> {
  const row = await updatePartnerUserPhone(db, holder.partnerUserId, phone);
  if (!row) throw notFound();
  return toPartnerUser(row);
}
