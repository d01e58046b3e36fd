import { z } from 'zod';
import { id, idParam, isoDateTime } from '../common';
import { listPage, listQuery } from './common';

/** The columns the holder list sorts on (server-side). */
export const HOLDER_SORT_FIELDS = ['name', 'email', 'points', 'lastSeen', 'createdAt'] as const;
export const holderListQuery = listQuery(HOLDER_SORT_FIELDS);
export type HolderListQuery = z.infer<typeof holderListQuery>;

/** A holder of one offer, as the console lists them. `points` is their current balance on the offer. */
export const holderRow = z.object({
  id,
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  points: z.number().int(),
  lastSeen: isoDateTime.nullable(),
  createdAt: isoDateTime,
  hasLink: z.boolean(),
});
export type HolderRow = z.infer<typeof holderRow>;
export const holderPage = listPage(holderRow);
export type HolderPage = z.infer<typeof holderPage>;

export const holderParams = z.strictObject({ offerId: idParam, holderId: idParam });

/** POST /console/api/offers/{offerId}/holders: the spec's PartnerUser fields (spec 5). */
export const createHolderRequest = z.strictObject({
  firstName: z.string().trim().min(1, 'First name is required.').max(100, 'First name is too long.'),
  lastName: z.string().trim().min(1, 'Last name is required.').max(100, 'Last name is too long.'),
  email: z
    .string()
    .trim()
    .max(254, 'The e-mail address is too long.')
    .pipe(z.email('Enter a valid e-mail address.')),
  phone: z
    .string()
    .regex(/^\+[1-9][0-9]{6,14}$/, 'Enter the number in international format, like +19205550123.')
    .nullable()
    .optional(),
  contactPermission: z.boolean().optional().default(false),
});
export type CreateHolderRequest = z.infer<typeof createHolderRequest>;

/** A holder's points ledger entry, newest first. */
export const ledgerEntry = z.object({
  id,
  valueDate: isoDateTime,
  reason: z.string(),
  points: z.number().int(),
  dealId: id,
  dealName: z.string(),
  orderId: id.nullable(),
  expiresAt: isoDateTime.nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const holderOrder = z.object({
  id,
  status: z.string(),
  createdAt: isoDateTime,
  completedAt: isoDateTime.nullable(),
  items: z.array(
    z.object({ id, name: z.string(), points: z.number().int(), deliveryMethod: z.string().nullable() }),
  ),
});
export type HolderOrder = z.infer<typeof holderOrder>;

export const holderCheckIn = z.object({
  at: isoDateTime,
  venueId: id,
  venueName: z.string(),
  points: z.number().int().nullable(),
});
export type HolderCheckIn = z.infer<typeof holderCheckIn>;

/** GET /console/api/offers/{offerId}/holders/{holderId}: the row plus their ledger, orders and check-ins. */
export const holderDetail = holderRow.extend({
  contactPermission: z.boolean(),
  ledger: z.array(ledgerEntry),
  orders: z.array(holderOrder),
  checkIns: z.array(holderCheckIn),
  /** The points deals of the offer an adjustment can be booked on. */
  pointsDeals: z.array(z.object({ id, name: z.string() })),
});
export type HolderDetail = z.infer<typeof holderDetail>;

/** POST .../holders/{holderId}/points: a correction, booked as one ledger entry with its reason. */
export const pointsAdjustmentRequest = z.strictObject({
  dealId: id,
  points: z
    .number()
    .int('Points are a whole number.')
    .refine((n) => n !== 0, 'Enter a number of points other than 0.')
    .refine((n) => Math.abs(n) <= 1_000_000, 'At most 1,000,000 points at a time.'),
  reason: z
    .string()
    .trim()
    .min(1, 'A reason is required.')
    .max(200, 'The reason is too long (at most 200 characters).'),
});
export type PointsAdjustmentRequest = z.infer<typeof pointsAdjustmentRequest>;

/**
 * POST .../holders/{holderId}/link (mint, or rotate when one exists: the old link and every session of the
 * holder on the offer stop working at once) and DELETE (revoke). The token is shown once, in this answer.
 */
export const passLinkIssued = z.object({ url: z.string(), token: z.string(), issuedAt: isoDateTime });
export type PassLinkIssued = z.infer<typeof passLinkIssued>;

/** POST .../holders/{holderId}/link/email: a new link was put in the outbox for the holder's address. */
export const passLinkEmailed = z.object({ message: z.string(), to: z.string() });
export type PassLinkEmailed = z.infer<typeof passLinkEmailed>;
