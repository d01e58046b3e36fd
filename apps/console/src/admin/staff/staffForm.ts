import type { AddStaffRequest, PARTNER_ROLES, PartnerRole, StaffMember } from '@trailpass/contract/console';

/**
 * The roles of a partner's staff, weakest first, restated (a value import of the contract would load its
 * zod schemas); `satisfies` holds the list to the contract's PARTNER_ROLES.
 */
export const ROLES = ['viewer', 'manager', 'owner'] as const satisfies typeof PARTNER_ROLES;

export const ROLE_LABELS: Record<PartnerRole, string> = {
  viewer: 'Viewer',
  manager: 'Manager',
  owner: 'Owner',
};

/** What each role may do, said where a role is chosen. */
export const ROLE_HELP: Record<PartnerRole, string> = {
  viewer: 'Reads holders, orders and the audit log; changes nothing.',
  manager: 'Runs the pass: holders, points, fulfilment, messages and the inbox.',
  owner: 'Everything a manager does, and manages the partner’s staff.',
};

export function isPartnerRole(value: unknown): value is PartnerRole {
  return (ROLES as readonly unknown[]).includes(value);
}

export type AddStaffField = 'email' | 'name' | 'role';
export interface AddStaffValues {
  email: string;
  name: string;
  role: string;
}

/**
 * The contract's checks of an address (at most 254 characters, one @ with text either side and a dot in the
 * domain, no spaces), loosely: the server checks it again with zod's e-mail rule and its message lands on the
 * same field. This only saves a round trip for the obvious slips.
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The "Add a staff member" form as the contract's request, or the field messages that keep it from being
 * sent. An empty name is left out: the server then names the account after the address.
 */
export function toAddStaffRequest(
  values: AddStaffValues,
): { request: AddStaffRequest } | { errors: Partial<Record<AddStaffField, string>> } {
  const email = values.email.trim();
  const name = values.name.trim();
  const errors: Partial<Record<AddStaffField, string>> = {};
  if (!email) errors.email = 'Enter the e-mail address of the person to add.';
  else if (email.length > 254) errors.email = 'The e-mail address is too long.';
  else if (!EMAIL_SHAPE.test(email)) errors.email = 'Enter a valid e-mail address.';
  if (name.length > 100) errors.name = 'The name is too long (at most 100 characters).';
  if (!isPartnerRole(values.role)) errors.role = 'Choose a role.';
  if (Object.keys(errors).length > 0 || !isPartnerRole(values.role)) return { errors };
  return { request: name ? { email, name, role: values.role } : { email, role: values.role } };
}

/** A member as people read them: the name, and the address when the name is not just the address. */
export function nameOf(member: Pick<StaffMember, 'name' | 'email'>): string {
  const name = member.name.trim();
  return name && name !== member.email ? `${name} (${member.email})` : member.email;
}
