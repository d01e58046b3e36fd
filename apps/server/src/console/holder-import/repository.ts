import { sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { partner_users, passes } from '../../db/schema';

/** Insert statements carry at most this many rows (PostgreSQL's 65,535 parameters, 7 columns each). */
const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The partner's users with any of these addresses (lower-cased), and whether each holds the offer; on the
 * partner's unique lower(email) index.
 */
export async function findPartnerUsersByEmails(
  db: DbExecutor,
  partnerId: number,
  offerId: number,
  emails: string[],
): Promise<Map<string, { id: number; holds: boolean }>> {
  const found = new Map<string, { id: number; holds: boolean }>();
  for (const part of chunks(emails)) {
    const rows = await queryRows<{ id: number; email: string; holds: boolean }>(
      db,
      sql`select pu.id, lower(pu.email) as email,
          exists (select 1 from passes ps where ps.partner_user_id = pu.id and ps.offer_id = ${offerId}) as holds
        from partner_users pu
        where pu.partner_id = ${partnerId} and lower(pu.email) in (${sql.join(
          part.map((email) => sql`${email}`),
          sql`, `,
        )})`,
    );
    for (const row of rows) found.set(row.email, { id: Number(row.id), holds: row.holds === true });
  }
  return found;
}

export async function insertPartnerUsers(
  db: DbExecutor,
  values: Array<typeof partner_users.$inferInsert>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(values)) {
    const rows = await db.insert(partner_users).values(part).returning({ id: partner_users.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Passes on the offer for these partner users; returns how many were new (a parallel create made the rest). */
export async function insertPasses(db: DbExecutor, partnerUserIds: number[], offerId: number, now: Date) {
  let added = 0;
  for (const part of chunks(partnerUserIds)) {
    const rows = await db
      .insert(passes)
      .values(part.map((id) => ({ partner_user_id: id, offer_id: offerId, created_at: now })))
      .onConflictDoNothing()
      .returning({ id: passes.id });
    added += rows.length;
  }
  return added;
}

/** Serialises imports into one offer, so that two at once cannot both pass the checks. */
export async function lockOfferImports(tx: DbExecutor, offerId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`holder-import:${offerId}`}))`);
}
