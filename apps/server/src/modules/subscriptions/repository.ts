import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { message_lists, offers, subscriptions } from '../../db/schema';

export type MessageListRow = Pick<
  typeof message_lists.$inferSelect,
  'id' | 'name' | 'description' | 'translations'
>;

/** The mailing list when it belongs to the offer's partner; null for another partner's or an unknown one. */
export async function findMessageListOfOffer(
  db: DbExecutor,
  ids: { listId: number; offerId: number },
): Promise<MessageListRow | null> {
  const [row] = await db
    .select({
      id: message_lists.id,
      name: message_lists.name,
      description: message_lists.description,
      translations: message_lists.translations,
    })
    .from(message_lists)
    .innerJoin(offers, eq(offers.partner_id, message_lists.partner_id))
    .where(and(eq(message_lists.id, ids.listId), eq(offers.id, ids.offerId)))
    .limit(1);
  return row ?? null;
}

/** Sets the user's flag on the list: one row per user and list (the unique index), created or updated. */
export async function upsertSubscription(
  db: DbExecutor,
  values: { partnerUserId: number; listId: number; subscribed: 0 | 1 },
): Promise<0 | 1> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      partner_user_id: values.partnerUserId,
      message_list_id: values.listId,
      subscribed: values.subscribed,
    })
    .onConflictDoUpdate({
      target: [subscriptions.partner_user_id, subscriptions.message_list_id],
      set: { subscribed: sql`excluded.subscribed` },
    })
    .returning({ subscribed: subscriptions.subscribed });
  return row?.subscribed === 1 ? 1 : 0;
}
