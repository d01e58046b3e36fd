import { z } from 'zod';
import { id, idParam, isoDateTime } from '../common';
import { partnerRole, staffRole } from './common';

/** One partner a staff member works for, with the offers they can run there. */
export const staffMembership = z.object({
  partnerId: id,
  partnerName: z.string(),
  /** The partner's IANA time zone: the console reads and enters its dates and times in it. */
  timezone: z.string(),
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

/** GET /console/api/partners/{partnerId}/staff: the partner's staff, by e-mail address. */
export const staffList = z.object({ items: z.array(staffMember), total: z.number().int().nonnegative() });
export type StaffList = z.infer<typeof staffList>;

/** A staff account's id (better-auth's generated string). */
export const staffIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a staff id.');
export const staffParams = z.strictObject({ partnerId: idParam, staffId: staffIdParam });

/**
 * POST .../staff: add someone to the partner's staff. An address without an account gets one, and an e-mail
 * with a link to choose its password; an account that exists keeps its password.
 */
export const addStaffRequest = z.strictObject({
  email: z
    .string()
    .trim()
    .max(254, 'The e-mail address is too long.')
    .pipe(z.email('Enter a valid e-mail address.')),
  name: z.string().trim().min(1, 'Enter a name.').max(100, 'The name is too long.').optional(),
  role: partnerRole,
});
export type AddStaffRequest = z.infer<typeof addStaffRequest>;

/** PATCH .../staff/{staffId}: a new role. A partner always keeps at least one owner. */
export const updateStaffRequest = z.strictObject({ role: partnerRole });
export type UpdateStaffRequest = z.infer<typeof updateStaffRequest>;
