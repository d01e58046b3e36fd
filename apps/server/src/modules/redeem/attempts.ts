import { inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { pin_attempts } from '../../db/schema';

/**
 * Counts one validation-code attempt against `key` and answers how many there have been in the current
 * window (a new window starts once the old one is over). One atomic upsert: parallel attempts each get
 * their own count, so a burst cannot get more tries than the limit. Run it outside the redeem
 * transaction, so that a wrong code's attempt stays counted when the redemption is refused.
 */
export async function countAttempt(
  db: DbExecutor,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ attempts: number; windowStartedAt: Date }> {
  // Raw SQL takes timestamps as ISO text: the same on node-postgres and PGlite.
  const windowStart = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(pin_attempts)
    .values({ key, attempts: 1, window_started_at: now })
    .onConflictDoUpdate({
      target: pin_attempts.key,
      set: {
        attempts: sql`case when ${pin_attempts.window_started_at} <= ${windowStart} then 1
          else ${pin_attempts.attempts} + 1 end`,
        window_started_at: sql`case when ${pin_attempts.window_started_at} <= ${windowStart} then ${nowSql}
          else ${pin_attempts.window_started_at} end`,
      },
    })
    .returning({ attempts: pin_attempts.attempts, windowStartedAt: pin_attempts.window_started_at });
  if (!row) throw new Error('Attempt upsert returned no row.');
  return row;
}

/** A correct code starts the count again. */
export async function clearAttempts(db: DbExecutor, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(pin_attempts).where(inArray(pin_attempts.key, keys));
}
