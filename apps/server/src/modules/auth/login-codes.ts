import { randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_LENGTH, LOGIN_CODE_MAX_TRIES } from '@trailpass/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { login_codes } from '../../db/schema';
import { hashToken } from '../../db/tokens';

/**
 * The sign-in codes of offers that verify sign-in by e-mail (issue 29): at most one per session, stored as a
 * hash bound to the session (a code is worth nothing on another session), ended by time or by
 * LOGIN_CODE_MAX_TRIES wrong tries.
 */

const codeHash = (sessionId: number, code: string) => hashToken(`${sessionId}:${code}`);

/** A new code for the session's sign-in as `partnerUserId`, replacing any earlier one. Returns the code. */
export async function issueLoginCode(
  tx: DbExecutor,
  input: { sessionId: number; partnerUserId: number; expiresAt: Date },
): Promise<string> {
  const code = String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
  const row = {
    partner_user_id: input.partnerUserId,
    code_hash: codeHash(input.sessionId, code),
    wrong_tries: 0,
    expires_at: input.expiresAt,
    created_at: sql`now()`,
  };
  await tx
    .insert(login_codes)
    .values({ session_id: input.sessionId, ...row })
    .onConflictDoUpdate({ target: login_codes.session_id, set: row });
  return code;
}

export type CodeCheck = { ok: true; partnerUserId: number } | { ok: false; ended: boolean };

/**
 * Checks `code` against the session's code under its row lock (two tries at once count as two). A right
 * code is used up; a wrong one counts, and the last allowed wrong try ends it; an expired code ends too.
 */
export async function checkLoginCode(
  tx: DbExecutor,
  input: { sessionId: number; code: string; now: Date },
): Promise<CodeCheck> {
  const [row] = await tx
    .select()
    .from(login_codes)
    .where(eq(login_codes.session_id, input.sessionId))
    .for('update');
  if (!row) return { ok: false, ended: true };
  const end = () => tx.delete(login_codes).where(eq(login_codes.session_id, input.sessionId));
  if (row.expires_at.getTime() <= input.now.getTime()) {
    await end();
    return { ok: false, ended: true };
  }
  const given = Buffer.from(codeHash(input.sessionId, input.code));
  if (timingSafeEqual(given, Buffer.from(row.code_hash))) {
    await end();
    return { ok: true, partnerUserId: row.partner_user_id };
  }
  if (row.wrong_tries + 1 >= LOGIN_CODE_MAX_TRIES) {
    await end();
    return { ok: false, ended: true };
  }
  await tx
    .update(login_codes)
    .set({ wrong_tries: row.wrong_tries + 1 })
    .where(eq(login_codes.session_id, input.sessionId));
  return { ok: false, ended: false };
}
