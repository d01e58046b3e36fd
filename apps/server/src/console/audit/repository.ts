import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { console_audit } from '../../db/schema';

/** One console change, as a service records it inside the change's own transaction. */
export interface AuditWrite {
  staff: { id: string; email: string };
  partnerId: number | null;
  offerId: number | null;
  action: string;
  objectType: string;
  objectId: string | number;
  before: unknown;
  after: unknown;
  at: Date;
}

/** Who changed what, where and when, as every console write records it: the parts of AuditWrite a write's context gives. */
export function auditBase(write: {
  staff: { id: string; email: string };
  scope: { partnerId: number; offerId: number | null };
  now: Date;
}): Pick<AuditWrite, 'staff' | 'partnerId' | 'offerId' | 'at'> {
  return {
    staff: { id: write.staff.id, email: write.staff.email },
    partnerId: write.scope.partnerId,
    offerId: write.scope.offerId,
    at: write.now,
  };
}

/**
 * Appends the audit row of a change. Call it with the change's transaction (`tx`), so that the row exists
 * exactly when the change does.
 */
export async function writeAudit(tx: DbExecutor, entry: AuditWrite): Promise<void> {
  await tx.insert(console_audit).values({
    at: entry.at,
    staff_id: entry.staff.id,
    staff_email: entry.staff.email,
    partner_id: entry.partnerId,
    offer_id: entry.offerId,
    action: entry.action,
    object_type: entry.objectType,
    object_id: String(entry.objectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditFilter {
  partnerId: number;
  action?: string | undefined;
  staffEmail?: string | undefined;
  objectType?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Matches the action, object type or id, or staff e-mail. */
  q?: string | undefined;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of one partner's audit rows by time (then id), and how many match; on (partner_id, at, id). */
export async function listAudit(db: DbExecutor, filter: AuditFilter) {
  const t = console_audit;
  const conditions: (SQL | undefined)[] = [
    eq(t.partner_id, filter.partnerId),
    filter.action ? eq(t.action, filter.action) : undefined,
    filter.staffEmail ? eq(t.staff_email, filter.staffEmail.trim().toLowerCase()) : undefined,
    filter.objectType ? eq(t.object_type, filter.objectType) : undefined,
    filter.from ? gte(t.at, filter.from) : undefined,
    filter.to ? lte(t.at, filter.to) : undefined,
  ];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      or(
        ilike(t.action, pattern),
        ilike(t.object_type, pattern),
        ilike(t.object_id, pattern),
        ilike(t.staff_email, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const direction = filter.order === 'asc' ? asc : desc;
  const [rows, [total]] = await readsTogether(db, [
    () =>
      db
        .select()
        .from(t)
        .where(where)
        .orderBy(direction(t.at), direction(t.id))
        .limit(filter.limit)
        .offset(filter.offset),
    () => db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
