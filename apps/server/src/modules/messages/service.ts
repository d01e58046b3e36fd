import type { MarkReadResponse, Message, PassLanguage } from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { notFound } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { iso } from '../data/domain';
import { localized } from '../language/translate';
import { listMessages, type MessageRow, markMessageRead } from './repository';

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    subject: row.subject,
    // HTML exactly as stored: the app sanitises it where it renders it (DESIGN.md section 4).
    message: row.message,
    image: row.image,
    delivered_at: row.delivered_at.toISOString(),
    read_at: iso(row.read_at),
  };
}

/** GET .../messages: the holder's messages on the pass offer, newest first, in `language` (decision 0049). */
export async function loadMessages(
  db: DbExecutor,
  holder: HolderSession,
  now: Date,
  language: PassLanguage = 'en',
): Promise<Message[]> {
  const rows = await listMessages(db, holder.partnerUserId, holder.offerId, now);
  return rows.map((row) => toMessage(localized(row, language)));
}

/** PUT .../messages/{messageId}: read once; repeating answers the first read_at. Another's message: 404. */
export async function markRead(
  db: DbExecutor,
  holder: HolderSession,
  messageId: number,
  now: Date,
): Promise<MarkReadResponse> {
  const row = await markMessageRead(
    db,
    { messageId, partnerUserId: holder.partnerUserId, offerId: holder.offerId },
    now,
  );
  if (!row) throw notFound();
  return { id: row.id, read_at: row.read_at.toISOString() };
}
