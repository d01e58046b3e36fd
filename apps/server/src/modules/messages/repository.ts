import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { messages } from '../../db/schema';

const unreadMessageCount = preparedQuery('messages_unread_count', ['partnerUserId', 'offerId'], (db, p) =>
  db
    .select({ unread: count() })
    .from(messages)
    .where(
      and(
        eq(messages.partner_user_id, p.partnerUserId),
        eq(messages.offer_id, p.offerId),
        isNull(messages.read_at),
      ),
    ),
);

/** Messages of the user on the offer with no read_at (served by /data and by the unread count). */
export async function countUnreadMessages(db: DbExecutor, partnerUserId: number, offerId: number) {
  const [row] = await unreadMessageCount(db, { partnerUserId, offerId });
  return row?.unread ?? 0;
}

export type MessageRow = Pick<
  typeof messages.$inferSelect,
  'id' | 'subject' | 'message' | 'image' | 'delivered_at' | 'read_at'
>;

const messageColumns = {
  id: messages.id,
  subject: messages.subject,
  message: messages.message,
  image: messages.image,
  delivered_at: messages.delivered_at,
  read_at: messages.read_at,
};

/** The user's messages on the offer, newest delivery first (ties: the higher id first). */
export function listMessages(db: DbExecutor, partnerUserId: number, offerId: number): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.partner_user_id, partnerUserId), eq(messages.offer_id, offerId)))
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
      ),
    )
    .returning({ id: messages.id, read_at: messages.read_at });
  return row?.read_at ? { id: row.id, read_at: row.read_at } : null;
}
