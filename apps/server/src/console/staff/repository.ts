import { and, asc, eq, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { console_memberships, console_users, offers, partners } from '../../db/schema';

export interface StaffUser {
  id: string;
  email: string;
  name: string;
  twoFactorEnabled: boolean;
  isProviderAdmin: boolean;
}

/** The staff account of a session's user (better-auth's user row plus our provider-admin flag). */
export async function findStaffUser(db: DbExecutor, userId: string): Promise<StaffUser | null> {
  const [row] = await db
    .select({
      id: console_users.id,
      email: console_users.email,
      name: console_users.name,
      twoFactorEnabled: console_users.twoFactorEnabled,
      isProviderAdmin: console_users.isProviderAdmin,
    })
    .from(console_users)
    .where(eq(console_users.id, userId));
  return row ?? null;
}

export interface MembershipRow {
  partnerId: number;
  partnerName: string;
  role: string;
  offerId: number | null;
  offerName: string | null;
}

/**
 * The partners a staff member works for (every partner for a provider admin) with each partner's offers,
 * one row per offer, by partner then offer.
 */
export async function listMemberships(db: DbExecutor, staff: StaffUser): Promise<MembershipRow[]> {
  const role = staff.isProviderAdmin ? sql<string>`'provider_admin'` : console_memberships.role;
  const base = db
    .select({
      partnerId: partners.id,
      partnerName: partners.name,
      role,
      offerId: offers.id,
      offerName: offers.name,
    })
    .from(partners)
    .leftJoin(offers, eq(offers.partner_id, partners.id));
  const rows = staff.isProviderAdmin
    ? await base.orderBy(asc(partners.id), asc(offers.id))
    : await base
        .innerJoin(
          console_memberships,
          and(eq(console_memberships.partner_id, partners.id), eq(console_memberships.user_id, staff.id)),
        )
        .orderBy(asc(partners.id), asc(offers.id));
  return rows.map((row) => ({ ...row, role: String(row.role) }));
}

/** What a scope check needs of the object a console route names: its partner and the caller's role there. */
export interface ScopeRow {
  partnerId: number;
  /** The caller's membership role at that partner; null when they have none. */
  role: string | null;
  /** For a holder: whether they hold the offer. */
  holdsOffer: boolean;
}

/** The partner of partner `partnerId` (itself) and the caller's membership there; null when none. */
export async function partnerScope(
  db: DbExecutor,
  userId: string,
  partnerId: number,
): Promise<ScopeRow | null> {
  const [row] = await queryRows<{ partner_id: number; role: string | null }>(
    db,
    sql`select p.id as partner_id, m.role from ${partners} p
      left join ${console_memberships} m on m.partner_id = p.id and m.user_id = ${userId}
      where p.id = ${partnerId}`,
  );
  return row ? { partnerId: Number(row.partner_id), role: row.role, holdsOffer: false } : null;
}

/**
 * The partner of offer `offerId` and the caller's membership there, and, with `holderId`, whether that
 * partner user holds the offer (a pass); null when there is no such offer. One round trip.
 */
export async function offerScope(
  db: DbExecutor,
  userId: string,
  offerId: number,
  holderId: number | null,
): Promise<ScopeRow | null> {
  const [row] = await queryRows<{ partner_id: number; role: string | null; holds: boolean }>(
    db,
    sql`select o.partner_id, m.role,
        ${holderId === null ? sql`false` : sql`exists (select 1 from passes ps where ps.offer_id = o.id and ps.partner_user_id = ${holderId})`} as holds
      from ${offers} o
      left join ${console_memberships} m on m.partner_id = o.partner_id and m.user_id = ${userId}
      where o.id = ${offerId}`,
  );
  return row ? { partnerId: Number(row.partner_id), role: row.role, holdsOffer: row.holds === true } : null;
}
