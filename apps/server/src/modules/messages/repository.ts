import { and, count, desc, eq, isNull, lte, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { messages } from '../../db/schema';

/**
 * A holder sees a message from its delivered_at on (a console message scheduled for later gets its copies
 * written when it is due, dated its time: decision 0041). The copies are never written early, so this
 * filter only matters against an instance whose clock runs behind the one that delivered them; it keeps
 * the holder API from ever showing a message dated in its future.
 */
const visibleAt = (now: SQLWrapper | Date) => lte(messages.delivered_at, now);

const unreadMessageCount = preparedQuery(
  'messages_unread_count',
  ['partnerUserId', 'offerId', 'now'],
  (db, p) =>
    db
      .select({ unread: count() })
      .from(messages)
      .where(
        and(
          eq(messages.partner_user_id, p.partnerUserId),
          eq(messages.offer_id, p.offerId),
          isNull(messages.read_at),
          visibleAt(sql`${p.now}::timestamptz`),
        ),
      ),
);

/** Messages of the user on the offer with no read_at, delivered by `now` (the unread count). */
export async function countUnreadMessages(db: DbExecutor, partnerUserId: number, offerId: number, now: Date) {
  const [row] = await unreadMessageCount(db, { partnerUserId, offerId, now: now.toISOString() });
  return row?.unread ?? 0;
}

export type MessageRow = Pick<
  typeof messages.$inferSelect,
  'id' | 'subject' | 'message' | 'image' | 'delivered_at' | 'read_at' | 'translations'
>;

const messageColumns = {
  id: messages.id,
  subject: messages.subject,
  message: messages.message,
  image: messages.image,
  delivered_at: messages.delivered_at,
  read_at: messages.read_at,
  translations: messages.translations,
};

/** The user's messages on the offer delivered by `now`, newest delivery first (ties: the higher id first). */
export function listMessages(
  db: DbExecutor,
  partnerUserId: number,
  offerId: number,
  now: Date,
): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.partner_user_id, partnerUserId), eq(messages.offer_id, offerId), visibleAt(now)))
    .orderBy(desc(messages.delivered_at), desc(messages.id));
}

/**
 * Marks the user's message on the offer read at `now`, unless it was read already (the first read_at
 * stays): one statement, so two taps at once agree on the time. Null when the message is not the user's
 * on this offer, or does not exist.
 */
export async function markMessageRead(
  db: DbExecutor,
  ids: { messageId: number; partnerUserId: number; offerId: number },
  now: Date,
): Promise<{ id: number; read_at: Date } | null> {
  const [row] = await db
    .update(messages)
    .set({ read_at: sql`coalesce(${messages.read_at}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(messages.id, ids.messageId),
        eq(messages.partner_user_id, ids.partnerUserId),
        eq(messages.offer_id, ids.offerId),
        visibleAt(now),
      ),
    )
    .returning({ id: messages.id, read_at: messages.read_at });
  return row?.read_at ? { id: row.id, read_at: row.read_at } : null;
}
