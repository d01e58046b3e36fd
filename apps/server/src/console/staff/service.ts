import { randomBytes } from 'node:crypto';
import {
  type AddStaffRequest,
  type ConsoleSession,
  RESET_PASSWORD_PAGE,
  type StaffList,
  type StaffMember,
  type StaffMembership,
  type UpdateStaffRequest,
} from '@trailpass/contract/console';
import type { AppDb, DbExecutor } from '../../db/client';
import { enqueueMail, type MailSettings } from '../../modules/mail';
import { staffInviteMail } from '../../modules/mail/messages';
import { writeAudit } from '../audit/repository';
import { CONSOLE_BRAND, type ConsoleAuth } from '../auth/auth';
import { conflict, notFound } from '../errors';
import type { ConsoleStaff } from '../staff-auth';
import {
  deleteMembership,
  findUserByEmail,
  insertInvitedAccount,
  insertMembership,
  listMemberships,
  listPartnerStaff,
  lockPartnerMemberships,
  partnerName,
  setMembershipRole,
} from './repository';

/** GET /console/api/session: the staff member, their partners with each one's offers, and the CSRF token. */
export async function loadConsoleSession(
  db: DbExecutor,
  staff: ConsoleStaff,
  csrfToken: string,
): Promise<ConsoleSession> {
  const rows = await listMemberships(db, staff);
  const memberships = new Map<number, StaffMembership>();
  for (const row of rows) {
    let membership = memberships.get(row.partnerId);
    if (!membership) {
      membership = {
        partnerId: row.partnerId,
        partnerName: row.partnerName,
        timezone: row.timezone,
        role: row.role as StaffMembership['role'],
        offers: [],
      };
      memberships.set(row.partnerId, membership);
    }
    if (row.offerId !== null && row.offerName !== null) {
      membership.offers.push({ id: row.offerId, name: row.offerName });
    }
  }
  return {
    staff: {
      id: staff.id,
      email: staff.email,
      name: staff.name,
      twoFactorEnabled: staff.twoFactorEnabled,
      isProviderAdmin: staff.isProviderAdmin,
    },
    memberships: [...memberships.values()],
    csrfToken,
  };
}

const INVITE_DAYS = 7;
const LAST_OWNER = 'A partner needs at least one owner: make someone else owner first.';

function toStaffMember(row: Awaited<ReturnType<typeof listPartnerStaff>>[number]): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffMember['role'],
    twoFactorEnabled: row.two_factor_enabled === true,
    lockedUntil: row.locked_until === null ? null : new Date(row.locked_until).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** GET .../staff: the partner's staff members. */
export async function loadStaffList(db: DbExecutor, partnerId: number, now: Date): Promise<StaffList> {
  const rows = await listPartnerStaff(db, partnerId, now);
  return { items: rows.map(toStaffMember), total: rows.length };
}

async function staffMemberOf(
  db: DbExecutor,
  partnerId: number,
  userId: string,
  now: Date,
): Promise<StaffMember> {
  const row = (await listPartnerStaff(db, partnerId, now)).find((member) => member.id === userId);
  if (!row) throw notFound();
  return toStaffMember(row);
}

/** Who changes the partner's staff: for the audit row and the invitation. */
export interface StaffWrite {
  staff: ConsoleStaff;
  partnerId: number;
  now: Date;
}

function auditOf(write: StaffWrite) {
  return {
    staff: { id: write.staff.id, email: write.staff.email },
    partnerId: write.partnerId,
    offerId: null,
    at: write.now,
  };
}

/**
 * POST .../staff: a membership of the partner, with its audit row, in one transaction. An address without an
 * account gets one (a password nobody knows) and, in the same transaction, an e-mail through the outbox with a
 * link to choose its password (better-auth's reset token, for INVITE_DAYS). 409 when already on the staff.
 */
