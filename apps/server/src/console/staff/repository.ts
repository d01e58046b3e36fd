import { and, asc, eq, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import {
  type ConsolePartnerRole,
  console_accounts,
  console_memberships,
  console_sign_in_failures,
  console_users,
  console_verifications,
  offers,
  partners,
} from '../../db/schema';

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
  timezone: string;
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
      timezone: partners.timezone,
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

/** The partner's staff with their accounts, by address; `locked_until` is set while the address is locked. */
export async function listPartnerStaff(db: DbExecutor, partnerId: number, now: Date) {
  return queryRows<{
    id: string;
    email: string;
    name: string;
    role: string;
    two_factor_enabled: boolean;
    locked_until: Date | string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select u.id, u.email, u.name, m.role, u.two_factor_enabled,
        (select f.locked_until from ${console_sign_in_failures} f
          where f.email = u.email and f.locked_until > ${now.toISOString()}::timestamptz) as locked_until,
        m.created_at
      from ${console_memberships} m join ${console_users} u on u.id = m.user_id
      where m.partner_id = ${partnerId}
      order by u.email, u.id`,
  );
}

/**
 * The partner's memberships, locked until the transaction ends: a change of roles reads them under the lock,
 * so two owners demoting each other at once cannot leave the partner without an owner.
 */
export async function lockPartnerMemberships(db: DbExecutor, partnerId: number) {
  return db
    .select({ userId: console_memberships.user_id, role: console_memberships.role })
    .from(console_memberships)
    .where(eq(console_memberships.partner_id, partnerId))
    .for('update');
}

export async function findUserByEmail(db: DbExecutor, email: string) {
  const [row] = await db
    .select({ id: console_users.id, email: console_users.email, name: console_users.name })
    .from(console_users)
    .where(eq(console_users.email, email.trim().toLowerCase()));
  return row ?? null;
}

export async function partnerName(db: DbExecutor, partnerId: number): Promise<string> {
  const [row] = await db.select({ name: partners.name }).from(partners).where(eq(partners.id, partnerId));
  return row?.name ?? `partner ${partnerId}`;
}

/**
 * A staff account as better-auth makes one (its user, its credential account with a password hash nobody
 * knows) and a password-reset token for it as better-auth's `reset-password` route reads them (a
 * verification row `reset-password:<token>` whose value is the user id): written here so that they are in
 * the transaction of the membership and its audit row. staff.test.ts checks that the token works.
 */
export async function insertInvitedAccount(
  db: DbExecutor,
  values: {
    id: string;
    email: string;
    name: string;
    passwordHash: string;
    resetToken: string;
    expiresAt: Date;
    now: Date;
  },
) {
  await db.insert(console_users).values({
    id: values.id,
    email: values.email,
    name: values.name,
    emailVerified: false,
    createdAt: values.now,
    updatedAt: values.now,
  });
  await db.insert(console_accounts).values({
    id: `${values.id}-credential`,
    accountId: values.id,
    providerId: 'credential',
    userId: values.id,
    password: values.passwordHash,
    createdAt: values.now,
    updatedAt: values.now,
  });
  await db.insert(console_verifications).values({
    id: `${values.id}-invite`,
    identifier: `reset-password:${values.resetToken}`,
    value: values.id,
    expiresAt: values.expiresAt,
    createdAt: values.now,
    updatedAt: values.now,
  });
}

export async function insertMembership(
  db: DbExecutor,
  userId: string,
  partnerId: number,
  role: string,
  now: Date,
) {
  await db
    .insert(console_memberships)
    .values({ user_id: userId, partner_id: partnerId, role: role as ConsolePartnerRole, created_at: now });
}

export async function setMembershipRole(db: DbExecutor, userId: string, partnerId: number, role: string) {
  await db
    .update(console_memberships)
    .set({ role: role as ConsolePartnerRole })
    .where(and(eq(console_memberships.user_id, userId), eq(console_memberships.partner_id, partnerId)));
}

export async function deleteMembership(db: DbExecutor, userId: string, partnerId: number) {
  await db
    .delete(console_memberships)
    .where(and(eq(console_memberships.user_id, userId), eq(console_memberships.partner_id, partnerId)));
}
