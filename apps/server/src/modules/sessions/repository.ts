import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sessions } from '../../db/schema';

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
}

const columns = {
  id: sessions.id,
  offerId: sessions.offer_id,
  partnerUserId: sessions.partner_user_id,
  isPreview: sessions.is_preview,
  previewType: sessions.preview_type,
  previewTypeId: sessions.preview_type_id,
  previewDealId: sessions.preview_deal_id,
  isUnregisteredLink: sessions.is_unregistered_link,
  venueId: sessions.venue_id,
};

function asPreviewType(value: string | null): PassSession['previewType'] {
  return value === 'product' || value === 'venue' ? value : null;
}

// Runs on every API request: prepared once per database (db/prepared.ts).
const sessionByTokenHash = preparedQuery('session_by_token_hash', ['tokenHash'], (db, p) =>
  db.select(columns).from(sessions).where(eq(sessions.token_hash, p.tokenHash)).limit(1),
);

export async function findSessionByTokenHash(db: DbExecutor, tokenHash: string): Promise<PassSession | null> {
  const [row] = await sessionByTokenHash(db, { tokenHash });
  return row ? { ...row, previewType: asPreviewType(row.previewType) } : null;
}

/** Binds (login) or unbinds (logout, `null`) the session's partner user. Returns whether a row changed. */
export async function setSessionPartnerUser(
  db: DbExecutor,
  sessionId: number,
  partnerUserId: number | null,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ partner_user_id: partnerUserId, updated_at: sql`now()` })
    .where(and(eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
