import { z } from 'zod';
import { id, idParam } from '../common';

/**
 * Issue 30: the partner console's API (`/console/api/*`). Its schemas live under `console/` and are exported
 * as `@trailpass/contract/console` only, so the holder's PWA (which imports `@trailpass/contract`) never
 * bundles a byte of them.
 */

/**
 * Staff roles, weakest first. `provider_admin` is Trailpass's own staff (every partner); the others are per
 * partner: `owner` also manages the partner's staff, `manager` runs the pass, `viewer` only reads.
 */
export const STAFF_ROLES = ['viewer', 'manager', 'owner', 'provider_admin'] as const;
export const staffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRole>;
/** The roles a membership of one partner may have (provider admins are not members of a partner). */
export const PARTNER_ROLES = ['viewer', 'manager', 'owner'] as const;
export const partnerRole = z.enum(PARTNER_ROLES);
export type PartnerRole = z.infer<typeof partnerRole>;

/** True when `role` may do what `needed` may (roles are ordered, weakest first). */
export function roleAtLeast(role: StaffRole, needed: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed);
}

/** The header every state-changing console call carries (its value comes with GET /console/api/session). */
export const CSRF_HEADER = 'x-csrf-token';

/** Paging of every console list: 1-based page, at most MAX_PER_PAGE rows. */
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 25;
export const SORT_ORDERS = ['asc', 'desc'] as const;

const pageParam = z
  .string()
  .regex(/^[1-9][0-9]{0,6}$/, 'Expected a page number from 1.')
  .transform(Number)
  .optional()
  .default(1);
const perPageParam = z
  .string()
  .regex(/^[1-9][0-9]{0,2}$/, `Expected a page size from 1 to ${MAX_PER_PAGE}.`)
  .transform(Number)
  .pipe(z.number().max(MAX_PER_PAGE, `Expected a page size from 1 to ${MAX_PER_PAGE}.`))
  .optional()
  .default(DEFAULT_PER_PAGE);

/** The query of a paged, sorted, searched list; `sortFields` are the columns the server can sort on. */
export function listQuery<const S extends readonly [string, ...string[]]>(sortFields: S) {
  return z.strictObject({
    page: pageParam,
    perPage: perPageParam,
    sort: z.enum(sortFields).optional(),
    order: z.enum(SORT_ORDERS).optional().default('asc'),
    q: z.string().trim().max(200, 'The search is too long (at most 200 characters).').optional(),
  });
}

/** A page of a list: its rows and how many rows match in all. */
export function listPage<T extends z.ZodType>(row: T) {
  return z.object({ items: z.array(row), total: z.number().int().nonnegative() });
}

export const offerParams = z.strictObject({ offerId: idParam });
export const consoleId = id;

/**
 * Every console error: the holder API's shape (`message`, optional per-field `errors`) plus a stable
 * `code` for the cases the console reacts to (a conflict, a stale object, a locked account).
 */
export const CONSOLE_ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF',
  'NOT_FOUND',
  'VALIDATION',
  'CONFLICT',
  'LOCKED',
  'RATE_LIMITED',
] as const;
export const consoleError = z.object({
  message: z.string(),
  code: z.enum(CONSOLE_ERROR_CODES).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ConsoleError = z.infer<typeof consoleError>;
