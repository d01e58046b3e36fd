import { addressLines, asPassLanguage, DEFAULT_PASS_LANGUAGE } from '@trailpass/contract';
import type {
  CancelItemRequest,
  FulfilmentPage,
  FulfilmentQuery,
  FulfilmentResult,
  FulfilmentRow,
  MarkShippedRequest,
  ShipTo,
} from '@trailpass/contract/console';
import type { AppDb, DbExecutor } from '../../db/client';
import type { Address } from '../../db/schema';
import { enqueueMail, fullName, isMailAddress, type MailSettings } from '../../modules/mail';
import { loadMailBrand } from '../../modules/mail/branding';
import { itemLabel } from '../../modules/mail/format';
import { shippedMail } from '../../modules/mail/messages';
import { appendLedgerEntry } from '../../modules/points/ledger';
import { auditBase, writeAudit } from '../audit/repository';
import { iso } from '../dates';
import { conflict, invalid, notFound } from '../errors';
import type { WriteContext } from '../holders/service';
import {
  itemDebits,
  type LockedItem,
  listQueue,
  lockItem,
  markCancelled,
  markFulfilled,
  type QueueDbRow,
} from './repository';
import { returnStock } from './stock';

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Where a shipped item goes: the recipient the holder named (distribute), else the holder's own address. */
function toShipTo(customer: Address | null, distribute: Address | null, holderName: string): ShipTo {
  const recipient = Boolean(distribute && text(distribute.address));
  const to = (recipient ? distribute : customer) ?? {};
  const name = [text(to.first_name), text(to.last_name)].filter(Boolean).join(' ');
  return {
    recipient,
    name: name || holderName,
    email: text(to.email),
    phone: text(to.phone),
    address: text(to.address),
    address2: text(to.address_2),
    city: text(to.city),
    state: text(to.state),
    zipCode: text(to.zip_code),
    country: text(to.country),
  };
}

function toRow(row: QueueDbRow): FulfilmentRow {
  const shipped = row.delivery_method === 'shipped';
  return {
    itemId: Number(row.item_id),
    orderId: Number(row.order_id),
    kind: shipped ? 'shipped' : 'pickup',
    holder: { id: Number(row.holder_id), name: row.holder_name, email: row.holder_email },
    reward: row.name,
    option: row.attribute?.name ?? null,
    points: Number(row.points_paid),
    // A completed order always has purchased_at; an imported one without it sorts last, dated never.
    claimedAt: row.purchased_at === null ? new Date(0).toISOString() : iso(row.purchased_at),
    shipTo: shipped ? toShipTo(row.customer, row.distribute, row.holder_name) : null,
    pickup: shipped
      ? null
      : {
          venueName: row.venue_name,
          instructions: row.pickup_instructions ?? row.parent_pickup_instructions,
          slot:
            row.slot_date && row.slot_time
              ? {
                  date: row.slot_date,
                  time: row.slot_time,
                  timezone: row.slot_timezone ?? 'UTC',
                  pointName: row.slot_point,
                }
              : null,
        },
  };
}