export async function addStaffMember(
  db: AppDb,
  auth: ConsoleAuth,
  mail: MailSettings,
  write: StaffWrite,
  input: AddStaffRequest,
): Promise<StaffMember> {
  const email = input.email.toLowerCase();
  const ctx = await auth.$context;
  const passwordHash = await ctx.password.hash(randomBytes(32).toString('base64url'));
  const resetToken = randomBytes(24).toString('base64url');
  const partner = await partnerName(db, write.partnerId);
  const link = `${mail.publicUrl}${RESET_PASSWORD_PAGE}?${new URLSearchParams({ token: resetToken })}`;
  const userId = await db
    .transaction(async (tx) => {
      const members = await lockPartnerMemberships(tx, write.partnerId);
      const existing = await findUserByEmail(tx, email);
      if (existing && members.some((member) => member.userId === existing.id)) {
        throw conflict(`${email} is already on the staff of ${partner}.`);
      }
      let id = existing?.id;
      if (!id) {
        id = randomBytes(18).toString('base64url');
        await insertInvitedAccount(tx, {
          id,
          email,
          name: input.name ?? email.split('@')[0] ?? email,
          passwordHash,
          resetToken,
          expiresAt: new Date(write.now.getTime() + INVITE_DAYS * 86_400_000),
          now: write.now,
        });
        const content = staffInviteMail(CONSOLE_BRAND, {
          partnerName: partner,
          invitedBy: write.staff.name || write.staff.email,
          link,
          days: INVITE_DAYS,
        });
        await enqueueMail(tx, mail, {
          kind: 'staff-invite',
          to: { address: email, name: input.name ?? null },
          ...content,
        });
      }
      await insertMembership(tx, id, write.partnerId, input.role, write.now);
      await writeAudit(tx, {
        ...auditOf(write),
        action: 'staff.add',
        objectType: 'staff',
        objectId: id,
        before: null,
        after: { email, role: input.role, newAccount: !existing },
      });
      return id;
    })
    .catch((error: unknown) => {
      // A parallel add of the same new address: its account or membership is there now.
      if ((error as { code?: string }).code === '23505')
        throw conflict(`${email} is already on the staff of ${partner}.`);
      throw error;
    });
  return staffMemberOf(db, write.partnerId, userId, write.now);
}

/** Whether taking `userId`'s owner role away would leave the partner without an owner. */
function wouldLeaveNoOwner(members: { userId: string; role: string }[], userId: string): boolean {
  const owners = members.filter((member) => member.role === 'owner');
  return owners.length === 1 && owners[0]?.userId === userId;
}

/** PATCH .../staff/{staffId}: a new role, audited; the partner's last owner stays an owner (409). */
export async function changeStaffRole(
  db: AppDb,
  write: StaffWrite,
  userId: string,
  input: UpdateStaffRequest,
): Promise<StaffMember> {
  await db.transaction(async (tx) => {
    const members = await lockPartnerMemberships(tx, write.partnerId);
    const member = members.find((candidate) => candidate.userId === userId);
    if (!member) throw notFound();
    if (member.role === input.role) return;
    if (input.role !== 'owner' && wouldLeaveNoOwner(members, userId)) throw conflict(LAST_OWNER);
    await setMembershipRole(tx, userId, write.partnerId, input.role);
    await writeAudit(tx, {
      ...auditOf(write),
      action: 'staff.role',
      objectType: 'staff',
      objectId: userId,
      before: { role: member.role },
      after: { role: input.role },
    });
  });
  return staffMemberOf(db, write.partnerId, userId, write.now);
}

/** DELETE .../staff/{staffId}: the membership ends (the account stays), audited; never the last owner's. */
export async function removeStaffMember(db: AppDb, write: StaffWrite, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const members = await lockPartnerMemberships(tx, write.partnerId);
    const member = members.find((candidate) => candidate.userId === userId);
    if (!member) throw notFound();
    if (wouldLeaveNoOwner(members, userId)) throw conflict(LAST_OWNER);
    await deleteMembership(tx, userId, write.partnerId);
    await writeAudit(tx, {
      ...auditOf(write),
      action: 'staff.remove',
      objectType: 'staff',
      objectId: userId,
      before: { role: member.role },
      after: null,
    });
  });
}
