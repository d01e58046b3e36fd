import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { messages } from '../../db/schema';

/** Messages of the user on the offer with no read_at (served by /data and by the unread count). */
export async function countUnreadMessages(db: DbExecutor, partnerUserId: number, offerId: number) {
  const [row] = await db
    .select({ unread: count() })
    .from(messages)
    .where(
      and(
        eq(messages.partner_user_id, partnerUserId),
        eq(messages.offer_id, offerId),
        isNull(messages.read_at),
      ),
    );
  return row?.unread ?? 0;
}
