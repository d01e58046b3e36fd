import { z } from 'zod';
import { id, isoDateTime } from '../common';
import { partnerRole, staffRole } from './common';

/** One partner a staff member works for, with the offers they can run there. */
export const staffMembership = z.object({
  partnerId: id,
  partnerName: z.string(),
  role: staffRole,
  offers: z.array(z.object({ id, name: z.string() })),
});
export type StaffMembership = z.infer<typeof staffMembership>;

/**
 * GET /console/api/session: who is signed in, what they may open, and the CSRF token every unsafe call must
 * send back in the `x-csrf-token` header. 401 when signed out.
 */
export const consoleSession = z.object({
  staff: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    twoFactorEnabled: z.boolean(),
    isProviderAdmin: z.boolean(),
  }),
  memberships: z.array(staffMembership),
  csrfToken: z.string(),
});
export type ConsoleSession = z.infer<typeof consoleSession>;

/** A staff member of a partner, as the partner's owner manages them. */
export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: partnerRole,
  twoFactorEnabled: z.boolean(),
  lockedUntil: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type StaffMember = z.infer<typeof staffMember>;
