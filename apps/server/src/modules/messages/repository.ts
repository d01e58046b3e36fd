import { and, count, eq, isNull } from 'drizzle-orm';
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
