import {
  EMAIL_SENT_MESSAGE,
  type NeedHelpRequest,
  type PartnerUser,
  type SuggestionRequest,
  type SupportReceipt,
} from '@trailpass/contract';
import type { AppDb, DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { notFound } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { findPassHolder } from '../auth/repository';
import { listOrderItems } from '../cart/repository';
import {
  findOfferWithPartner,
  type OfferRow,
  type PartnerRow,
  type PartnerUserRow,
} from '../data/repository';
import { toPartnerUser } from '../data/service';
import { enqueueMail, fullName, isMailAddress, type MailSettings } from '../mail';
import { loadMailBrand, type MailBrand } from '../mail/branding';
import { formatDay, formatPoints, itemLabel } from '../mail/format';
import { helpRequestMail, suggestionMail } from '../mail/messages';
import type { HelpOrderContext } from '../mail/templates/HelpRequestEmail';
import type { SupportSender } from '../mail/templates/SuggestionEmail';
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
): Promise<{ offer: OfferRow; partner: PartnerRow }> {
  if (body.partnerUserId !== holder.partnerUserId) throw notFound();
  const found = await findOfferWithPartner(db, holder.offerId);
  if (!found || found.partner.id !== body.partnerId) throw notFound();
  return found;
}

/**
 * Where the offer's suggestions and help requests are e-mailed (issue 29): the offer's own support_email,
 * else its partner's; null when neither has one (they are then only stored).
 */
export function supportAddressOf(found: {
  offer: Pick<OfferRow, 'support_email'>;
  partner: Pick<PartnerRow, 'support_email'>;
}): string | null {
  return found.offer.support_email ?? found.partner.support_email ?? null;
}

/** What a support e-mail needs besides the request, read before its transaction; null: none is sent. */
interface SupportMailContext {
  to: string;
  brand: MailBrand;
  holder: PartnerUserRow;
}

async function supportMailContext(
  db: AppDb,
  mail: MailSettings,
  holder: HolderSession,
  found: { offer: OfferRow; partner: PartnerRow },
): Promise<SupportMailContext | null> {
  const to = supportAddressOf(found);
  if (!to) return null;
  const [brand, user] = await readsTogether(db, [
    () => loadMailBrand(db, holder.offerId, mail.publicUrl),
    () => findPassHolder(db, holder.partnerUserId),
  ]);
  return user ? { to, brand, holder: user } : null;
}

/**
 * The holder as a support e-mail names them: their address (shown, and the reply-to) only when they said
 * Yes to being contacted, and only when it is one that can be sent to.
 */
function supportSender(user: PartnerUserRow, contactPermission: boolean): SupportSender {
  return { name: fullName(user), email: contactPermission && isMailAddress(user.email) ? user.email : null };
}

const replyToOf = (sender: SupportSender) =>
  sender.email ? { address: sender.email, name: sender.name } : null;

/**
 * POST .../suggestions (spec 2.17): stored for the partner, and e-mailed to the offer's support address in
 * the same transaction (reply-to the holder when contactPermission is 1).
 */
export async function submitSuggestion(
  db: AppDb,
  mail: MailSettings,
  holder: HolderSession,
  body: SuggestionRequest,
): Promise<SupportReceipt> {
  // body.offerId was checked against the session by holderSession.
  const found = await requireOwnIds(db, holder, body);
  const context = await supportMailContext(db, mail, holder, found);
  return db.transaction(async (tx) => {
    const id = await insertSuggestion(tx, {
      session_id: holder.id,
      partner_user_id: holder.partnerUserId,
      offer_id: holder.offerId,
      partner_id: found.partner.id,
      suggestion: body.suggestion,
      priority: body.priority,
      contact_permission: body.contactPermission,
    });
    if (context) {
      const sender = supportSender(context.holder, body.contactPermission === 1);
      const content = suggestionMail(context.brand, {
        sender,
        suggestion: body.suggestion,
        priority: body.priority,
      });
      await enqueueMail(tx, mail, {
        kind: 'suggestion',
        to: { address: context.to },
        replyTo: replyToOf(sender),
        ...content,
        offerId: holder.offerId,
        partnerUserId: holder.partnerUserId,
      });
    }
    return { id, message: EMAIL_SENT_MESSAGE };
  });
}

/** The order a help request names, as its e-mail shows it: number, status or day completed, items. */
async function helpOrderContext(
  db: DbExecutor,
  order: NonNullable<Awaited<ReturnType<typeof findHolderOrder>>>,
  timeZone: string,
): Promise<HelpOrderContext> {
  const items = await listOrderItems(db, order.id);
  return {
    id: order.id,
    status: order.status,
    purchasedOn:
      order.status === 'completed' && order.purchased_at ? formatDay(order.purchased_at, timeZone) : null,
    items: items.map((item) => `${itemLabel(item)}, ${formatPoints(item.points_paid)}`),
  };
}

/**
 * POST .../needHelp (spec 2.16): stored for support, and e-mailed to the offer's support address in the same
 * transaction, with the order it names (reply-to the holder when their record's contact_permission is 1).
 * orderId, when sent, must be the holder's order here.
 */
export async function submitHelpRequest(
  db: AppDb,
  mail: MailSettings,
  holder: HolderSession,
  body: NeedHelpRequest,
): Promise<SupportReceipt> {
  const found = await requireOwnIds(db, holder, body);
  const orderId = body.orderId ?? null;
  const order =
    orderId === null
      ? null
      : await findHolderOrder(db, { orderId, partnerUserId: holder.partnerUserId, offerId: holder.offerId });
  if (orderId !== null && !order) throw notFound();
  const context = await supportMailContext(db, mail, holder, found);
  const orderContext = context && order ? await helpOrderContext(db, order, found.partner.timezone) : null;
  return db.transaction(async (tx) => {
    const id = await insertHelpRequest(tx, {
      session_id: holder.id,
      partner_user_id: holder.partnerUserId,
      offer_id: holder.offerId,
      partner_id: found.partner.id,
      order_id: orderId,
      item_selected: body.itemSelected,
      question: body.question,
    });
    if (context) {
      const sender = supportSender(context.holder, context.holder.contact_permission === 1);
      const content = helpRequestMail(context.brand, {
        sender,
        itemSelected: body.itemSelected,
        question: body.question,
        order: orderContext,
      });
      await enqueueMail(tx, mail, {
        kind: 'help-request',
        to: { address: context.to },
        replyTo: replyToOf(sender),
        ...content,
        offerId: holder.offerId,
        partnerUserId: holder.partnerUserId,
      });
    }
    return { id, message: HELP_REQUEST_SENT_MESSAGE };
  });
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