export async function loadQueue(
  db: DbExecutor,
  offerId: number,
  query: FulfilmentQuery,
): Promise<FulfilmentPage> {
  const { rows, total } = await listQueue(db, {
    offerId,
    kind: query.kind,
    q: query.q || undefined,
    sort: query.sort ?? 'claimedAt',
    order: query.order,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { items: rows.map(toRow), total };
}

/** What the item is now, for a 409's message and the audit's `before`. */
function stateOf(item: LockedItem) {
  if (item.cancelled_at !== null) return { state: 'cancelled' as const, at: iso(item.cancelled_at) };
  if (item.redeemed !== null) {
    return {
      state: item.delivery_method === 'picked_up' ? ('picked_up' as const) : ('shipped' as const),
      at: iso(item.redeemed),
    };
  }
  return { state: 'open' as const, at: null };
}

const DONE_WORDS = {
  cancelled: 'cancelled',
  shipped: 'marked shipped',
  picked_up: 'marked picked up',
} as const;

/**
 * The item, locked for this transaction, when an action may still be taken on it: one of the offer's
 * (else 404), of a completed order, with the delivery method the action is for (else 422), neither
 * fulfilled nor cancelled (else 409: someone acted on it first; the message says what they did and when).
 */
async function openItem(
  tx: DbExecutor,
  offerId: number,
  itemId: number,
  method: 'shipped' | 'picked_up' | 'any',
): Promise<LockedItem> {
  const item = await lockItem(tx, offerId, itemId);
  if (item?.order_status !== 'completed') throw notFound('No such item in this offer’s fulfilment queue.');
  const state = stateOf(item);
  if (state.state !== 'open') {
    throw conflict(
      `This item was ${DONE_WORDS[state.state]} already (${state.at}), perhaps by someone else: reload the queue.`,
    );
  }
  if (item.delivery_method === null) throw invalid('This item is neither shipped nor picked up.');
  if (method !== 'any' && item.delivery_method !== method) {
    throw invalid(
      method === 'shipped'
        ? 'This item is a pickup: mark it picked up instead.'
        : 'This item is shipped: mark it shipped instead.',
    );
  }
  return item;
}

function result(
  itemId: number,
  state: FulfilmentResult['state'],
  at: Date,
  extra: Partial<FulfilmentResult> = {},
): FulfilmentResult {
  return {
    itemId,
    state,
    at: at.toISOString(),
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    refundedPoints: 0,
    stockReturned: false,
    ...extra,
  };
}

/**
 * POST .../ship: the item shipped with its carrier and tracking, the holder's shipped e-mail in the outbox
 * and the audit row, in one transaction that re-checks the item under its row lock. The e-mail goes to the
 * holder (decision 0041), when their address is one that can be sent to.
 */
export async function markShipped(
  db: AppDb,
  mail: MailSettings,
  write: WriteContext,
  itemId: number,
  input: MarkShippedRequest,
): Promise<FulfilmentResult> {
  const offerId = write.scope.offerId as number;
  const tracking = {
    carrier: input.carrier,
    trackingNumber: input.trackingNumber ?? null,
    trackingUrl: input.trackingUrl ?? null,
  };
  return db.transaction(async (tx) => {
    const item = await openItem(tx, offerId, itemId, 'shipped');
    await markFulfilled(tx, itemId, write.now, tracking);
    let mailId: number | null = null;
    if (isMailAddress(item.holder_email)) {
      const holder = { first_name: item.holder_first_name, last_name: item.holder_last_name };
      // In the holder's saved language, English when none (decision 0049): the offer's name too.
      const language = asPassLanguage(item.holder_language) ?? DEFAULT_PASS_LANGUAGE;
      const brand = await loadMailBrand(tx, offerId, mail.publicUrl, language);
      const content = shippedMail(
        brand,
        {
          orderId: Number(item.order_id),
          firstName: text(item.holder_first_name),
          item: itemLabel(item),
          ...tracking,
          shipTo: addressLines(item.distribute?.address ? item.distribute : item.customer),
        },
        language,
      );
      const queued = await enqueueMail(tx, mail, {
        kind: 'item-shipped',
        to: { address: item.holder_email, name: fullName(holder) },
        ...content,
        offerId,
        partnerUserId: Number(item.partner_user_id),
      });
      mailId = queued.id;
    }
    await writeAudit(tx, {
      ...auditBase(write),
      action: 'fulfilment.ship',
      objectType: 'order_item',
      objectId: itemId,
      before: { state: 'open' },
      after: { state: 'shipped', ...tracking, mailId },
    });
    return result(itemId, 'shipped', write.now, tracking);
  });
}

/** POST .../picked-up: the pickup handed over, with its audit row, re-checked under the item's lock. */
export async function markPickedUp(
  db: AppDb,
  write: WriteContext,
  itemId: number,
): Promise<FulfilmentResult> {
  const offerId = write.scope.offerId as number;
  return db.transaction(async (tx) => {
    await openItem(tx, offerId, itemId, 'picked_up');
    await markFulfilled(tx, itemId, write.now, null);
    await writeAudit(tx, {
      ...auditBase(write),
      action: 'fulfilment.picked_up',
      objectType: 'order_item',
      objectId: itemId,
      before: { state: 'open' },
      after: { state: 'picked_up' },
    });
    return result(itemId, 'picked_up', write.now);
  });
}

/**
 * POST .../cancel: the unfulfilled item cancelled, the points it was paid with credited back (one ledger
 * entry per deal it debited, through the points module's append, so the running balance stays right) and
 * its unit returned to a limited stock, with the audit row, all in one transaction that re-checks the item
 * under its row lock: a second cancel (or a ship) of the same item waits for the first and then gets 409,
 * so nothing is refunded or returned twice.
 */
export async function cancelItem(
  db: AppDb,
  write: WriteContext,
  itemId: number,
  input: CancelItemRequest,
): Promise<FulfilmentResult> {
  const offerId = write.scope.offerId as number;
  return db.transaction(async (tx) => {
    const item = await openItem(tx, offerId, itemId, 'any');
    const holderId = Number(item.partner_user_id);
    await markCancelled(tx, itemId, write.now);
    const refunds = [];
    for (const debit of await itemDebits(tx, offerId, holderId, itemId)) {
      const entry = await appendLedgerEntry(tx, {
        partnerUserId: holderId,
        offerId,
        dealId: debit.dealId,
        reasonText: `refund: ${itemLabel(item)} cancelled`,
        points: debit.points,
        valueDate: write.now,
        orderId: Number(item.order_id),
        redeemedItemId: itemId,
      });
      if (!entry) throw new Error('a refund credit was not appended');
      refunds.push({
        dealId: debit.dealId,
        points: debit.points,
        ledgerId: entry.id,
        balance: entry.balance,
      });
    }
    const stockReturned = await returnStock(tx, {
      id: itemId,
      reward_item_id: item.reward_item_id,
      attribute_id: item.attribute_id,
    });
    const refundedPoints = refunds.reduce((sum, refund) => sum + refund.points, 0);
    await writeAudit(tx, {
      ...auditBase(write),
      action: 'fulfilment.cancel',
      objectType: 'order_item',
      objectId: itemId,
      before: { state: 'open', holderId },
      after: { state: 'cancelled', reason: input.reason, refunds, stockReturned },
    });
    return result(itemId, 'cancelled', write.now, { refundedPoints, stockReturned });
  });
}
