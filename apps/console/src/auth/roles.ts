import type { ConsoleSession, STAFF_ROLES, StaffRole } from '@trailpass/contract/console';

/**
 * The contract's role order (weakest first), restated so that the client takes only types from the
 * contract (a value import would load its zod schemas); `satisfies` keeps it identical to STAFF_ROLES.
 */
const ROLE_ORDER = ['viewer', 'manager', 'owner', 'provider_admin'] as const satisfies typeof STAFF_ROLES;

export function roleAtLeast(role: StaffRole, needed: StaffRole): boolean {
  return ROLE_ORDER.indexOf(role) >= ROLE_ORDER.indexOf(needed);
}

export interface OfferChoice {
  offerId: number;
  offerName: string;
  partnerId: number;
  partnerName: string;
  role: StaffRole;
}

/**
 * Every offer the staff member may open, with the partner it belongs to and their role there. A provider
 * admin acts as provider_admin on every partner the session lists, whatever the membership says.
 */
export function offerChoices(session: ConsoleSession): OfferChoice[] {
  return session.memberships.flatMap((membership) =>
    membership.offers.map((offer) => ({
      offerId: offer.id,
      offerName: offer.name,
      partnerId: membership.partnerId,
      partnerName: membership.partnerName,
      role: session.staff.isProviderAdmin ? 'provider_admin' : membership.role,
    })),
  );
}

/** Managers, owners and provider admins change things; a viewer only reads. */
export function canWrite(role: StaffRole | undefined): boolean {
  return role !== undefined && roleAtLeast(role, 'manager');
}
