import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { help_requests, partner_users, suggestions } from '../../db/schema';
import type { PartnerUserRow } from '../data/repository';

export type NewSuggestion = Omit<typeof suggestions.$inferInsert, 'id' | 'created_at'>;
export type NewHelpRequest = Omit<typeof help_requests.$inferInsert, 'id' | 'created_at'>;

/** Stores a suggestion as sent; answers its id. */
export async function insertSuggestion(db: DbExecutor, values: NewSuggestion): Promise<number> {
  const [row] = await db.insert(suggestions).values(values).returning({ id: suggestions.id });
  if (!row) throw new Error('insert into suggestions returned no row');
  return row.id;
}

/** Stores a Need Help request as sent; answers its id. */
export async function insertHelpRequest(db: DbExecutor, values: NewHelpRequest): Promise<number> {
  const [row] = await db.insert(help_requests).values(values).returning({ id: help_requests.id });
  if (!row) throw new Error('insert into help_requests returned no row');
  return row.id;
}

/** Sets the user's phone (null removes it); answers the updated user, or null when there is none. */
export async function updatePartnerUserPhone(
  db: DbExecutor,
  partnerUserId: number,
  phone: string | null,
): Promise<PartnerUserRow | null> {
  const [row] = await db
    .update(partner_users)
    .set({ phone })
    .where(eq(partner_users.id, partnerUserId))
    .returning();
  return row ?? null;
}
