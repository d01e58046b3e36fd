import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { IDEMPOTENCY_PENDING, idempotency_keys } from '../../db/schema';

/** One claimed key: whose, which, and when it was claimed (which tells this claim from a later takeover). */
export interface KeyClaim {
  partnerUserId: number;
  key: string;
  claimedAt: Date;
}

export type StoredKey = typeof idempotency_keys.$inferSelect;

const thisKey = (claim: { partnerUserId: number; key: string }) =>
  and(eq(idempotency_keys.partner_user_id, claim.partnerUserId), eq(idempotency_keys.key, claim.key));

/** The claim's own pending row: not answered yet, and not taken over by a later request. */
const ownPendingRow = (claim: KeyClaim) =>
  and(
    thisKey(claim),
    eq(idempotency_keys.status, IDEMPOTENCY_PENDING),
    eq(idempotency_keys.created_at, claim.claimedAt),
  );

/**
 * Claims a key before the route acts: one atomic insert, so of parallel requests with one key exactly
 * one gets it. Answers false when the key already has a row.
 */
export async function claimKey(db: DbExecutor, claim: KeyClaim & { requestHash: string }): Promise<boolean> {
  const rows = await db
    .insert(idempotency_keys)
    .values({
      partner_user_id: claim.partnerUserId,
      key: claim.key,
      request_hash: claim.requestHash,
      status: IDEMPOTENCY_PENDING,
      created_at: claim.claimedAt,
    })
    .onConflictDoNothing()
    .returning({ key: idempotency_keys.key });
  return rows.length === 1;
}

export async function findKey(
  db: DbExecutor,
  key: { partnerUserId: number; key: string },
): Promise<StoredKey | undefined> {
  const [row] = await db.select().from(idempotency_keys).where(thisKey(key));
  return row;
}

/**
 * Takes over a pending claim that has been left since `staleClaimedAt` (its request died). Only one of
 * several parallel takeovers matches the old claim time.
 */
export async function takeOverKey(db: DbExecutor, claim: KeyClaim, staleClaimedAt: Date): Promise<boolean> {
  const rows = await db
    .update(idempotency_keys)
    .set({ created_at: claim.claimedAt })
    .where(
      and(
        thisKey(claim),
        eq(idempotency_keys.status, IDEMPOTENCY_PENDING),
        eq(idempotency_keys.created_at, staleClaimedAt),
      ),
    )
    .returning({ key: idempotency_keys.key });
  return rows.length === 1;
}

/** Keeps the answer for the key (status and body). */
export async function storeAnswer(
  db: DbExecutor,
  claim: KeyClaim,
  answer: { status: number; body: unknown },
): Promise<void> {
  await db
    .update(idempotency_keys)
    .set({ status: String(answer.status), response: answer.body })
    .where(ownPendingRow(claim));
}

/** Gives the key up (an answer not worth keeping, such as 429 or 5xx): a retry with it runs again. */
export async function releaseKey(db: DbExecutor, claim: KeyClaim): Promise<void> {
  await db.delete(idempotency_keys).where(ownPendingRow(claim));
}

/**
 * Deletes up to `limit` keys claimed before `cutoff`, oldest first. Rows another request is deleting are
 * skipped rather than waited for.
 */
export async function deleteExpiredKeys(db: DbExecutor, cutoff: Date, limit: number): Promise<void> {
  const { partner_user_id: user, key, created_at: claimedAt } = idempotency_keys;
  // Raw SQL takes timestamps as ISO text: the same on node-postgres and PGlite.
  await db.execute(sql`delete from ${idempotency_keys} where (${user}, ${key}) in (
    select ${user}, ${key} from ${idempotency_keys}
    where ${claimedAt} < ${cutoff.toISOString()}::timestamptz
    order by ${claimedAt} limit ${limit} for update skip locked)`);
}
