import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { console_sign_in_failures } from '../../db/schema';

/** Account lockout (issue 30): this many wrong passwords within `windowMs` lock the address for `lockMs`. */
export interface LockoutPolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const DEFAULT_LOCKOUT: LockoutPolicy = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

/** The address a sign-in is counted under: as better-auth compares it (trimmed, lower-case). */
export function lockoutKey(email: string): string {
  return email.trim().toLowerCase();
}

/** When the address is locked until, or null when it is not locked at `now`. */
export async function lockedUntil(db: DbExecutor, email: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ locked_until: console_sign_in_failures.locked_until })
    .from(console_sign_in_failures)
    .where(eq(console_sign_in_failures.email, lockoutKey(email)));
  const until = row?.locked_until ?? null;
  return until !== null && until > now ? until : null;
}

/**
 * Counts one wrong password for the address, in one statement (so that parallel wrong passwords on several
 * instances all count): a count whose window has passed starts again at 1, and reaching the policy's number
 * locks the address. Returns the lock's end when this failure locked it (or it was locked already).
 */
export async function recordFailure(
  db: DbExecutor,
  email: string,
  now: Date,
  policy: LockoutPolicy,
): Promise<Date | null> {
  const windowStart = new Date(now.getTime() - policy.windowMs);
  const lockEnd = new Date(now.getTime() + policy.lockMs);
  const t = console_sign_in_failures;
  const [row] = await db
    .insert(t)
    .values({
      email: lockoutKey(email),
      failures: 1,
      window_started_at: now,
      locked_until: policy.maxFailures <= 1 ? lockEnd : null,
    })
    .onConflictDoUpdate({
      target: t.email,
      set: {
        failures: sql`case when ${t.window_started_at} < ${windowStart.toISOString()}::timestamptz
          then 1 else ${t.failures} + 1 end`,
        window_started_at: sql`case when ${t.window_started_at} < ${windowStart.toISOString()}::timestamptz
          then ${now.toISOString()}::timestamptz else ${t.window_started_at} end`,
        locked_until: sql`case
          when ${t.locked_until} > ${now.toISOString()}::timestamptz then ${t.locked_until}
          when (case when ${t.window_started_at} < ${windowStart.toISOString()}::timestamptz
            then 1 else ${t.failures} + 1 end) >= ${policy.maxFailures}
            then ${lockEnd.toISOString()}::timestamptz
          else null end`,
      },
    })
    .returning({ locked_until: t.locked_until });
  const until = row?.locked_until ?? null;
  return until !== null && until > now ? until : null;
}

/** A right password (or a completed reset) forgets the address's wrong ones. */
export async function clearFailures(db: DbExecutor, email: string): Promise<void> {
  await db.delete(console_sign_in_failures).where(eq(console_sign_in_failures.email, lockoutKey(email)));
}
