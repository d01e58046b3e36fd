import type {
  ComposeMessageRequest,
  ConsoleMessage,
  MessageListQuery,
  MessagePage,
} from '@trailpass/contract/console';
import type { AppDb, DbExecutor } from '../../db/client';
import { auditBase, writeAudit } from '../audit/repository';
import { iso, isoOrNull } from '../dates';
import { conflict, invalid, notFound } from '../errors';
import type { WriteContext } from '../holders/service';
import type { MessageDelivery } from './delivery';
import {
  countRecipients,
  findListedMessage,
  insertConsoleMessage,
  type ListedMessage,
  listMessages,
  lockConsoleMessage,
  markMessageCancelled,
  writeCopies,
} from './repository';
import { sanitizeMessageHtml } from './sanitize';

/**
 * A message sent now to at most this many holders gets its copies in the compose's own transaction; to more
 * (an offer's every holder, up to 100,000), the delivery loop writes them at once after the answer, since
 * each copy recomputes its holder's snapshot at commit (about 0.2 ms each on Postgres: 20,000 holders took
 * 3.7 s), which a request should not wait for.
 */
export const SEND_IN_REQUEST_LIMIT = 1000;

/** The furthest ahead a message may be scheduled. */
const MAX_SCHEDULE_MS = 366 * 24 * 60 * 60 * 1000;

function toMessage(row: ListedMessage): ConsoleMessage {
  return {
    id: Number(row.id),
    title: row.title,
    html: row.html,
    audience: row.holder_id === null ? 'offer' : 'holder',
    holder:
      row.holder_id === null
        ? null
        : { id: Number(row.holder_id), name: row.holder_name ?? '', email: row.holder_email ?? '' },
    sendAt: iso(row.send_at),
    status: row.cancelled_at !== null ? 'cancelled' : row.delivered_at !== null ? 'sent' : 'scheduled',
    recipients: Number(row.recipients),
    read: Number(row.read),
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
    cancelledAt: isoOrNull(row.cancelled_at),
  };
}

/** GET .../messages: sorted by the query, else newest send time first. */
export async function loadMessagePage(
  db: DbExecutor,
  offerId: number,
  query: MessageListQuery,
): Promise<MessagePage> {
  const { rows, total } = await listMessages(db, {
    offerId,
    status: query.status,
    q: query.q || undefined,
    sort: query.sort ?? 'sendAt',
    order: query.sort ? query.order : 'desc',
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { items: rows.map(toMessage), total };
}

async function loadMessage(db: DbExecutor, offerId: number, id: number): Promise<ConsoleMessage> {
  const row = await findListedMessage(db, offerId, id);
  if (!row) throw notFound('No such message of this offer.');
  return toMessage(row);
}

/**
 * POST .../messages: the message stored sanitised (sanitize.ts), with its audit row. Sent now (no sendAt)
 * to at most SEND_IN_REQUEST_LIMIT holders: their copies are written in the same transaction, so they have
 * it, and its unread badge, the moment this answers; to more, the delivery loop writes them right after
 * (the answer says `scheduled` at now until it has). Scheduled: the loop (delivery.ts) writes them when
 * sendAt comes; until then no holder has a copy to see. 422 when sendAt is not in the future (or over a year ahead), the
 * holder does not hold the offer, or nothing of the HTML is left to show once sanitised.
 */
export async function composeMessage(
  db: AppDb,
  write: WriteContext,
  input: ComposeMessageRequest,
  delivery: MessageDelivery,
): Promise<ConsoleMessage> {
  const offerId = write.scope.offerId as number;
  const sendAt = input.sendAt ? new Date(input.sendAt) : write.now;
  if (input.sendAt && sendAt.getTime() <= write.now.getTime()) {
    const message = 'Choose a time in the future, or send the message now.';
    throw invalid(message, { sendAt: [message] });
  }
  if (sendAt.getTime() - write.now.getTime() > MAX_SCHEDULE_MS) {
    const message = 'A message can be scheduled at most a year ahead.';
    throw invalid(message, { sendAt: [message] });
  }
  const clean = await sanitizeMessageHtml(input.html);
  if (!clean.showsSomething) {
    const message = 'The message shows nothing once made safe for the holders’ app: write some text.';
    throw invalid(message, { html: [message] });
  }
  const holderId = input.holderId ?? null;
  if (holderId !== null && (await countRecipients(db, offerId, holderId)) === 0) {
    const message = 'Choose a holder of this offer.';
    throw invalid(message, { holderId: [message] });
  }
  const scheduled = input.sendAt !== undefined && input.sendAt !== null;
  let byLoop = scheduled;
  const id = await db.transaction(async (tx) => {
    const holders = await countRecipients(tx, offerId, holderId);
    byLoop = scheduled || holders > SEND_IN_REQUEST_LIMIT;
    const row = await insertConsoleMessage(tx, {
      partner_id: write.scope.partnerId,
      offer_id: offerId,
      holder_id: holderId,
      title: input.title,
      html: clean.html,
      send_at: sendAt,
      recipients: holders,
      created_at: write.now,
      created_by: write.staff.email,
    });
    const recipients = byLoop ? holders : await writeCopies(tx, row, write.now);
    await writeAudit(tx, {
      ...auditBase(write),
      action: scheduled ? 'message.schedule' : 'message.send',
      objectType: 'console_message',
      objectId: row.id,
      before: null,
      after: {
        title: input.title,
        audience: holderId === null ? 'offer' : 'holder',
        holderId,
        sendAt: sendAt.toISOString(),
        recipients,
        // Whether the sanitiser changed the HTML the console sent (what it dropped is not kept).
        sanitised: clean.html !== input.html,
      },
    });
    return row.id;
  });
  // Due now but too many holders to write in the request: the loop's next round starts at once.
  if (byLoop && !scheduled) delivery.soon();
  return loadMessage(db, offerId, id);
}

/**
 * DELETE .../messages/{messageId}: a scheduled message cancelled before it goes out, audited, under its
 * row lock (a delivery due at this moment either wrote the copies first, and this is a 409, or waits and
 * then finds it cancelled). 409 once it was sent or cancelled.
 */
export async function cancelMessage(db: AppDb, write: WriteContext, id: number): Promise<ConsoleMessage> {
  const offerId = write.scope.offerId as number;
  await db.transaction(async (tx) => {
    const row = await lockConsoleMessage(tx, offerId, id);
    if (!row) throw notFound('No such message of this offer.');
    if (row.delivered_at !== null) {
      throw conflict(`This message went out already (${iso(row.delivered_at)}): it cannot be called back.`);
    }
    if (row.cancelled_at !== null)
      throw conflict(`This message was cancelled already (${iso(row.cancelled_at)}).`);
    await markMessageCancelled(tx, id, write.now);
    await writeAudit(tx, {
      ...auditBase(write),
      action: 'message.cancel',
      objectType: 'console_message',
      objectId: id,
      before: { status: 'scheduled' },
      after: { status: 'cancelled' },
    });
  });
  return loadMessage(db, offerId, id);
}
