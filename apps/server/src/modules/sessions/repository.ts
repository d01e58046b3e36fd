import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sessions } from '../../db/schema';
import { generateToken, hashToken } from '../../db/tokens';

/** What a pass token resolves to (DESIGN.md section 4). */
export interface PassSession {
  id: number;
  offerId: number | null;
  /** Null until login. */
  partnerUserId: number | null;
  isPreview: boolean;
  previewType: 'product' | 'venue' | null;
  previewTypeId: number | null;
  previewDealId: number | null;
  isUnregisteredLink: boolean;
  /** The venue of an unregistered link. */
  venueId: number | null;
  /**
   * A public link's session, shared by everyone who opens the link: nobody can sign in to it; each visitor
   * trades it for a session of their own (mintVisitorSession, decision 0022).
   */
  isPublic: boolean;
}

/** The columns of a PassSession; other hot reads select them too (GET /data reads its session itself). */
export const sessionColumns = {
  id: sessions.id,
  offerId: sessions.offer_id,
  partnerUserId: sessions.partner_user_id,
  isPreview: sessions.is_preview,
  previewType: sessions.preview_type,
  previewTypeId: sessions.preview_type_id,
  previewDealId: sessions.preview_deal_id,
  isUnregisteredLink: sessions.is_unregistered_link,
  venueId: sessions.venue_id,
  isPublic: sessions.is_public,
};

function asPreviewType(value: string | null): PassSession['previewType'] {
  return value === 'product' || value === 'venue' ? value : null;
}

// Runs on every API request: prepared once per database (db/prepared.ts).
const sessionByTokenHash = preparedQuery('session_by_token_hash', ['tokenHash'], (db, p) =>
  db.select(sessionColumns).from(sessions).where(eq(sessions.token_hash, p.tokenHash)).limit(1),
);

export async function findSessionByTokenHash(db: DbExecutor, tokenHash: string): Promise<PassSession | null> {
  const [row] = await sessionByTokenHash(db, { tokenHash });
  return row ? toPassSession(row) : null;
}

/** A row of sessionColumns as a PassSession. */
export function toPassSession(
  row: { previewType: string | null } & Omit<PassSession, 'previewType'>,
): PassSession {
  return { ...row, previewType: asPreviewType(row.previewType) };
}

/**
 * Binds (login) or unbinds (logout, `null`) the session's partner user. Returns whether a row changed.
 * A public link's session is never bound: the condition here and the table's check constraint
 * (sessions_public_signed_out) both refuse it, whatever the caller checked before.
 */
export async function setSessionPartnerUser(
  db: DbExecutor,
  sessionId: number,
  partnerUserId: number | null,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ partner_user_id: partnerUserId, updated_at: sql`now()` })
    .where(
      and(eq(sessions.id, sessionId), partnerUserId === null ? undefined : eq(sessions.is_public, false)),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/**
 * A visitor session of a public link's (decision 0022): the link's offer and start path, signed out, with a
 * new token of its own (192 random bits) of which only the SHA-256 hash is stored. Returns the token; the
 * caller hands it to the visitor and forgets it.
 */
export async function mintVisitorSession(
  db: DbExecutor,
  publicSessionId: number,
  now: Date,
): Promise<string | null> {
  const token = generateToken();
  const at = now.toISOString();
  // One statement copies what the visitor needs from the public session, which must still be public.
  // created_at = updated_at marks it as never signed in to (deleteUnusedVisitorSessions).
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ${sessions} (token_hash, pass_link_id, offer_id, query, label, path, is_visitor, created_at, updated_at)
      select ${hashToken(token)}, pass_link_id, offer_id, query, label, path, true, ${at}::timestamptz, ${at}::timestamptz
      from ${sessions} where id = ${publicSessionId} and is_public
      returning id`,
  );
  return rows.length > 0 ? token : null;
}

/** How long a visitor session that was never signed in to is kept (decision 0022). */
export const UNUSED_VISITOR_SESSION_DAYS = 30;
/** At most this many are deleted per mint: the clean-up keeps pace with minting at a bounded cost. */
const UNUSED_VISITOR_SESSIONS_PER_CLEAN_UP = 20;

/**
 * Deletes visitor sessions nobody ever signed in to (`updated_at` moves only on login and logout) that are
 * older than UNUSED_VISITOR_SESSION_DAYS, a few at a time, oldest first, through their partial index.
 * Minting calls it, so the table stays bounded without a timer. Returns how many were deleted.
 */
export async function deleteUnusedVisitorSessions(db: DbExecutor, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_VISITOR_SESSION_DAYS * 86_400_000);
  const stale = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.is_visitor, true),
        isNull(sessions.partner_user_id),
        eq(sessions.updated_at, sessions.created_at),
        lt(sessions.created_at, cutoff),
      ),
    )
    .orderBy(sessions.created_at)
    .limit(UNUSED_VISITOR_SESSIONS_PER_CLEAN_UP);
  const deleted = await db.delete(sessions).where(inArray(sessions.id, stale)).returning({ id: sessions.id });
  return deleted.length;
}
