import type { ConsoleSession, StaffMembership } from '@trailpass/contract/console';
import type { DbExecutor } from '../../db/client';
import type { ConsoleStaff } from '../staff-auth';
import { listMemberships } from './repository';

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
